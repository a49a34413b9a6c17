/**
 * The map's public face for other features, kept light on purpose: dispatching `showOnMap`
 * or reading the selection never pulls OpenLayers into another feature's code. The map page
 * imports the OpenLayers parts by path (`map/MapCanvas`, `map/use-data-layers`, the tools).
 *
 *   dispatch(showOnMap({ items: [{ layer: 'oae', id: 12 }] }))
 *   void navigate('/')
 *
 * The map page then fetches those features' geometries, selects and highlights them and fits
 * the view to them (at most zoom 21).
 */
export {
  showOnMap,
  clearSelection,
  orderedSelection,
  type FeatureKey,
  type SelectedFeature,
  type MapState,
} from '../state/map-slice'

import type { FeatureKey, MapState, SelectedFeature } from '../state/map-slice'

type WithMap = { map: MapState }

/** The map's selection (the selection drawer lists it, newest first with `orderedSelection`). */
export const selectMapSelection = (state: WithMap): SelectedFeature[] => state.map.selection
/** The feature the user located or opened last. */
export const selectFocusedFeature = (state: WithMap): FeatureKey | null => state.map.focused
