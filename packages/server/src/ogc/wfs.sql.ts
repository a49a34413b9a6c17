import type { Queryable } from '../db/types'
import { layerRead } from '../layer-data/layer-read'
import { quoteIdent, type CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import { crsDigits, isGeographic, type Crs } from './crs'

// The SQL of a GetFeature: a compiled query's count, its GeoJSON and its GML rows.

export interface CompiledQuery {
  layer: CatalogueLayer
  /** The request's own condition over `t` (empty: none); the live rows are added here. */
  where: string
  params: unknown[]
  orderBy: string
  /** Properties answered besides the geometry, in schema order. */
  props: { name: string; type: string }[]
  withGeometry: boolean
  srs: Crs
  /**
   * OGC API – Features' GeoJSON: the id as a number (the item's path) rather than WFS's
   * `layer.id`, and coordinates in the system's own axis order (latitude first for the URIs of
   * EPSG:4326 and 4674, Part 2) rather than GeoJSON's longitude first.
   */
  ogcapi?: boolean
}

/** The live features a compiled query selects: `table t WHERE …`. */
function source(c: CompiledQuery): string {
  const t = layerRead(c.layer)
  return `${t.from} WHERE ${t.live}${c.where ? ` AND ${c.where}` : ''}`
}

export async function countFeatures(db: Queryable, c: CompiledQuery): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${source(c)}`,
    c.params,
  )
  return rows[0]?.n ?? 0
}

/**
 * The ids of one page of a compiled query, in its order (at most `limit` after `offset`): what
 * a GetFeature answers, known before its first byte is written.
 */
export async function pageIds(
  db: Queryable,
  c: CompiledQuery,
  limit: number,
  offset: number,
): Promise<number[]> {
  const params = new SqlParams([...c.params])
  const lim = params.bind(limit)
  const off = params.bind(offset)
  // One text of ids, not a row per id: 100,000 rows took the event loop 50 ms to read.
  const { rows } = await db.query<{ ids: string | null }>(
    `SELECT string_agg(p.id::text, ',' ORDER BY p.n) AS ids
       FROM (SELECT t.id, row_number() OVER (ORDER BY ${c.orderBy}) AS n
               FROM ${source(c)}
              ORDER BY ${c.orderBy} LIMIT ${lim} OFFSET ${off}) p`,
    params.values,
    { prepare: true },
  )
  const text = rows[0]?.ids
  return text ? text.split(',').map(Number) : []
}

/** Whether a compiled query matches any feature. */
export async function hasFeatures(db: Queryable, c: CompiledQuery): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${source(c)}) AS found`,
    c.params,
  )
  return rows[0]?.found === true
}

/** The layer's rows of `ids`, in that order, as `t` (with `o.n` their position). */
function byIds(c: CompiledQuery, ids: string): string {
  return `unnest(${ids}::bigint[]) WITH ORDINALITY AS o(id, n) JOIN ${layerRead(c.layer).from} ON t.id = o.id`
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
  const srid = Math.trunc(c.srs.srid)
  const geom = srid === 4326 ? 't.geom' : `ST_Transform(t.geom, ${srid})`
  const digits = crsDigits(srid)
  if (format === 'geojson') {
    const axes = c.ogcapi && c.srs.latLon ? `ST_FlipCoordinates(${geom})` : geom
    return `ST_AsGeoJSON(${axes}, ${digits})`
  }
  // GML 3 (3.2 element names), LineString instead of Curve; a geographic system named
  // `EPSG:n` is lon/lat with that name, its URN lat/lon; projected ones by URN, x/y.
  const options = isGeographic(srid) && !c.srs.latLon ? 4 : 1 | 4 | (c.srs.latLon ? 16 : 0)
  return format === 'gml32' && gmlId
    ? `ST_AsGML(3, ${geom}, ${digits}, ${options}, 'gml', ${gmlId} || '.' || t.id || '.geom')`
    : `ST_AsGML(3, ${geom}, ${digits}, ${options}, 'gml')`
}

