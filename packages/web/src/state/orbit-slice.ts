import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { OrbitEvent } from '@gis/shared/imagery'

/**
 * The orbit module's place (spec 1 §3: "orbit (event and neighbours)"): the event shown at
 * /orbit and the neighbours its arrows lead to. Logout resets it with the rest of the store.
 */
export interface OrbitState {
  event: OrbitEvent | null
  neighbours: OrbitEvent[]
}

const initialState = (): OrbitState => ({ event: null, neighbours: [] })

export const orbitSlice = createSlice({
  name: 'orbit',
  initialState,
  reducers: {
    /** A new current event: its neighbours are unknown until `neighboursLoaded`. */
    eventShown(state, action: PayloadAction<OrbitEvent>) {
      if (state.event?.id !== action.payload.id) state.neighbours = []
      state.event = action.payload
    },
    /** The neighbours of `eventId`; ignored when the current event has changed meanwhile. */
    neighboursLoaded(state, action: PayloadAction<{ eventId: number; neighbours: OrbitEvent[] }>) {
      if (state.event?.id === action.payload.eventId) state.neighbours = action.payload.neighbours
    },
  },
})

export const { eventShown, neighboursLoaded } = orbitSlice.actions
