import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/**
 * Layers as the client holds them: the tree and descriptions loaded at boot (their shape
 * belongs to the layer services), and what the user changed: visibility, opacity, radio groups.
 */
export interface LayersState {
  tree: unknown
  descriptions: unknown
  baseLayers: unknown
  mapConfig: unknown
  visibility: Record<string, boolean>
  opacity: Record<string, number>
  radioGroups: Record<string, string[]>
}

export const layersSlice = createSlice({
  name: 'layers',
  initialState: (): LayersState => ({
    tree: null,
    descriptions: null,
    baseLayers: null,
    mapConfig: null,
    visibility: {},
    opacity: {},
    radioGroups: {},
  }),
  reducers: {
    layersLoaded(state, action: PayloadAction<{ tree?: unknown; descriptions?: unknown }>) {
      if ('tree' in action.payload) state.tree = action.payload.tree
      if ('descriptions' in action.payload) state.descriptions = action.payload.descriptions
    },
    baseLayersLoaded(state, action: PayloadAction<{ baseLayers?: unknown; mapConfig?: unknown }>) {
      if ('baseLayers' in action.payload) state.baseLayers = action.payload.baseLayers
      if ('mapConfig' in action.payload) state.mapConfig = action.payload.mapConfig
    },
    setVisibility(state, action: PayloadAction<{ id: string; visible: boolean }>) {
      const { id, visible } = action.payload
      state.visibility[id] = visible
      // Turning on a layer of a radio group turns the others of that group off.
      if (visible) {
        for (const members of Object.values(state.radioGroups)) {
          if (!members.includes(id)) continue
          for (const other of members) if (other !== id) state.visibility[other] = false
        }
      }
    },
    setOpacity(state, action: PayloadAction<{ id: string; opacity: number }>) {
      state.opacity[action.payload.id] = Math.min(255, Math.max(0, action.payload.opacity))
    },
  },
})

export const { layersLoaded, baseLayersLoaded, setVisibility, setOpacity } = layersSlice.actions
