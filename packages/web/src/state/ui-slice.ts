import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface UiState {
  /** The token of whoever set the busy flag; only that token clears it. */
  busy: string | null
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ busy: null }),
  reducers: {
    setBusy(state, action: PayloadAction<string>) {
      state.busy = action.payload
    },
    clearBusy(state, action: PayloadAction<string>) {
      if (state.busy === action.payload) state.busy = null
    },
  },
})

export const { setBusy, clearBusy } = uiSlice.actions
