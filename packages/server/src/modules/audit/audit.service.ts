import { parseSort, type HistoryEntry, type PagingQuery, type SessionUser } from '@gis/shared'
import type { Queryable } from '../../db/types'
import { fieldError } from '../../http/errors'
import { layerAccess } from '../features/layer-access'
import * as sql from './audit.sql'

type User = Pick<SessionUser, 'id' | 'username' | 'admin'>

const parse = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>)

/**
 * The history of a feature (readFeature on its layer), newest first unless `sort=timestamp`:
 * who, when, from which application and address, the action and the fields.
 */
export async function featureHistory(
  db: Queryable,
  user: User,
  layerName: string,
  featureId: number,
  paging: PagingQuery,
): Promise<{ rows: HistoryEntry[]; total: number }> {
  const { layer } = await layerAccess(db, user, layerName)
  const sort = parseSort(paging.sort) ?? { field: 'timestamp', descending: true }
  if (sort.field !== 'timestamp' && sort.field !== 'id')
    throw fieldError('sort', 'paging.sortInvalid')
  const { rows, total } = await sql.featureHistory(
    db,
    { schema: layer.tableSchema, name: layer.tableName },
    featureId,
    { limit: paging.limit, offset: paging.page * paging.limit, ascending: !sort.descending },
  )
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      timestamp: r.at.toISOString(),
      user: r.username,
      action: r.action,
      currentFields: parse(r.current_fields),
      previousFields: parse(r.previous_fields),
      changedFields: parse(r.changed_fields) ?? {},
      geometryChanged: r.geometry_changed,
      application: r.application,
      clientAddress: r.client_addr,
      clientPort: r.client_port === null ? null : Number(r.client_port),
      approvedBy: r.approved_by,
    })),
  }
}
