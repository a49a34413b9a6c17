import { OwsError } from './ows-errors'

export interface Crs {
  srid: 4326 | 3857
  /** Latitude first (EPSG:4326 named as a URN or http URI, per the EPSG definition). */
  latLon: boolean
  /** How to name it in answers. */
  name: string
}

export const DEFAULT_CRS: Crs = { srid: 4326, latLon: true, name: 'urn:ogc:def:crs:EPSG::4326' }

/**
 * CRS names clients send. `EPSG:4326`, CRS84 and GML 2's `…/epsg.xml#4326` are longitude
 * first (as OpenLayers and GeoServer use them); the URN and http URI forms of EPSG:4326 are
 * latitude first, as the EPSG defines it.
 */
export function parseCrs(name: string | undefined, locator = 'srsName'): Crs | undefined {
  if (!name) return undefined
  const n = name.trim()
  if (
    /^(EPSG:4326|urn:ogc:def:crs:OGC:1\.3:CRS84|CRS:84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84|https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#4326)$/i.test(
      n,
    )
  ) {
    return { srid: 4326, latLon: false, name: 'EPSG:4326' }
  }
  if (
    /^(urn:(?:x-)?ogc:def:crs:EPSG:(?:[\d.]*:)?4326|https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/4326)$/i.test(
      n,
    )
  ) {
    return { ...DEFAULT_CRS }
  }
  if (
    /^(EPSG:(3857|900913|102100)|urn:(?:x-)?ogc:def:crs:EPSG:(?:[\d.]*:)?(3857|900913)|https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/3857)$/i.test(
      n,
    )
  ) {
    return { srid: 3857, latLon: false, name: 'urn:ogc:def:crs:EPSG::3857' }
  }
  throw new OwsError('InvalidParameterValue', 'ogc.unsupportedCrs', locator, { name: n })
}

/** An envelope in a CRS, as x/y (longitude/latitude or metres). */
export interface Envelope {
  minx: number
  miny: number
  maxx: number
  maxy: number
  srid: 4326 | 3857
}

/** Half the width of the EPSG:3857 world, in metres: PROJ answers nothing useful beyond it. */
export const MERCATOR_LIMIT = 20037508.342789244

/**
 * An envelope from its lower and upper corners in a CRS's axis order. Corners must be finite
 * and ordered; an EPSG:3857 box is clipped to the world (OpenLayers asks for boxes past it when
 * zoomed out), so its transformation to EPSG:4326 never fails.
 */
export function envelope(lower: number[], upper: number[], crs: Crs, locator: string): Envelope {
  const values = [...lower, ...upper]
  if (lower.length !== 2 || upper.length !== 2 || values.some((v) => !Number.isFinite(v))) {
    throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', locator, { name: locator })
  }
  const [a, b] = lower as [number, number]
  const [c, d] = upper as [number, number]
  const e = crs.latLon
    ? { minx: b, miny: a, maxx: d, maxy: c, srid: crs.srid }
    : { minx: a, miny: b, maxx: c, maxy: d, srid: crs.srid }
  if (e.minx > e.maxx || e.miny > e.maxy) {
    throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', locator, { name: locator })
  }
  if (e.srid === 3857) {
    const clip = (v: number) => Math.max(-MERCATOR_LIMIT, Math.min(MERCATOR_LIMIT, v))
    return {
      minx: clip(e.minx),
      miny: clip(e.miny),
      maxx: clip(e.maxx),
      maxy: clip(e.maxy),
      srid: 3857,
    }
  }
  return e
}
