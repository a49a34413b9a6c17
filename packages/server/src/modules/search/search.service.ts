import {
  type SampleValue,
  type SearchBody,
  type SearchQuery,
  type SearchResponse,
  type SessionUser,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { layerForUser, withFilterErrors } from '../../layer-data/layer-access'
import { fieldSamples, readSort, searchFeatures } from '../../layer-data/search'

type User = Pick<SessionUser, 'id' | 'admin'>

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
