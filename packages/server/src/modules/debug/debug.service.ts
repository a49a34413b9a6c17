import type { SessionUser } from '@gis/shared'
import type { Queryable } from '../../db/types'
import { notFound } from '../../http/errors'
import { filterDisplaySql } from '../../layer-data/where'
import { layerForUser, withFilterErrors } from '../../layer-data/layer-access'

/**
 * The SQL display of a filter tree: what the search runs, with the values as literals. Only
 * administrators learn that the call exists.
 */
export async function getQuery(
  db: Queryable,
  user: Pick<SessionUser, 'id' | 'admin'>,
  layerName: string,
  tree: unknown,
): Promise<{ sql: string }> {
  if (!user.admin) throw notFound()
  const layer = await layerForUser(db, user, layerName)
  return withFilterErrors(async () => ({ sql: filterDisplaySql(layer, tree, { internal: true }) }))
}
