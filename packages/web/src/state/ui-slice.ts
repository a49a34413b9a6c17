import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface UiState {
  layerManager: boolean
  layerFilter: string
  messages: string[]
  /** The token of whoever set the busy flag; only that token clears it. */
  busy: string | null
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ layerManager: true, layerFilter: '', messages: [], busy: null }),
  reducers: {
    setBusy(state, action: PayloadAction<string>) {
      state.busy = action.payload
    },
    clearBusy(state, action: PayloadAction<string>) {
      if (state.busy === action.payload) state.busy = null
    },
    toggleLayerManager(state, action: PayloadAction<boolean | undefined>) {
      state.layerManager = action.payload ?? !state.layerManager
    },
    setLayerFilter(state, action: PayloadAction<string>) {
      state.layerFilter = action.payload
    },
  },
})

export const { setBusy, clearBusy, toggleLayerManager, setLayerFilter } = uiSlice.actions
