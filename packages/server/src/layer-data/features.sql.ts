import { displayFieldOf, type GeoJsonGeometry } from '@gis/shared'
import type { Queryable } from '../db/types'
import type { ColumnInfo, ColumnValue } from './feature-values'
import { deletedSql, liveSql } from './layer-read'
import { layerFields, quoteIdent, tableSql, type CatalogueLayer } from './model'
import { SqlParams } from './where'

/**
 * The statements of the features API on layer tables: one feature with its version, inserts,
 * updates, soft delete, geometries. Identifiers come from the catalogue (quoted), values are
 * bound. The audit trigger of every layer table records each write, with who and from where
 * (setAuditContext).
 */

/** A feature as read: attributes (dates as ISO text), geometry as WKT, version, deletion flag. */
export interface FeatureRow {
  id: number
  attributes: Record<string, unknown>
  geom: string | null
  version: string
  deleted: boolean
}

/** Who writes, from where: the audit trigger reads these transaction-local settings. */
export interface AuditContext {
  userId: number
  username: string
  application: string
  clientAddress: string
  clientPort: number | null
}

/** Sets the audit settings for the rest of the transaction (every writing transaction calls it). */
export async function setAuditContext(tx: Queryable, ctx: AuditContext): Promise<void> {
  await tx.query(
    `SELECT set_config('gis.user_id', $1, true), set_config('gis.username', $2, true),
            set_config('gis.application', $3, true), set_config('gis.client_addr', $4, true),
            set_config('gis.client_port', $5, true)`,
    [
      String(ctx.userId),
      ctx.username,
      ctx.application,
      ctx.clientAddress,
      ctx.clientPort === null ? '' : String(ctx.clientPort),
    ],
  )
}

/**
 * The version of a feature is the id of its newest entry in the audit log (0 before any
 * audited change): every writer of a layer table goes through the audit trigger, a write that
 * changes nothing leaves no entry, and the row lock makes the entries of one feature follow
 * the order of its writes.
 */
const VERSION_SQL = (layer: CatalogueLayer, params: SqlParams) =>
  `(SELECT coalesce(max(a.id), 0) FROM app.audit_log a
     WHERE a.table_schema = ${params.bind(layer.tableSchema)} AND a.table_name = ${params.bind(layer.tableName)}
       AND a.feature_id = t.id)::text`

function geomSelect(layer: CatalogueLayer): string {
  return layer.geometryType === 'TABULAR' ? 'NULL::text' : 'ST_AsText(t.geom)'
}

interface RawFeature {
  id: number
  attributes: Record<string, unknown> | string
  geom: string | null
  version: string
  deleted: boolean
}

function toFeature(layer: CatalogueLayer, r: RawFeature): FeatureRow {
  const all = typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes
  // Only the catalogue's fields (a column outside the catalogue is not the API's business).
  const attributes: Record<string, unknown> = {}
  for (const f of layerFields(layer)) {
    if (f.type !== 'geometry') attributes[f.name] = all[f.name] ?? null
  }
  return {
    id: Number(r.id),
    attributes,
    geom: r.geom,
    version: String(r.version),
    deleted: r.deleted,
  }
}

