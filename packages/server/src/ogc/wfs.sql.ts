import type { Queryable } from '../db/types'
import { quoteIdent, tableSql, type CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import type { Crs } from './crs'

// The SQL of a GetFeature: a compiled query's count, its GeoJSON and its GML rows.

export interface CompiledQuery {
  layer: CatalogueLayer
  where: string
  params: unknown[]
  orderBy: string
  /** Properties answered besides the geometry, in schema order. */
  props: { name: string; type: string }[]
  withGeometry: boolean
  srs: Crs
}

/**
 * The rows of one page. Answers are computed over it, outside: PostgreSQL evaluates a select
 * list for the rows an OFFSET skips too, which made deep pages cost as much as all before.
 */
function page(c: CompiledQuery, limit: string, offset: string): string {
  return `SELECT t.* FROM ${tableSql(c.layer)} t WHERE ${c.where} ORDER BY ${c.orderBy} LIMIT ${limit} OFFSET ${offset}`
}

export async function countFeatures(db: Queryable, c: CompiledQuery): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${tableSql(c.layer)} t WHERE ${c.where}`,
    c.params,
  )
  return rows[0]?.n ?? 0
}

/**
 * The geometry's SQL, or NULL when the query answers none. `gmlId` is the placeholder of the
 * layer name for GML 3.2 geometry ids; it is only referenced (and so only bound) here, since
 * PostgreSQL cannot type a parameter that no expression uses.
 */
function geometrySql(
  c: CompiledQuery,
  format: 'geojson' | 'gml32' | 'gml31',
  gmlId?: string,
): string {
  if (!c.withGeometry) return 'NULL::text'
  const geom = c.srs.srid === 3857 ? 'ST_Transform(t.geom, 3857)' : 't.geom'
  const digits = c.srs.srid === 3857 ? 2 : 7
  if (format === 'geojson') return `ST_AsGeoJSON(${geom}, ${digits})`
  // GML 3 (3.2 element names), LineString instead of Curve, URN names lat/lon for 4326.
  const options = c.srs.srid === 4326 && !c.srs.latLon ? 4 : 1 | 4 | (c.srs.latLon ? 16 : 0)
  return format === 'gml32' && gmlId
    ? `ST_AsGML(3, ${geom}, ${digits}, ${options}, 'gml', ${gmlId} || '.' || t.id || '.geom')`
    : `ST_AsGML(3, ${geom}, ${digits}, ${options}, 'gml')`
}

/**
 * The GeoJSON SQL of one compiled query: one row, the number of features and their text
 * joined in order, built by the database so the server passes it through without parsing.
 */
export function geojsonSql(c: CompiledQuery, limit: number, offset: number) {
  const params = new SqlParams([...c.params])
  const lim = params.bind(limit)
  const off = params.bind(offset)
  const prefix = params.bind(`{"type":"Feature","id":"${c.layer.name}.`, 'text')
  const pairs = c.props.map((p) => `'${p.name}', t.${quoteIdent(p.name)}`)
  // json_build_object takes at most 100 arguments: larger layers are built in chunks.
  const chunks: string[] = []
  for (let i = 0; i < pairs.length; i += 40) {
    chunks.push(`jsonb_build_object(${pairs.slice(i, i + 40).join(', ')})`)
  }
  const props =
    pairs.length === 0
      ? `'{}'`
      : pairs.length <= 40
        ? `json_build_object(${pairs.join(', ')})::text`
        : `(${chunks.join(' || ')})::text`
  const text = `SELECT count(*)::int AS n, coalesce(string_agg(${prefix} || s.id || '","geometry":' ||
      coalesce(s.g, 'null') || ',"geometry_name":"geom","properties":' || s.p || '}', ',' ORDER BY s.rn), '') AS body
    FROM (SELECT t.id, ${geometrySql(c, 'geojson')} AS g, ${props} AS p,
                 row_number() OVER (ORDER BY ${c.orderBy}) AS rn
            FROM (${page(c, lim, off)}) t) s`
  return { text, params: params.values }
}

/** GeoJSON features of one compiled query: how many, and their text joined by commas. */
export async function geojsonFeatures(
  db: Queryable,
  c: CompiledQuery,
  limit: number,
  offset: number,
): Promise<{ count: number; body: string }> {
  const { text, params } = geojsonSql(c, limit, offset)
  const { rows } = await db.query<{ n: number; body: string }>(text, params, { prepare: true })
  return { count: rows[0]?.n ?? 0, body: rows[0]?.body ?? '' }
}

/** The rows of GML members: id, geometry as GML, each property as text. */
export async function gmlRows(
  db: Queryable,
  c: CompiledQuery,
  format: 'gml32' | 'gml31',
  limit: number,
  offset: number,
) {
  const params = new SqlParams([...c.params])
  const gmlId = c.withGeometry && format === 'gml32' ? params.bind(c.layer.name, 'text') : undefined
  const lim = params.bind(limit)
  const off = params.bind(offset)
  const cols = c.props.map(
    (p) => `to_json(t.${quoteIdent(p.name)}) #>> '{}' AS ${quoteIdent(p.name)}`,
  )
  const { rows } = await db.query<
    Record<string, string | null> & { _id: number; _g: string | null }
  >(
    `SELECT t.id AS _id, ${geometrySql(c, format, gmlId)} AS _g${cols.length ? `, ${cols.join(', ')}` : ''}
       FROM (${page(c, lim, off)}) t ORDER BY ${c.orderBy}`,
    params.values,
    { prepare: true },
  )
  return rows
}

/**
 * The live features a Transaction's Update or Delete filter matches, locked for the rest of
 * the transaction (a concurrent writer waits, then the feature calls see its version).
 */
export async function matchingIds(
  tx: Queryable,
  layer: CatalogueLayer,
  where: string,
  params: unknown[],
  limit: number,
): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT t.id::bigint AS id FROM ${tableSql(layer)} t WHERE NOT t.d_e_l_e_t_ AND ${where}
     ORDER BY t.id LIMIT ${Number(limit)} FOR UPDATE OF t`,
    params,
  )
  return rows.map((r) => Number(r.id))
}

/** A geometry's WKT in EPSG:4326 from WKT in the given CRS (the feature write path's input). */
export async function wktIn4326(tx: Queryable, wkt: string, srid: 4326 | 3857): Promise<string> {
  if (srid === 4326) return wkt
  const { rows } = await tx.query<{ wkt: string | null }>(
    `SELECT ST_AsText(ST_Transform(ST_GeomFromText($1, 3857), 4326), 9) AS wkt`,
    [wkt],
  )
  return rows[0]?.wkt ?? wkt
}
