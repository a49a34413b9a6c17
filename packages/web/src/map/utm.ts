import { SERVED_CRS, sirgasUtmOf } from '@gis/shared/crs'
import { transform } from 'ol/proj'
import { register } from 'ol/proj/proj4'
import proj4 from 'proj4'
import type { LatLon } from './coordinates'

/**
 * SIRGAS 2000 / UTM 18S–25S (EPSG:31978–31985) for the map's coordinates: proj4 knows them
 * and so, through `register`, does OpenLayers. SIRGAS 2000 and WGS 84 (the map's degrees)
 * agree to a few centimetres, the null transformation PROJ itself uses between them.
 * Imported only by the map's and the 360° page's modules, never by the sign-in page.
 */
export const SIRGAS_UTM = SERVED_CRS.filter((c) => c.datum === 'SIRGAS2000' && c.utmZone)

let registered = false
/** Registers the definitions on first use (a module that does nothing when imported). */
function ensureRegistered(): void {
  if (registered) return
  for (const crs of SIRGAS_UTM) {
    proj4.defs(
      `EPSG:${crs.srid}`,
      `+proj=utm +zone=${crs.utmZone} +south +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`,
    )
  }
  register(proj4)
  registered = true
}

/** The zones the panel serves: 18S to 25S, Brazil from Acre to the Atlantic islands. */
export const UTM_ZONES = SIRGAS_UTM.map((c) => c.utmZone!)
export const MIN_UTM_ZONE = Math.min(...UTM_ZONES)
export const MAX_UTM_ZONE = Math.max(...UTM_ZONES)

/** UTM's own limits: 80°S to 84°N. */
const UTM_SOUTH = -80
const UTM_NORTH = 84
/** Typed or pasted metres: every easting of a zone, every northing from 80°S to 84°N. */
export const EASTING_RANGE = [100_000, 900_000] as const
export const NORTHING_RANGE = [0, 20_000_000] as const

export interface UtmPosition {
  /** 18 to 25, always the southern hemisphere's system (false northing 10.000.000 m). */
  zone: number
  easting: number
  northing: number
}

/**
 * A position in SIRGAS 2000 / UTM, in the zone its longitude falls in; null outside zones
 * 18S–25S or beyond UTM's latitudes. North of the equator (Roraima, Amapá) the northing goes
 * past 10.000.000 m, as in the served EPSG:3197x–3198x systems.
 */
export function toUtm({ lat, lon }: LatLon): UtmPosition | null {
  const crs = sirgasUtmOf(lon)
  if (!crs?.utmZone || lon < -180 || lon > 180 || lat < UTM_SOUTH || lat > UTM_NORTH) return null
  ensureRegistered()
  const [easting = NaN, northing = NaN] = transform([lon, lat], 'EPSG:4326', `EPSG:${crs.srid}`)
  return { zone: crs.utmZone, easting, northing }
}

/** Whether a zone and metres are a place the panel can go to. */
export function validUtm({ zone, easting, northing }: UtmPosition): boolean {
  return (
    UTM_ZONES.includes(zone) &&
    easting >= EASTING_RANGE[0] &&
    easting <= EASTING_RANGE[1] &&
    northing >= NORTHING_RANGE[0] &&
    northing <= NORTHING_RANGE[1]
  )
}

/** The latitude and longitude of a UTM position; null when it is not a valid one. */
export function fromUtm(position: UtmPosition): LatLon | null {
  if (!validUtm(position)) return null
  ensureRegistered()
  const srid = SIRGAS_UTM.find((c) => c.utmZone === position.zone)!.srid
  const [lon = NaN, lat = NaN] = transform(
    [position.easting, position.northing],
    `EPSG:${srid}`,
    'EPSG:4326',
  )
  return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null
}

/** The served system's name, `SIRGAS 2000 / UTM zona 23S`. */
export function utmSystemName(zone: number): string {
  return SIRGAS_UTM.find((c) => c.utmZone === zone)?.name ?? ''
}