/** One feature by id (deleted ones too), or undefined. `lock` takes its row lock (writes). */
export async function readFeature(
  db: Queryable,
  layer: CatalogueLayer,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<FeatureRow | undefined> {
  // The lock is its own statement: under READ COMMITTED a statement that waited for a row lock
  // still reads the audit log (the version) with the snapshot it started with, so a writer
  // that waited for another one would see the old version and overwrite the other's edit.
  if (opts.lock) await db.query(`SELECT 1 FROM ${tableSql(layer)} WHERE id = $1 FOR UPDATE`, [id])
  const params = new SqlParams([id])
  const { rows } = await db.query<RawFeature>(
    `SELECT t.id, (to_jsonb(t) - 'geom')::text AS attributes, ${geomSelect(layer)} AS geom,
            ${VERSION_SQL(layer, params)} AS version, ${deletedSql()} AS deleted
       FROM ${tableSql(layer)} t WHERE t.id = $1`,
    params.values,
  )
  return rows[0] && toFeature(layer, rows[0])
}

/** Whether a feature exists (deleted ones too). */
export async function featureExists(
  db: Queryable,
  layer: CatalogueLayer,
  id: number,
): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${tableSql(layer)} WHERE id = $1`, [id])
  return rows.length > 0
}

/** Columns of the layer table as the database declares them (NOT NULL, defaults, types). */
export async function featureColumns(db: Queryable, layer: CatalogueLayer): Promise<ColumnInfo[]> {
  const { rows } = await db.query<{
    name: string
    sql_type: string
    not_null: boolean
    has_default: boolean
  }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS sql_type,
            a.attnotnull AS not_null, a.atthasdef AS has_default
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [layer.tableSchema, layer.tableName],
  )
  return rows.map((r) => ({
    name: r.name,
    sqlType: r.sql_type,
    notNull: r.not_null,
    hasDefault: r.has_default,
  }))
}

/**
 * A geometry as PostGIS reads it before a write: WKT (`SRID=4326;` may lead), GeoJSON, or WKT
 * in another served system (a WFS client's EPSG:3857 or 31983), transformed to EPSG:4326 in
 * the same statement.
 */
export type GeometryText =
  | { kind: 'wkt'; text: string }
  | { kind: 'geojson'; text: string }
  | { kind: 'transform'; text: string; srid: number }

/** A geometry read for the checks before a write. */
export interface GeometryInfo {
  /** `ST_GeometryType` without the prefix, lower case: point, multilinestring, … */
  type: string
  empty: boolean
  /** 0 when the text names none. */
  srid: number
  /** [minx, miny, maxx, maxy] */
  box: [number, number, number, number] | null
  /** The geometry as WKT in EPSG:4326 when it came in another form (GeoJSON, another CRS). */
  wkt: string | null
}

function readGeometry(geometry: GeometryText): { from: string; wkt: string } {
  switch (geometry.kind) {
    case 'wkt':
      return { from: 'ST_GeomFromEWKT($1)', wkt: 'NULL::text' }
    case 'geojson':
      // Read back from its WKT in the same statement: a GeoJSON that PostGIS reads but its WKT
      // reader refuses (a ring of one point) is refused here, not by the write.
      return { from: 'ST_GeomFromEWKT(ST_AsEWKT(ST_GeomFromGeoJSON($1)))', wkt: 'ST_AsText(g)' }
    case 'transform':
      // 9 decimals of a degree: a tenth of a millimetre. The code is one of the served CRSs.
      return {
        from: `ST_Transform(ST_GeomFromText($1, ${Math.trunc(geometry.srid)}), 4326)`,
        wkt: 'ST_AsText(g, 9)',
      }
  }
}

/**
 * Reads a geometry as PostGIS does, in one statement, outside any transaction: a text PostGIS
 * cannot read answers undefined instead of failing the writing transaction.
 */
export async function inspectGeometry(
  db: Queryable,
  geometry: GeometryText,
): Promise<GeometryInfo | undefined> {
  const read = readGeometry(geometry)
  try {
    const { rows } = await db.query<{
      type: string
      empty: boolean
      srid: number
      minx: number | null
      miny: number | null
      maxx: number | null
      maxy: number | null
      wkt: string | null
    }>(
      `SELECT lower(substr(ST_GeometryType(g), 4)) AS type, ST_IsEmpty(g) AS empty, ST_SRID(g) AS srid,
              ST_XMin(g) AS minx, ST_YMin(g) AS miny, ST_XMax(g) AS maxx, ST_YMax(g) AS maxy,
              ${read.wkt} AS wkt
         FROM (SELECT ${read.from} AS g) x`,
      [geometry.text],
    )
    const r = rows[0]
    if (!r?.type) return undefined
    return {
      type: r.type,
      empty: r.empty,
      srid: Number(r.srid),
      box: r.minx === null ? null : [r.minx, r.miny!, r.maxx!, r.maxy!],
      wkt: r.wkt,
    }
  } catch {
    return undefined
  }
}

/** Whether PostGIS reads a GeoJSON text at all (what a refused one failed on). */
export async function readsAsGeoJson(db: Queryable, text: string): Promise<boolean> {
  try {
    await db.query('SELECT ST_GeomFromGeoJSON($1) IS NOT NULL AS ok', [text])
    return true
  } catch {
    return false
  }
}

/** The SQL of a checked WKT for a layer's column: 2D, EPSG:4326, multi when the layer is. */
function geomValueSql(layer: CatalogueLayer, params: SqlParams, wkt: string | null): string {
  if (wkt === null) return 'NULL'
  const g = `ST_Force2D(ST_SetSRID(ST_GeomFromEWKT(${params.bind(wkt, 'text')}), 4326))`
  return layer.geometryType.startsWith('multi') ? `ST_Multi(${g})` : g
}

/** Inserts a feature with checked values; answers its id. */
export async function insertFeature(
  tx: Queryable,
  layer: CatalogueLayer,
  values: readonly ColumnValue[],
  geom: string | null,
): Promise<number> {
  const params = new SqlParams()
  const columns = values.map((v) => quoteIdent(v.field.name))
  const placeholders = values.map((v) => params.bind(v.value, v.cast))
  if (layer.geometryType !== 'TABULAR' && geom !== null) {
    columns.push('geom')
    placeholders.push(geomValueSql(layer, params, geom))
  }
  const sql = columns.length
    ? `INSERT INTO ${tableSql(layer)} (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`
    : `INSERT INTO ${tableSql(layer)} DEFAULT VALUES RETURNING id`
  const { rows } = await tx.query<{ id: number }>(sql, params.values)
  return Number(rows[0]!.id)
}

/**
 * Updates checked values (and the geometry when `geom` is given) and the modification time.
 * Answers whether a row was updated.
 */
export async function updateFeature(
  tx: Queryable,
  layer: CatalogueLayer,
  id: number,
  values: readonly ColumnValue[],
  geom: { wkt: string | null } | undefined,
): Promise<boolean> {
  const params = new SqlParams([id])
  const sets = values.map((v) => `${quoteIdent(v.field.name)} = ${params.bind(v.value, v.cast)}`)
  if (geom && layer.geometryType !== 'TABULAR')
    sets.push(`geom = ${geomValueSql(layer, params, geom.wkt)}`)
  if (sets.length === 0) return true
  sets.push('m_o_d_i_f_ = clock_timestamp()')
  const { rowCount } = await tx.query(
    `UPDATE ${tableSql(layer)} SET ${sets.join(', ')} WHERE id = $1`,
    params.values,
  )
  return rowCount > 0
}

/** Sets or clears the soft-delete flag; answers whether the flag changed. */
export async function setDeleted(
  tx: Queryable,
  layer: CatalogueLayer,
  id: number,
  deleted: boolean,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE ${tableSql(layer)} SET d_e_l_e_t_ = $2, m_o_d_i_f_ = clock_timestamp()
      WHERE id = $1 AND d_e_l_e_t_ <> $2`,
    [id, deleted],
  )
  return rowCount > 0
}

