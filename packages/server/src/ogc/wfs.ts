import type { Queryable } from '../db/types'
import type { Turns } from '../workers/turns'
import { columnSql, type CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import { crsUrn, type Crs } from './crs'
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
import {
  countFeatures,
  geojsonFeatures,
  gmlMembersText,
  hasFeatures,
  pageIds,
  type CompiledQuery,
} from './wfs.sql'

/** Validates the query against the catalogue (through layer-data) and compiles it to SQL pieces. */
export function compileQuery(layer: CatalogueLayer, q: FeatureQuery, srs: Crs): CompiledQuery {
  const params = new SqlParams()
  const where: string[] = []
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

/** Features written per statement while an answer streams. */
const BATCH = 1000

/**
 * GML 3.2 wants every geometry's gml:id unique; PostGIS gives a multi-geometry's members the
 * id of the whole. Each id's later occurrences get `.1`, `.2`… after it (ids name their
 * feature, so a batch of members is numbered in one pass).
 */
export function uniqueGmlIds(gml: string): string {
  const seen = new Map<string, number>()
  return gml.replace(/ gml:id="([^"]*\.geom)"/g, (whole, id: string) => {
    const n = seen.get(id) ?? 0
    seen.set(id, n + 1)
    return n === 0 ? whole : ` gml:id="${id}.${n}"`
  })
}

/** GML members of a batch of ids, their multi-geometries' ids made unique (3.2). */
async function gmlMembers(
  db: Queryable,
  c: CompiledQuery,
  format: 'gml32' | 'gml31',
  ids: readonly number[],
): Promise<string> {
  const text = await gmlMembersText(db, c, format, ids, FEATURE_PREFIX)
  return format === 'gml32' && text.includes('<gml:Multi') ? uniqueGmlIds(text) : text
}

/** A GetFeature's answer: its type and its text, whole (hits, small) or as it is written. */
export interface FeatureAnswer {
  contentType: string
  body: string | AsyncIterable<string>
}

/** How the answer names its next page (KVP requests): the URL for a start index. */
export type NextPage = (startIndex: number) => string

/**
 * Runs a GetFeature over the layers already checked against the caller's permissions. The ids
 * of the page are read first (so the collection's counts are known and a wrong filter fails
 * before the first byte), then the features are written a batch of ids at a time as the client
 * reads them: memory stays one batch and the event loop answers between statements, whatever
 * the count. `lockId` goes on the collection (GetFeatureWithLock).
 */
export async function getFeature(
  db: Queryable,
  req: GetFeatureRequest,
  layers: CatalogueLayer[],
  opts: { next?: NextPage; lockId?: string; turns?: Turns } = {},
): Promise<FeatureAnswer> {
  const compiled = req.queries.map((q, i) => compileQuery(layers[i]!, q, req.srs))
  const stamp = new Date().toISOString()
  const format = req.outputFormat
  if (req.resultType === 'hits') {
    let total = 0
    for (const c of compiled) total += await countFeatures(db, c)
    const frame = collection(format, stamp, String(total), 0, req.srs, true, opts)
    return { contentType: frame.contentType, body: frame.open + frame.close }
  }
  const pages: { c: CompiledQuery; ids: number[] }[] = []
  let returned = 0
  let remaining = req.count
  let more = false
  // STARTINDEX counts over the queries' results one after the other.
  let offset = req.startIndex
  for (let i = 0; i < compiled.length; i++) {
    const c = compiled[i]!
    if (remaining <= 0) {
      more ||= await hasFeatures(db, c)
      if (more) break
      continue
    }
    // One past the page says whether another page follows.
    const ids = await pageIds(db, c, remaining + 1, offset)
    if (ids.length > remaining) {
      more = true
      ids.length = remaining
    }
    if (ids.length) pages.push({ c, ids })
    // A query whose results all lie before the start index: skip as many as it has.
    offset = ids.length > 0 || offset === 0 ? 0 : offset - (await countFeatures(db, c))
    returned += ids.length
    remaining -= ids.length
  }
  const matched =
    !more && compiled.length === 1 && (returned > 0 || req.startIndex === 0)
      ? String(req.startIndex + returned)
      : 'unknown'
  const nextUrl = more && opts.next ? opts.next(req.startIndex + returned) : undefined
  const frame = collection(format, stamp, matched, returned, req.srs, false, {
    ...opts,
    nextUrl,
  })
  async function* members(): AsyncGenerator<string> {
    let first = true
    for (const { c, ids } of pages) {
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = ids.slice(i, i + BATCH)
        // Streams take turns for their statements: ten at once share the cores with the rest.
        const give = await opts.turns?.take()
        let text: string
        try {
          text =
            format === 'geojson'
              ? await geojsonFeatures(db, c, batch)
              : await gmlMembers(db, c, format, batch)
        } finally {
          give?.()
        }
        if (format !== 'geojson') yield text
        else if (text) {
          yield first ? text : `,${text}`
          first = false
        }
      }
    }
  }
  // The first batch is read before the answer starts, so a statement that fails (a column
  // gone) is an exception report and not a collection cut short.
  const rest = members()
  const head = await rest.next()
  async function* body(): AsyncGenerator<string> {
    yield frame.open
    if (!head.done) {
      yield head.value
      yield* rest
    }
    yield frame.close
  }
  return { contentType: frame.contentType, body: body() }
}

/** The collection around the members: its opening (with the counts) and its end. */
function collection(
  format: GetFeatureRequest['outputFormat'],
  stamp: string,
  matched: string,
  returned: number,
  srs: Crs,
  hits: boolean,
  opts: { nextUrl?: string; lockId?: string },
): { contentType: string; open: string; close: string } {
  if (format === 'geojson') {
    const crs =
      srs.srid === 4326 ? '' : `,"crs":{"type":"name","properties":{"name":"${crsUrn(srs.srid)}"}}`
    const numberMatched = matched === 'unknown' ? '' : `"numberMatched":${matched},`
    const links = opts.nextUrl
      ? `,"links":[{"href":${JSON.stringify(opts.nextUrl)},"rel":"next","type":"application/geo+json"}]`
      : ''
    return {
      contentType: 'application/geo+json',
      open: `{"type":"FeatureCollection",${numberMatched}"numberReturned":${returned},"timeStamp":"${stamp}"${crs}${links},"features":[`,
      close: ']}',
    }
  }
  const lock = opts.lockId ? ` lockId="${escapeXml(opts.lockId)}"` : ''
  if (format === 'gml31') {
    const { wfs, gml } = NS['1.1.0']
    // WFS 1.1 counts what the answer holds; a hits answer carries the total.
    const count = hits ? matched : String(returned)
    return {
      contentType: GML31_FORMAT,
      open: `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection${lock} xmlns:wfs="${wfs}" xmlns:gml="${gml}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" timeStamp="${stamp}" numberOfFeatures="${count}">`,
      close: '\n</wfs:FeatureCollection>\n',
    }
  }
  const { wfs, gml } = NS['2.0.0']
  const next = opts.nextUrl ? ` next="${escapeXml(opts.nextUrl)}"` : ''
  return {
    contentType: GML32_FORMAT,
    open: `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection${lock} xmlns:wfs="${wfs}" xmlns:gml="${gml}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" timeStamp="${stamp}" numberMatched="${matched}" numberReturned="${returned}"${next}>`,
    close: '\n</wfs:FeatureCollection>\n',
  }
}
