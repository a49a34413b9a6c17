import { MAX_WKT_LENGTH, t, type GeometryInput } from '@gis/shared'
import type { Queryable } from '../db/types'
import type { FieldError } from '../http/errors'

// A geometry a REST write takes is WKT or GeoJSON; the write path (feature-write.ts) checks
// WKT only. GeoJSON is turned into WKT here, by PostGIS, before that check, so both forms
// meet the same rules (type, extent, EPSG:4326) and answer the same errors.

/** The WKT of a geometry given as WKT or GeoJSON, or the field error of a GeoJSON PostGIS refuses. */
export type GeometryAsWkt =
  { wkt: string | null | undefined; error?: undefined } | { error: FieldError }

/**
 * WKT as it is; GeoJSON (a geometry, or a Feature whose geometry is taken) read by PostGIS
 * (`ST_GeomFromGeoJSON`, EPSG:4326 unless the object names another CRS, which is refused) and
 * written back as WKT. A GeoJSON PostGIS cannot read, or one in another CRS, is an error on
 * `field`; null and undefined stay as they are (a Feature without geometry is null).
 */
export async function geometryAsWkt(
  db: Queryable,
  geom: GeometryInput | null | undefined,
  field = 'geom',
): Promise<GeometryAsWkt> {
  if (geom === null || geom === undefined || typeof geom === 'string') return { wkt: geom }
  const geometry = geom.type === 'Feature' ? geom.geometry : geom
  if (geometry === null) return { wkt: null }
  const invalid = { error: { field, message: t('features.geometry.invalidGeoJson') } }
  if (typeof geometry !== 'object' || geometry === undefined || Array.isArray(geometry)) {
    return invalid
  }
  const wkt = await wktOfGeoJson(db, JSON.stringify(geometry))
  if (wkt === undefined) return invalid
  if (wkt.length > MAX_WKT_LENGTH) {
    return { error: { field, message: t('field.tooLong', { max: MAX_WKT_LENGTH }) } }
  }
  return { wkt }
}

/**
 * The WKT of a GeoJSON geometry read by PostGIS, or undefined when PostGIS refuses it or it
 * names a CRS other than EPSG:4326. Outside any transaction: a refused text must not fail one.
 */
async function wktOfGeoJson(db: Queryable, json: string): Promise<string | undefined> {
  try {
    const { rows } = await db.query<{ wkt: string | null; srid: number }>(
      `SELECT ST_AsText(g) AS wkt, ST_SRID(g) AS srid FROM (SELECT ST_GeomFromGeoJSON($1) AS g) x`,
      [json],
    )
    const row = rows[0]
    if (!row?.wkt || (Number(row.srid) !== 4326 && Number(row.srid) !== 0)) return undefined
    return row.wkt
  } catch {
    return undefined
  }
}