/** Recomputes the layer's extent (after a geometry landed outside it). */
export async function refreshExtent(tx: Queryable, layer: CatalogueLayer): Promise<void> {
  await tx.query('SELECT app.refresh_layer_extent($1)', [layer.name])
}

// GeoJSON with 8 decimals: about a millimetre.
const GEOJSON = (col: string) => `ST_AsGeoJSON(${col}, 8)`

function parseGeometry(text: string | null): GeoJsonGeometry | null {
  return text ? (JSON.parse(text) as GeoJsonGeometry) : null
}

/** Geometries (GeoJSON, EPSG:4326) of the given ids that exist, deleted ones too, by id. */
export async function geometriesByIds(
  db: Queryable,
  layer: CatalogueLayer,
  ids: readonly number[],
): Promise<{ id: number; geometry: GeoJsonGeometry | null }[]> {
  if (ids.length === 0) return []
  const geom = layer.geometryType === 'TABULAR' ? 'NULL::text' : GEOJSON('t.geom')
  const { rows } = await db.query<{ id: number; geometry: string | null }>(
    `SELECT t.id, ${geom} AS geometry FROM ${tableSql(layer)} t
      WHERE t.id = ANY($1::bigint[]) ORDER BY t.id`,
    [ids],
  )
  return rows.map((r) => ({ id: Number(r.id), geometry: parseGeometry(r.geometry) }))
}

/**
 * Geometries of the live features matching a compiled condition (a filter and a box), by id,
 * at most `limit`.
 */
