import { crsInfo, SERVED_CRS } from '@gis/shared'
import { OwsError } from './ows-errors'

export interface Crs {
  /** One of SERVED_CRS. */
  srid: number
  /** Latitude first (a geographic system named as a URN or http URI, per the EPSG definition). */
  latLon: boolean
  /** How to name it in answers. */
  name: string
}

export const DEFAULT_CRS: Crs = { srid: 4326, latLon: true, name: 'urn:ogc:def:crs:EPSG::4326' }

/** The URN of a served code, as the capabilities list the systems. */
export const crsUrn = (srid: number) => `urn:ogc:def:crs:EPSG::${srid}`

/** Every served system's URN, the layers' storage system first. */
export const SERVED_URNS = [4326, ...SERVED_CRS.map((c) => c.srid).filter((s) => s !== 4326)].map(
  crsUrn,
)

/** Whether a system of the catalogue is geographic (degrees: GML's and the URN's lat/lon). */
export const isGeographic = (srid: number) => crsInfo(srid)?.geographic === true

/** Digits of a coordinate in answers: a centimetre in metres, about a centimetre in degrees. */
export const crsDigits = (srid: number) => (isGeographic(srid) ? 7 : 2)

/** Old or vendor codes of Web Mercator. */
const MERCATOR_ALIASES: Record<string, number> = { '900913': 3857, '102100': 3857, '102113': 3857 }

/**
 * CRS names clients send. `EPSG:n`, CRS84 and GML 2's `…/epsg.xml#n` are longitude first (as
 * OpenLayers, GDAL's WFS 1.0 and GeoServer use them); the URN and http URI forms of a
 * geographic system are latitude first, as the EPSG defines it. Projected systems (UTM, Web
 * Mercator) are easting first in every form.
 */
export function parseCrs(name: string | undefined, locator = 'srsName'): Crs | undefined {
  if (!name) return undefined
  const n = name.trim()
  if (
    /^(urn:ogc:def:crs:OGC:1\.3:CRS84|CRS:84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84)$/i.test(
      n,
    )
  ) {
    return { srid: 4326, latLon: false, name: 'EPSG:4326' }
  }
  const short = /^(?:EPSG:|https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#)(\d{4,6})$/i.exec(n)
  const long =
    /^(?:urn:(?:x-)?ogc:def:crs:EPSG:(?:[\d.]*:)?|https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/)(\d{4,6})$/i.exec(
      n,
    )
  const code = short?.[1] ?? long?.[1]
  const srid = code ? (MERCATOR_ALIASES[code] ?? Number(code)) : undefined
  if (srid === undefined || !crsInfo(srid)) {
    throw new OwsError('InvalidParameterValue', 'ogc.unsupportedCrs', locator, { name: n })
  }
  if (srid === 4326 && short) return { srid, latLon: false, name: 'EPSG:4326' }
  const latLon = Boolean(long) && isGeographic(srid)
  return { srid, latLon, name: short && isGeographic(srid) ? `EPSG:${srid}` : crsUrn(srid) }
}

/** An envelope in a CRS, as x/y (longitude/latitude or metres). */
export interface Envelope {
  minx: number
  miny: number
  maxx: number
  maxy: number
  srid: number
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
