import {
  t,
  type SampleValue,
  type SearchBody,
  type SearchQuery,
  type SearchResponse,
  type SessionUser,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import { readableLayer } from '../../layer-data/catalogue'
import type { CatalogueLayer } from '../../layer-data/model'
import { fieldSamples, readSort, searchFeatures } from '../../layer-data/search'
import { FilterError } from '../../layer-data/where'

type User = Pick<SessionUser, 'id' | 'admin'>

/**
 * A layer the user may read (readFeature), fresh from the database, or the 404 that a layer
 * that does not exist also gets: no answer tells which layers exist.
 */
export async function layerForUser(
  db: Queryable,
  user: User,
  name: string,
): Promise<CatalogueLayer> {
  const layer = await readableLayer(db, user, name, { fresh: true })
  if (!layer) throw new HttpError(404, t('layers.notFoundOrDenied'))
  return layer
}

/** A refused filter as the JSON API's 400, anything else as it is. */
export async function withFilterErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof FilterError) throw err.toHttpError()
    throw err
  }
}

/** One page of the features of a layer that a filter (and a selection) picks, and the count. */
export async function search(
  db: Queryable,
  user: User,
  layerName: string,
  body: SearchBody,
  query: SearchQuery,
): Promise<SearchResponse> {
  const layer = await layerForUser(db, user, layerName)
  const sort = readSort(layer, query.sort, query.order)
  const page = await withFilterErrors(() =>
    searchFeatures(db, layer, { filter: body.filter, ids: body.ids }, sort, {
      limit: query.limit,
      offset: query.page * query.limit,
    }),
  )
  return { results: page.rows, rowCount: page.total }
}

/** Values of a field of a readable layer (the filter builder's suggestions). */
export async function samples(
  db: Queryable,
  user: User,
  layerName: string,
  field: string,
  opts: { limit: number; contains?: string },
): Promise<SampleValue[]> {
  const layer = await layerForUser(db, user, layerName)
  return fieldSamples(db, layer, field, opts)
}
