/**
 * The coordinate systems the product serves (WFS, WMS, exports, the map's coordinates):
 * Brazil's SIRGAS 2000 and its UTM zones, the legacy SAD69 and Córrego Alegre with their UTM
 * zones, WGS 84 and Web Mercator. Layers are stored in EPSG:4326; PostGIS transforms.
 */
export interface CrsInfo {
  srid: number
  /** The name users read (pt-BR). */
  name: string
  /** Degrees (latitude, longitude) rather than metres (easting, northing). */
  geographic: boolean
  /** The UTM zone of a projected system (south hemisphere), for the zone a layer falls in. */
  utmZone?: number
  /** The datum's family, for the system of the same datum in another zone. */
  datum: 'SIRGAS2000' | 'SAD69' | 'CORREGO_ALEGRE' | 'WGS84'
}

const sirgasUtm = (zone: number): CrsInfo => ({
  srid: 31960 + zone,
  name: `SIRGAS 2000 / UTM zona ${zone}S`,
  geographic: false,
  utmZone: zone,
  datum: 'SIRGAS2000',
})

export const SERVED_CRS: readonly CrsInfo[] = [
  { srid: 4674, name: 'SIRGAS 2000 (geográficas)', geographic: true, datum: 'SIRGAS2000' },
  ...[18, 19, 20, 21, 22, 23, 24, 25].map(sirgasUtm),
  { srid: 4618, name: 'SAD69 (geográficas)', geographic: true, datum: 'SAD69' },
  {
    srid: 29192,
    name: 'SAD69 / UTM zona 22S',
    geographic: false,
    utmZone: 22,
    datum: 'SAD69',
  },
  {
    srid: 29193,
    name: 'SAD69 / UTM zona 23S',
    geographic: false,
    utmZone: 23,
    datum: 'SAD69',
  },
  {
    srid: 22522,
    name: 'Córrego Alegre / UTM zona 22S',
    geographic: false,
    utmZone: 22,
    datum: 'CORREGO_ALEGRE',
  },
  {
    srid: 22523,
    name: 'Córrego Alegre / UTM zona 23S',
    geographic: false,
    utmZone: 23,
    datum: 'CORREGO_ALEGRE',
  },
  { srid: 4326, name: 'WGS 84 (geográficas, GPS)', geographic: true, datum: 'WGS84' },
  { srid: 3857, name: 'WGS 84 / Pseudo-Mercator (web)', geographic: false, datum: 'WGS84' },
]

/** The served system of a code, or undefined. */
export function crsInfo(srid: number): CrsInfo | undefined {
  return SERVED_CRS.find((c) => c.srid === srid)
}

/** The UTM zone (1–60) of a longitude in degrees. */
export function utmZoneOf(longitude: number): number {
  return Math.min(60, Math.max(1, Math.floor((longitude + 180) / 6) + 1))
}

/**
 * The SIRGAS 2000 / UTM system of a longitude (zones 18S–25S cover Brazil), the default of
 * the CAD exports: undefined outside those zones.
 */
export function sirgasUtmOf(longitude: number): CrsInfo | undefined {
  const zone = utmZoneOf(longitude)
  return SERVED_CRS.find((c) => c.datum === 'SIRGAS2000' && c.utmZone === zone)
}
