import { createSlice } from '@reduxjs/toolkit'

/**
 * Readiness of this page load: `ready` once /boot has run its start-up sequence;
 * `workspaceRestored` once the saved workspace has been loaded (or found empty), so that an
 * unrestored empty workspace is never saved over the stored one.
 */
export interface AppState {
  ready: boolean
  workspaceRestored: boolean
}

export const appSlice = createSlice({
  name: 'app',
  initialState: (): AppState => ({ ready: false, workspaceRestored: false }),
  reducers: {
    ready(state) {
      state.ready = true
    },
    workspaceRestored(state) {
      state.workspaceRestored = true
    },
  },
})

export const { ready, workspaceRestored } = appSlice.actions
