import type { Queryable } from '../db/types'
import { columnSql, quoteIdent, tableSql, type CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import type { Crs } from './crs'
import { escapeXml, OwsError } from './ows-errors'
import {
  FEATURE_NS,
  FEATURE_PREFIX,
  GML31_FORMAT,
  GML32_FORMAT,
  NS,
  wfsProperties,
} from './wfs-capabilities'
import { checkProperty, filterSql } from './wfs-filter'
import type { FeatureQuery, GetFeatureRequest } from './wfs-request'

interface CompiledQuery {
  layer: CatalogueLayer
  where: string
  params: unknown[]
  orderBy: string
  /** Properties answered besides the geometry, in schema order. */
  props: { name: string; type: string }[]
  withGeometry: boolean
  srs: Crs
}

/** Validates the query against the catalogue (through layer-data) and compiles it to SQL pieces. */
export function compileQuery(layer: CatalogueLayer, q: FeatureQuery, srs: Crs): CompiledQuery {
  const params = new SqlParams()
  const where = ['NOT t.d_e_l_e_t_']
  if (q.filter) where.push(filterSql(layer, q.filter, params))
  const all = wfsProperties(layer)
  let props = all
  if (q.propertyNames?.length) {
    const wanted = new Set(q.propertyNames.map((n) => checkProperty(layer, n).name))
    props = all.filter((p) => wanted.has(p.name))
  }
  const order = (q.sortBy ?? []).map((s) => {
    const field = checkProperty(layer, s.prop)
    if (field.type === 'geometry') {
      throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', 'sortBy', {
        name: 'SORTBY',
      })
    }
    return `${columnSql(field)} ${s.desc ? 'DESC' : 'ASC'} NULLS LAST`
  })
  return {
    layer,
    where: where.join(' AND '),
    params: params.values,
    orderBy: [...order, 't.id'].join(', '),
    props: props.filter((p) => p.type !== 'geometry'),
    withGeometry: props.some((p) => p.type === 'geometry'),
    srs: q.srs ?? srs,
  }
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

/** GML members of one compiled query (wfs:member for 3.2, gml:featureMember for 3.1.1). */
export async function gmlMembers(
  db: Queryable,
  c: CompiledQuery,
  format: 'gml32' | 'gml31',
  limit: number,
  offset: number,
): Promise<string[]> {
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
  const name = c.layer.name
  const p = FEATURE_PREFIX
  const [open, close] =
    format === 'gml32'
      ? ['<wfs:member>', '</wfs:member>']
      : ['<gml:featureMember>', '</gml:featureMember>']
  return rows.map((r) => {
    const parts: string[] = []
    if (c.withGeometry && r._g) parts.push(`<${p}:geom>${r._g}</${p}:geom>`)
    for (const prop of c.props) {
      const v = r[prop.name]
      if (v !== null && v !== undefined)
        parts.push(`<${p}:${prop.name}>${escapeXml(String(v))}</${p}:${prop.name}>`)
    }
    return `${open}<${p}:${name} gml:id="${name}.${r._id}">${parts.join('')}</${p}:${name}>${close}`
  })
}

/** Runs a GetFeature over the layers already checked against the caller's permissions. */
export async function getFeature(
  db: Queryable,
  req: GetFeatureRequest,
  layers: CatalogueLayer[],
): Promise<{ body: string; contentType: string }> {
  const compiled = req.queries.map((q, i) => compileQuery(layers[i]!, q, req.srs))
  const stamp = new Date().toISOString()
  const format = req.outputFormat
  if (req.resultType === 'hits') {
    let total = 0
    for (const c of compiled) total += await countFeatures(db, c)
    return collection(format, stamp, String(total), 0, [], req.srs, true)
  }
  const parts: string[] = []
  let returned = 0
  let remaining = req.count
  // STARTINDEX counts over the queries' results one after the other.
  let offset = req.startIndex
  for (const c of compiled) {
    if (remaining <= 0) break
    let got: number
    if (format === 'geojson') {
      const page = await geojsonFeatures(db, c, remaining, offset)
      if (page.count) parts.push(page.body)
      got = page.count
    } else {
      const members = await gmlMembers(db, c, format, remaining, offset)
      parts.push(...members)
      got = members.length
    }
    // A query whose results all lie before the start index: skip as many as it has.
    offset = got > 0 || offset === 0 ? 0 : offset - (await countFeatures(db, c))
    returned += got
    remaining -= got
  }
  // Exact when the page was not full; otherwise unknown (counting would cost a second scan).
  const matched =
    returned < req.count && compiled.length === 1 && (returned > 0 || req.startIndex === 0)
      ? String(req.startIndex + returned)
      : 'unknown'
  return collection(format, stamp, matched, returned, parts, req.srs, false)
}

function collection(
  format: GetFeatureRequest['outputFormat'],
  stamp: string,
  matched: string,
  returned: number,
  parts: string[],
  srs: Crs,
  hits: boolean,
): { body: string; contentType: string } {
  if (format === 'geojson') {
    const crs =
      srs.srid === 3857
        ? ',"crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::3857"}}'
        : ''
    const numberMatched = matched === 'unknown' ? '' : `"numberMatched":${matched},`
    return {
      contentType: 'application/geo+json',
      body: `{"type":"FeatureCollection",${numberMatched}"numberReturned":${returned},"timeStamp":"${stamp}"${crs},"features":[${parts.join(',')}]}`,
    }
  }
  const members = parts.length ? `\n${parts.join('\n')}` : ''
  if (format === 'gml31') {
    const { wfs, gml } = NS['1.1.0']
    // WFS 1.1 counts what the answer holds; a hits answer carries the total.
    const count = hits ? matched : String(returned)
    return {
      contentType: GML31_FORMAT,
      body: `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="${wfs}" xmlns:gml="${gml}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" timeStamp="${stamp}" numberOfFeatures="${count}">${members}
</wfs:FeatureCollection>
`,
    }
  }
  const { wfs, gml } = NS['2.0.0']
  return {
    contentType: GML32_FORMAT,
    body: `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="${wfs}" xmlns:gml="${gml}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" timeStamp="${stamp}" numberMatched="${matched}" numberReturned="${returned}">${members}
</wfs:FeatureCollection>
`,
  }
}
