import { createSlice } from '@reduxjs/toolkit'

/** Readiness: true once /boot has run its start-up sequence in this page load. */
export interface AppState {
  ready: boolean
}

export const appSlice = createSlice({
  name: 'app',
  initialState: (): AppState => ({ ready: false }),
  reducers: {
    ready(state) {
      state.ready = true
    },
  },
})

export const { ready } = appSlice.actions
