import type { MapViewState } from '../state/map-slice'
import { MAX_ZOOM, MIN_ZOOM } from './constants'
import { validLatitude, validLongitude } from './coordinates'

/**
 * The map's view in the URL (`/?lat=-23.55&lon=-46.63&z=12&l=rodovias,oae,base_1`), so that
 * F5 and a shared link open the same map: the centre (6 decimals), the zoom and the shown
 * layers. Anything malformed is ignored, never an error.
 */
export interface UrlView {
  view?: MapViewState
  /** Names of the shown layers and base layers; absent: the tree's defaults. */
  visible?: string[]
}

export function readViewParams(params: URLSearchParams): UrlView {
  const out: UrlView = {}
  const lat = Number(params.get('lat') ?? NaN)
  const lon = Number(params.get('lon') ?? NaN)
  const z = Number(params.get('z') ?? NaN)
  if (params.get('lat') && params.get('lon') && validLatitude(lat) && validLongitude(lon)) {
    const zoom = Number.isFinite(z)
      ? Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z)))
      : MIN_ZOOM
    out.view = { center: [lon, lat], zoom }
  }
  const l = params.get('l')
  if (l !== null) {
    out.visible = l
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^[\w.-]{1,100}$/.test(s))
  }
  return out
}

/** The URL's query for a view and the shown layers; other parameters are kept. */
export function writeViewParams(
  current: URLSearchParams,
  view: MapViewState,
  visible: readonly string[] | null,
): URLSearchParams {
  const next = new URLSearchParams(current)
  next.set('lat', view.center[1].toFixed(6))
  next.set('lon', view.center[0].toFixed(6))
  next.set('z', String(Math.round(view.zoom)))
  if (visible) next.set('l', visible.join(','))
  return next
}
