import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/**
 * What the map page keeps of its own (no server data): the view, the user's changes to the
 * layer tree's defaults (visibility, opacity, order), the active tool, the selection and the
 * selection drawer. Logout resets it with the rest of the store (`app/resetAll`).
 */

/**
 * The tools of the tool column; info-click is the default (spec section 2). 'editor' is the
 * geometry editor (CRIAR FEIÇÃO), drawn by features/feature-editor over this map.
 */
export const MAP_TOOLS = ['info', 'box', 'measure', 'coordinates', 'orbit', 'editor'] as const
export type MapTool = (typeof MAP_TOOLS)[number]

export interface FeatureKey {
  layer: string
  id: number
}

export interface SelectedFeature extends FeatureKey {
  /** When it entered the selection (ms); the list shows the newest first. */
  added: number
}

export interface MapViewState {
  /** Longitude, latitude (EPSG:4326). */
  center: [number, number]
  zoom: number
}

export interface SelectionDrawer {
  open: boolean
  view: 'list' | 'detail'
  detail: FeatureKey | null
  page: number
  limit: number
  /** Only this layer's items in the list (the info panel's rows set it), or all. */
  layer: string | null
  /**
   * The layers of a map query that hit the feature cap (MAX_QUERY_FEATURES): the drawer says
   * only the first features were selected and offers the search of each; null when none did.
   */
  capped: string[] | null
}

export interface MapState {
  view: MapViewState | null
  /** Node name → visible, where the user changed the tree's default. */
  visibility: Record<string, boolean>
  /** Node name → opacity 0–255, where the user changed the tree's default. */
  opacity: Record<string, number>
  /** Parent key ('' for the root) → its children's names in the user's order. */
  order: Record<string, string[]>
  tool: MapTool
  layerManagerOpen: boolean | null
  selection: SelectedFeature[]
  /** The item the user located last: drawn stronger than the rest of the selection. */
  focused: FeatureKey | null
  drawer: SelectionDrawer
  /** A request to show features (showOnMap), served by the map page when it mounts. */
  shown: { items: FeatureKey[]; seq: number } | null
  /** The base layer replaced by the offline one once, this session, because it failed. */
  baseFallbackFrom: string | null
}

export const SELECTION_PAGE_SIZES = [15, 30, 50] as const

const closedDrawer = (): SelectionDrawer => ({
  open: false,
  view: 'list',
  detail: null,
  page: 0,
  limit: SELECTION_PAGE_SIZES[0],
  layer: null,
  capped: null,
})

export const initialMapState = (): MapState => ({
  view: null,
  visibility: {},
  opacity: {},
  order: {},
  tool: 'info',
  layerManagerOpen: null,
  selection: [],
  focused: null,
  drawer: closedDrawer(),
  shown: null,
  baseFallbackFrom: null,
})

const sameKey = (a: FeatureKey, b: FeatureKey) => a.layer === b.layer && a.id === b.id

