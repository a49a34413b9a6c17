import type { FeatureKey } from '../../state/map-slice'

/** What the selection drawer's buttons do (the map page decides). */
export interface SelectionActions {
  locate: (key: FeatureKey) => void
  detail: (key: FeatureKey) => void
  expand: (key: FeatureKey) => void
  back: () => void
  close: () => void
  clear: () => void
  page: (page: number, limit?: number) => void
  layer: (layer: string | null) => void
  /** Opens the search window (BUSCAR) on a layer: a capped selection offers it. */
  search: (layer: string) => void
}
