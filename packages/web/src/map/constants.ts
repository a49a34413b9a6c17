/**
 * The map's constants (spec 1 section 9, spec 2 section 9). Kept here rather than in
 * packages/shared: only the map uses them, and the web imports the shared package by path.
 */

/** View: EPSG:3857, zoom bounded 4 to 23 on whole steps, 5 and [0, 0] before a start extent. */
export const MIN_ZOOM = 4
export const MAX_ZOOM = 23
export const DEFAULT_ZOOM = 5
export const DEFAULT_CENTER: [number, number] = [0, 0]
/** The start extent when the map configuration gives none: a box covering Brazil (EPSG:4326). */
export const BRAZIL_EXTENT: [number, number, number, number] = [-74.0, -34.0, -34.8, 5.3]

/** Fitting to features never zooms past 21; locating one feature stops at 15. */
export const MAX_FIT_ZOOM = 21
export const FEATURE_ZOOM = 15

/** Identify: 8 pixels each side of the click, at most 100 features per query. */
export const INFO_TOLERANCE_PX = 8
export const MAX_QUERY_FEATURES = 100

/** Map tool events are blocked while the context menu is open and 250 ms after. */
export const CONTEXT_MENU_CLOSE_MS = 250

/** Throttles: the layer search box 200 ms, sliders 100 ms. */
export const LAYER_SEARCH_THROTTLE_MS = 200
export const SLIDER_THROTTLE_MS = 100

/** Drawer widths (px). */
export const LAYER_MANAGER_WIDTH = 560
export const SELECTION_DRAWER_WIDTH = 600

/** Coordinates: 6 decimals, refreshed only when they move by more than 1e-6 degrees. */
export const COORDINATE_DECIMALS = 6
export const COORDINATE_EPSILON = 1e-6

/** Geolocation: high accuracy, 5 s timeout, positions up to 10 s old, zoom at most 15. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 5000,
  maximumAge: 10_000,
}
export const LOCATE_MAX_ZOOM = 15

/** Vector tiles: 512-pixel tiles up to zoom 18, over-zoomed beyond. */
export const TILE_SIZE = 512
export const TILE_MAX_ZOOM = 18

/** Legends are expandable when taller than 1.5 times their width. */
export const LEGEND_EXPAND_RATIO = 1.5
