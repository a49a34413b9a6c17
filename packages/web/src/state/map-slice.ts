import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** Map constants of spec section 9: zoom 4 to 23, initial zoom 5, centre [0, 0], EPSG:3857. */
export const MAP_DEFAULTS = { zoomMin: 4, zoomMax: 23, zoom: 5, center: [0, 0] as [number, number] }

export interface SelectedFeature {
  layer: string
  featureId: number | string
}

export interface MapState {
  zoom: number
  zoomMin: number
  zoomMax: number
  center: [number, number]
  projection: string
  extent: [number, number, number, number] | null
  selected: SelectedFeature[]
  tool: string
  overlays: string[]
}

export const mapSlice = createSlice({
  name: 'map',
  initialState: (): MapState => ({
    ...MAP_DEFAULTS,
    projection: 'EPSG:3857',
    extent: null,
    selected: [],
    tool: 'infoclick',
    overlays: [],
  }),
  reducers: {
    setView(state, action: PayloadAction<{ zoom?: number; center?: [number, number] }>) {
      const { zoom, center } = action.payload
      if (zoom !== undefined) state.zoom = Math.min(state.zoomMax, Math.max(state.zoomMin, zoom))
      if (center) state.center = center
    },
    setExtent(state, action: PayloadAction<MapState['extent']>) {
      state.extent = action.payload
    },
    setTool(state, action: PayloadAction<string>) {
      state.tool = action.payload
    },
    setSelected(state, action: PayloadAction<SelectedFeature[]>) {
      state.selected = action.payload
    },
  },
})

export const { setView, setExtent, setTool, setSelected } = mapSlice.actions
