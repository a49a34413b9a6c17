import type { Queryable } from '../db/types'
import { columnSql, type CatalogueLayer } from '../layer-data/model'
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
import { countFeatures, geojsonFeatures, gmlRows, type CompiledQuery } from './wfs.sql'

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

/** GML members of one compiled query (wfs:member for 3.2, gml:featureMember for 3.1.1). */
export async function gmlMembers(
  db: Queryable,
  c: CompiledQuery,
  format: 'gml32' | 'gml31',
  limit: number,
  offset: number,
): Promise<string[]> {
  const rows = await gmlRows(db, c, format, limit, offset)
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
