import {
  AUDIT_DEFAULT_SORT,
  parseSort,
  type AuditQuery,
  type AuditRecord,
  type AuditSearchResponse,
  type HistoryEntry,
  type PagingQuery,
  type SessionUser,
  t,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { badRequest, fieldError } from '../../http/errors'
import { compileFilter, FilterError, SqlParams } from '../../layer-data/where'
import { layerAccess } from '../../layer-data/layer-access'
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

/**
 * The audit search (administrators; the scope checks it): the records a filter tree over the
 * audit fields selects (none: every record), compiled by the one filter compiler with the
 * shared operator table and limits, sorted (default timestamp, newest first) and paged.
 */
export async function searchAudit(
  db: Queryable,
  filter: unknown,
  query: AuditQuery,
): Promise<AuditSearchResponse> {
  const sort = readAuditSort(query.sort, query.order)
  const params = new SqlParams()
  let where = 'true'
  if (filter !== undefined && filter !== null) {
    try {
      where = compileFilter(sql.AUDIT_FILTER_FIELDS, filter, params)
    } catch (err) {
      if (err instanceof FilterError) throw err.toHttpError()
      throw err
    }
  }
  const { rows, total } = await sql.auditSearch(db, where, params, sort, {
    limit: query.limit,
    offset: query.page * query.limit,
  })
  return { results: rows.map(toRecord), rowCount: total }
}

/** `sort` names an audit field (a `-` prefix descends); `order` may say the direction. */
function readAuditSort(sort: string | undefined, order?: 'asc' | 'desc') {
  const parsed = parseSort(sort || AUDIT_DEFAULT_SORT)!
  const column = Object.hasOwn(sql.AUDIT_SORT_SQL, parsed.field)
    ? sql.AUDIT_SORT_SQL[parsed.field]
    : undefined
  if (!column) throw fieldError('sort', 'paging.sortInvalid')
  return { sql: column, descending: order ? order === 'desc' : parsed.descending }
}

function toRecord(r: sql.AuditRow): AuditRecord {
  return {
    id: Number(r.id),
    table: r.layer,
    tableTitle: r.layer_title,
    rowId: r.feature_id === null ? null : Number(r.feature_id),
    user: r.username,
    timestamp: r.at.toISOString(),
    application: r.application,
    clientAddress: r.client_addr,
    clientPort: r.client_port === null ? null : Number(r.client_port),
    action: r.action,
    previousFields: parse(r.previous_fields),
    changedFields: parse(r.changed_fields) ?? {},
    currentFields: parse(r.current_fields),
    geometryChanged: r.geometry_changed,
    approvedBy: r.approved_by,
  }
}

/** Values of an audit field (the builder's suggestions); the timestamp has none. */
export async function auditSamples(
  db: Queryable,
  name: string,
  opts: { limit: number; contains?: string },
): Promise<(string | number)[]> {
  const field = sql.AUDIT_FILTER_FIELDS.byName.get(name)
  if (!field)
    throw badRequest([{ field: 'field', message: t('filters.unknownField', { field: name }) }])
  if (field.type === 'datetime') throw fieldError('field', 'audit.noSamples')
  return sql.auditSamples(db, field.sql, opts)
}