/**
 * The GeoJSON SQL of a batch of features (by their ids, in that order): their text joined by
 * commas, built by the database so the server passes it through without parsing.
 */
export function geojsonSql(c: CompiledQuery, ids: readonly number[]) {
  const params = new SqlParams()
  const idList = params.bind(ids)
  const [open, close] = c.ogcapi
    ? ['{"type":"Feature","id":', ',"geometry":']
    : [`{"type":"Feature","id":"${c.layer.name}.`, '","geometry":']
  const prefix = params.bind(open, 'text')
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
  const text = `SELECT coalesce(string_agg(${prefix} || t.id || '${close}' ||
      coalesce(${geometrySql(c, 'geojson')}, 'null') || ',"geometry_name":"geom","properties":' || ${props} || '}',
      ',' ORDER BY o.n), '') AS body
    FROM ${byIds(c, idList)}`
  return { text, params: params.values }
}

/** GeoJSON features of a batch of ids, their text joined by commas. */
export async function geojsonFeatures(
  db: Queryable,
  c: CompiledQuery,
  ids: readonly number[],
): Promise<string> {
  const { text, params } = geojsonSql(c, ids)
  const { rows } = await db.query<{ body: string }>(text, params, { prepare: true })
  return rows[0]?.body ?? ''
}

/** A text as XML character data: `&`, `<` and `>` escaped, in SQL. */
const xmlText = (sql: string) =>
  `replace(replace(replace(${sql}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`

/**
 * The GML members of a batch of ids, in that order, as one text built by the database
 * (`<wfs:member>` for 3.2, `<gml:featureMember>` for 3.1.1), each after a line break: the
 * server passes it through, reading one value per batch instead of a row of fields per
 * feature. A property that is null is left out. `prefix` is the features' namespace prefix.
 */
export async function gmlMembersText(
  db: Queryable,
  c: CompiledQuery,
  format: 'gml32' | 'gml31',
  ids: readonly number[],
  prefix: string,
): Promise<string> {
  const params = new SqlParams()
  const idList = params.bind(ids)
  const gmlId = c.withGeometry && format === 'gml32' ? params.bind(c.layer.name, 'text') : undefined
  const [open, close] =
    format === 'gml32'
      ? ['<wfs:member>', '</wfs:member>']
      : ['<gml:featureMember>', '</gml:featureMember>']
  const element = `${prefix}:${c.layer.name}`
  const start = params.bind(`${open}<${element} gml:id="${c.layer.name}.`, 'text')
  const end = params.bind(`</${element}>${close}`, 'text')
  const parts = [`${start} || t.id || '">'`]
  if (c.withGeometry) {
    parts.push(
      `coalesce('<${prefix}:geom>' || ${geometrySql(c, format, gmlId)} || '</${prefix}:geom>', '')`,
    )
  }
  for (const p of c.props) {
    const value = `to_json(t.${quoteIdent(p.name)}) #>> '{}'`
    parts.push(
      `coalesce('<${prefix}:${p.name}>' || ${xmlText(value)} || '</${prefix}:${p.name}>', '')`,
    )
  }
  parts.push(end)
  const { rows } = await db.query<{ body: string | null }>(
    `SELECT string_agg(E'\\n' || ${parts.join(' || ')}, '' ORDER BY o.n) AS body
       FROM ${byIds(c, idList)}`,
    params.values,
    { prepare: true },
  )
  return rows[0]?.body ?? ''
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
  const t = layerRead(layer)
  const { rows } = await tx.query<{ id: number }>(
    `SELECT t.id::bigint AS id FROM ${t.from} WHERE ${t.live} AND ${where}
     ORDER BY t.id LIMIT ${Number(limit)} FOR UPDATE OF t`,
    params,
  )
  return rows.map((r) => Number(r.id))
}
