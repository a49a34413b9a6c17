import type { Queryable } from '../db/types'
import type { CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import type { Turns } from '../workers/turns'
import { compileQuery } from './wfs'
import { countFeatures, geojsonFeatures, pageIds, type CompiledQuery } from './wfs.sql'
import type { OapiCrs } from './ogcapi-crs'
import type { ItemsQuery } from './ogcapi-params'

/** Features written per statement while a page streams (as WFS's GetFeature does). */
const BATCH = 1000

/** A link of an OGC API document. */
export interface Link {
  href: string
  rel: string
  type?: string
  title?: string
}

/** The WFS's compiled query of a collection, answered the OGC API way (ids, axis order). */
function compiled(
  layer: CatalogueLayer,
  crs: OapiCrs,
  properties: string[] | undefined,
  where: string,
  params: unknown[],
): CompiledQuery {
  // The geometry is GeoJSON's `geometry` whatever `properties` names.
  const names =
    properties && layer.geometryType !== 'TABULAR' ? ['geom', ...properties] : properties
  const c = compileQuery(layer, { typeName: layer.name, propertyNames: names }, crs.crs)
  return { ...c, where, params, srs: crs.crs, ogcapi: true }
}

/** A page of items: its counts known before the first byte, then its features as they are read. */
export interface ItemsPage {
  matched: number
  returned: number
  body: AsyncIterable<string>
}

/**
 * One page of a collection's items. The count and the page's ids are read first (a wrong
 * filter fails before the answer starts), then the features are written a batch of ids at a
 * time through the WFS's GeoJSON statement: memory stays one batch whatever the limit.
 * `links` gets the page's counts and answers the collection's links.
 */
export async function itemsPage(
  db: Queryable,
  layer: CatalogueLayer,
  q: ItemsQuery,
  links: (returned: number, matched: number) => Link[],
  turns?: Turns,
): Promise<ItemsPage> {
  const c = compiled(layer, q.crs, q.properties, q.where, q.params)
  const matched = await countFeatures(db, c)
  const ids = q.offset < matched ? await pageIds(db, c, q.limit, q.offset) : []
  const head = `{"type":"FeatureCollection","numberMatched":${matched},"numberReturned":${ids.length},"timeStamp":"${new Date().toISOString()}","links":${JSON.stringify(links(ids.length, matched))},"features":[`
  const batches = featureBatches(db, c, ids, turns)
  // The first batch is read before the answer starts, so a failing statement is a JSON error.
  const first = await batches.next()
  async function* body(): AsyncGenerator<string> {
    yield head
    if (!first.done) {
      yield first.value
      for await (const text of batches) yield `,${text}`
    }
    yield ']}'
  }
  return { matched, returned: ids.length, body: body() }
}

async function* featureBatches(
  db: Queryable,
  c: CompiledQuery,
  ids: number[],
  turns?: Turns,
): AsyncGenerator<string> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const give = await turns?.take()
    let text: string
    try {
      text = await geojsonFeatures(db, c, ids.slice(i, i + BATCH))
    } finally {
      give?.()
    }
    if (text) yield text
  }
}

/** One live feature as GeoJSON text (with `links` added), or undefined when none is. */
export async function itemText(
  db: Queryable,
  layer: CatalogueLayer,
  id: number,
  crs: OapiCrs,
  links: Link[],
): Promise<string | undefined> {
  const params = new SqlParams()
  const where = `t.id = ${params.bind(id, 'bigint')}`
  const c = compiled(layer, crs, undefined, where, params.values)
  const [found] = await pageIds(db, c, 1, 0)
  if (found === undefined) return undefined
  const text = await geojsonFeatures(db, c, [found])
  return `${text.slice(0, -1)},"links":${JSON.stringify(links)}}`
}

/** Whether a feature is live (not soft-deleted): what the writes may touch. */
export async function isLive(db: Queryable, layer: CatalogueLayer, id: number): Promise<boolean> {
  const params = new SqlParams()
  const where = `t.id = ${params.bind(id, 'bigint')}`
  const c = compiled(
    layer,
    { uri: '', crs: { srid: 4326, latLon: false, name: '' } },
    [],
    where,
    params.values,
  )
  return (await pageIds(db, c, 1, 0)).length > 0
}