export const mapSlice = createSlice({
  name: 'map',
  initialState: initialMapState,
  reducers: {
    viewChanged(state, action: PayloadAction<MapViewState>) {
      state.view = action.payload
    },
    /**
     * Shows or hides nodes. `radioPeers` are the other members of the node's radio group:
     * turning a node on turns them off (spec section 4).
     */
    setNodeVisibility(
      state,
      action: PayloadAction<{ names: string[]; visible: boolean; radioPeers?: string[] }>,
    ) {
      const { names, visible, radioPeers = [] } = action.payload
      for (const name of names) state.visibility[name] = visible
      if (visible)
        for (const peer of radioPeers) if (!names.includes(peer)) state.visibility[peer] = false
    },
    /** Visibility of every node at once (a shared link): listed names on, the others off. */
    replaceVisibility(state, action: PayloadAction<{ all: string[]; visible: string[] }>) {
      const on = new Set(action.payload.visible)
      state.visibility = Object.fromEntries(action.payload.all.map((n) => [n, on.has(n)]))
    },
    setNodeOpacity(state, action: PayloadAction<{ name: string; opacity: number }>) {
      const value = Math.round(action.payload.opacity)
      state.opacity[action.payload.name] = Math.max(0, Math.min(255, value))
    },
    setChildOrder(state, action: PayloadAction<{ parent: string; names: string[] }>) {
      state.order[action.payload.parent] = action.payload.names
    },
    setTool(state, action: PayloadAction<MapTool>) {
      state.tool = action.payload
    },
    setLayerManagerOpen(state, action: PayloadAction<boolean>) {
      state.layerManagerOpen = action.payload
    },
    /**
     * A new selection (info-click, drag box): replaces the current one unless `add`. `capped`
     * lists the layers of a query that hit the feature cap.
     */
    select(
      state,
      action: PayloadAction<{
        items: FeatureKey[]
        add?: boolean
        at?: number
        open?: boolean
        capped?: string[]
      }>,
    ) {
      const at = action.payload.at ?? Date.now()
      const keep = action.payload.add ? state.selection : []
      const fresh = action.payload.items.filter((i) => !keep.some((k) => sameKey(k, i)))
      state.selection = [...keep, ...fresh.map((i) => ({ layer: i.layer, id: i.id, added: at }))]
      state.focused = null
      const before = action.payload.add ? (state.drawer.capped ?? []) : []
      const capped = [...new Set([...before, ...(action.payload.capped ?? [])])]
      state.drawer = {
        ...closedDrawer(),
        open: (action.payload.open ?? true) && state.selection.length > 0,
        limit: state.drawer.limit,
        capped: capped.length ? capped : null,
      }
    },
    clearSelection(state) {
      state.selection = []
      state.focused = null
      state.drawer = { ...closedDrawer(), limit: state.drawer.limit }
    },
    focusFeature(state, action: PayloadAction<FeatureKey | null>) {
      state.focused = action.payload
    },
    openDrawer(state) {
      state.drawer.open = true
    },
    closeDrawer(state) {
      state.drawer.open = false
    },
    showDetail(state, action: PayloadAction<FeatureKey>) {
      state.drawer.open = true
      state.drawer.view = 'detail'
      state.drawer.detail = action.payload
      state.focused = action.payload
    },
    showList(state) {
      state.drawer.view = 'list'
      state.drawer.detail = null
    },
    setDrawerPage(state, action: PayloadAction<{ page: number; limit?: number }>) {
      state.drawer.page = Math.max(0, action.payload.page)
      if (action.payload.limit) state.drawer.limit = action.payload.limit
    },
    filterDrawerLayer(state, action: PayloadAction<string | null>) {
      state.drawer.layer = action.payload
      state.drawer.page = 0
      state.drawer.view = 'list'
      state.drawer.detail = null
      state.drawer.open = state.selection.length > 0
    },
    /**
     * Any feature asks the map to show these features (then navigates to `/`): the map page
     * fetches their geometries, selects and highlights them and fits the view.
     */
    showOnMap(state, action: PayloadAction<{ items: FeatureKey[] }>) {
      state.shown = { items: action.payload.items, seq: (state.shown?.seq ?? 0) + 1 }
    },
    shownServed(state, action: PayloadAction<number>) {
      if (state.shown?.seq === action.payload) state.shown = null
    },
    baseFallbackUsed(state, action: PayloadAction<string>) {
      state.baseFallbackFrom = action.payload
    },
  },
})

export const {
  viewChanged,
  setNodeVisibility,
  replaceVisibility,
  setNodeOpacity,
  setChildOrder,
  setTool,
  setLayerManagerOpen,
  select,
  clearSelection,
  focusFeature,
  openDrawer,
  closeDrawer,
  showDetail,
  showList,
  setDrawerPage,
  filterDrawerLayer,
  showOnMap,
  shownServed,
  baseFallbackUsed,
} = mapSlice.actions

/** The selection as the drawer lists it: newest first, then the highest id first. */
export function orderedSelection(items: readonly SelectedFeature[]): SelectedFeature[] {
  return [...items].sort((a, b) => b.added - a.added || b.id - a.id)
}
