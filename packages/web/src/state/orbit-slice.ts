import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface OrbitState {
  event: unknown
  neighbours: unknown[]
}

export const orbitSlice = createSlice({
  name: 'orbit',
  initialState: (): OrbitState => ({ event: null, neighbours: [] }),
  reducers: {
    setEvent(state, action: PayloadAction<{ event: unknown; neighbours?: unknown[] }>) {
      state.event = action.payload.event
      state.neighbours = action.payload.neighbours ?? []
    },
  },
})

export const { setEvent } = orbitSlice.actions
