import { t, type GeometryInput } from '@gis/shared'
import type { FieldError } from '../http/errors'
import type { GeometryText } from './features.sql'

// What a write receives as its geometry: WKT or GeoJSON from the web and the approvals, WKT
// in a served CRS from a WFS client's GML. Each is read by PostGIS once, in the check
// before the write (feature-write.ts checkGeometry), and written as the WKT that check answers.

/** WKT in a CRS the WFS accepts, as its GML reader gives it. */
export interface WktIn {
  wkt: string
  srid: number
}

export type GeometrySource = GeometryInput | WktIn

const isWktIn = (geom: object): geom is WktIn => 'wkt' in geom && 'srid' in geom

/**
 * How PostGIS is to read a geometry: WKT as it is; GeoJSON (a geometry, or a Feature whose
 * geometry is taken) as its JSON text; null for no geometry (a Feature without one), or the
 * field error of something that is neither form.
 */
export function geometryText(
  geom: GeometrySource,
  field = 'geom',
): GeometryText | null | { error: FieldError } {
  if (typeof geom === 'string') return { kind: 'wkt', text: geom }
  if (isWktIn(geom)) {
    return geom.srid === 4326
      ? { kind: 'wkt', text: geom.wkt }
      : { kind: 'transform', text: geom.wkt, srid: geom.srid }
  }
  const geometry = geom.type === 'Feature' ? geom.geometry : geom
  if (geometry === null) return null
  if (typeof geometry !== 'object' || geometry === undefined || Array.isArray(geometry)) {
    return { error: { field, message: t('features.geometry.invalidGeoJson') } }
  }
  return { kind: 'geojson', text: JSON.stringify(geometry) }
}