export async function geometriesWhere(
  db: Queryable,
  layer: CatalogueLayer,
  where: string,
  params: SqlParams,
  limit: number,
): Promise<{ id: number; geometry: GeoJsonGeometry | null }[]> {
  const geom = layer.geometryType === 'TABULAR' ? 'NULL::text' : GEOJSON('t.geom')
  const { rows } = await db.query<{ id: number; geometry: string | null }>(
    `SELECT t.id, ${geom} AS geometry FROM ${tableSql(layer)} t
      WHERE ${liveSql()} AND ${where} ORDER BY t.id LIMIT ${params.bind(limit, 'int')}`,
    params.values,
  )
  return rows.map((r) => ({ id: Number(r.id), geometry: parseGeometry(r.geometry) }))
}

/** `t.geom && box` for a box in EPSG:4326 (bound). */
export function bboxSql(params: SqlParams, box: readonly [number, number, number, number]): string {
  const [a, b, c, d] = box.map((v) => params.bind(v, 'float8'))
  return `t.geom && ST_MakeEnvelope(${a}, ${b}, ${c}, ${d}, 4326)`
}

/** Features of a layer within `metres` of a point, nearest first (geodesic distance). */
export async function featuresNear(
  db: Queryable,
  layer: CatalogueLayer,
  point: { longitude: number; latitude: number },
  metres: number,
  limit: number,
  includeDeleted: boolean,
): Promise<{ id: number; distance: number; deleted: boolean; geometry: GeoJsonGeometry | null }[]> {
  // A box in degrees that surely holds the circle (the index), then the exact distance.
  const degLat = metres / 110_574 + 1e-9
  const degLon =
    metres / (111_320 * Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01)) + 1e-9
  const { rows } = await db.query<{
    id: number
    distance: number
    deleted: boolean
    geometry: string | null
  }>(
    `SELECT t.id, ST_Distance(t.geom::geography, q.p::geography) AS distance,
            ${deletedSql()} AS deleted, ${GEOJSON('t.geom')} AS geometry
       FROM ${tableSql(layer)} t,
            (SELECT ST_SetSRID(ST_MakePoint($1::float8, $2::float8), 4326) AS p) q
      WHERE t.geom && ST_MakeEnvelope($1::float8 - $3::float8, $2::float8 - $4::float8,
                                      $1::float8 + $3::float8, $2::float8 + $4::float8, 4326)
        AND ST_DWithin(t.geom::geography, q.p::geography, $5::float8)
        ${includeDeleted ? '' : `AND ${liveSql()}`}
      ORDER BY distance, t.id LIMIT $6::int`,
    [point.longitude, point.latitude, degLon, degLat, metres, limit],
  )
  return rows.map((r) => ({
    id: Number(r.id),
    distance: Number(r.distance),
    deleted: r.deleted,
    geometry: parseGeometry(r.geometry),
  }))
}

/** Features of one layer to name: the layer and the ids. */
export interface LabelTarget {
  layer: CatalogueLayer
  ids: readonly number[]
}

/**
 * The names of features in lists, in one statement over every layer asked: the value of each
 * layer's display field as text (null for a layer without one, or an empty value). Ids that do
 * not exist are not answered.
 */
export async function featureLabels(
  db: Queryable,
  targets: readonly LabelTarget[],
): Promise<{ layer: string; id: number; label: string | null }[]> {
  const params = new SqlParams()
  const parts = targets
    .filter((x) => x.ids.length > 0)
    .map(({ layer, ids }) => {
      const field = displayFieldOf(layer.displayField, layer.attributes)
      const label = field ? `NULLIF(btrim(t.${quoteIdent(field)}::text), '')` : 'NULL::text'
      return `SELECT ${params.bind(layer.name, 'text')} AS layer, t.id, ${label} AS label
                FROM ${tableSql(layer)} t WHERE t.id = ANY(${params.bind([...ids], 'bigint[]')})`
    })
  if (parts.length === 0) return []
  const { rows } = await db.query<{ layer: string; id: number; label: string | null }>(
    parts.join('\nUNION ALL\n'),
    params.values,
  )
  return rows.map((r) => ({ layer: r.layer, id: Number(r.id), label: r.label }))
}

/** The ids of the live features where a condition on $1 holds (at most two: a key is unique). */
export async function idsWhere(
  db: Queryable,
  layer: CatalogueLayer,
  where: string,
  value: unknown,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT t.id::bigint AS id FROM ${tableSql(layer)} t WHERE ${where} AND ${liveSql()}
     ORDER BY t.id LIMIT 2`,
    [value],
  )
  return rows.map((r) => Number(r.id))
}
