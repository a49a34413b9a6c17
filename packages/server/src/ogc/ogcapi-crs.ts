import { SERVED_CRS } from '@gis/shared'
import { parseCrs, type Crs } from './crs'
import { badParameter } from './ogcapi-errors'

// Coordinate systems of OGC API – Features (Part 2): CRS84 (longitude, latitude) by default,
// and every served system by its http URI, in its own axis order (EPSG:4326 and 4674 are
// latitude first, the UTM zones easting first). ogc/crs.ts reads the names.

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84'

export const epsgUri = (srid: number) => `http://www.opengis.net/def/crs/EPSG/0/${srid}`

/** Every system a collection offers: CRS84 first, then the served EPSG codes (4326 first). */
export const OAPI_CRS: readonly string[] = [
  CRS84,
  epsgUri(4326),
  ...SERVED_CRS.filter((c) => c.srid !== 4326).map((c) => epsgUri(c.srid)),
]

/** A system of a request parameter, by its URI; CRS84 when absent. */
export interface OapiCrs {
  uri: string
  crs: Crs
}

export const DEFAULT_OAPI_CRS: OapiCrs = {
  uri: CRS84,
  crs: { srid: 4326, latLon: false, name: CRS84 },
}

/**
 * Reads `crs`, `bbox-crs` or `filter-crs`: one of OAPI_CRS (a URI may be written `<…>`, as in
 * the Content-Crs header), else a 400 naming it.
 */
export function readOapiCrs(value: unknown, name: string): OapiCrs {
  if (value === undefined || value === '') return DEFAULT_OAPI_CRS
  const text = typeof value === 'string' ? value.trim().replace(/^<(.*)>$/, '$1') : ''
  if (!OAPI_CRS.includes(text)) {
    throw badParameter('ogcapi.unsupportedCrs', { name: `${name}=${String(value).slice(0, 80)}` })
  }
  if (text === CRS84) return DEFAULT_OAPI_CRS
  return { uri: text, crs: parseCrs(text, name)! }
}

/** The Content-Crs header of an answer in a system. */
export const contentCrs = (c: OapiCrs) => `<${c.uri}>`
