import { likePattern } from '../../db/like'
import type { Queryable } from '../../db/types'
import { FixedFilterFields, SqlParams } from '../../layer-data/where'

/**
 * Reads of `app.audit_log`, which only the audit trigger of the layer tables writes
 * (migration 001): the history of one feature, and the administrators' audit search.
 */

export interface HistoryRow {
  id: number
  at: Date
  username: string | null
  action: 'I' | 'U' | 'D'
  current_fields: string | null
  previous_fields: string | null
  changed_fields: string | null
  geometry_changed: boolean
  application: string | null
  client_addr: string | null
  client_port: number | null
  /** The administrator who approved the change, when it came through an approval (issue 14). */
  approved_by: string | null
}

/**
 * One page of a feature's entries, newest first, and the total. The geometry is left out of
 * the field maps (it is large and the history does not show it); `geometry_changed` says
 * whether the entry changed it.
 */
export async function featureHistory(
  db: Queryable,
  table: { schema: string; name: string },
  featureId: number,
  page: { limit: number; offset: number; ascending: boolean },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const where = 'table_schema = $1 AND table_name = $2 AND feature_id = $3'
  const [list, count] = await Promise.all([
    db.query<HistoryRow>(
      `SELECT id, at, username, action,
              (current_fields - 'geom')::text AS current_fields,
              (old_fields - 'geom')::text AS previous_fields,
              (changed_fields - 'geom')::text AS changed_fields,
              coalesce(jsonb_typeof(changed_fields -> 'geom') NOT IN ('null'), false) AS geometry_changed,
              application, client_addr, client_port, approved_by
         FROM app.audit_log WHERE ${where}
        ORDER BY id ${page.ascending ? 'ASC' : 'DESC'} LIMIT $4 OFFSET $5`,
      [table.schema, table.name, featureId, page.limit, page.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app.audit_log WHERE ${where}`, [
      table.schema,
      table.name,
      featureId,
    ]),
  ])
  return { rows: list.rows, total: count.rows[0]?.n ?? 0 }
}

/**
 * The audit record's fields as the filter compiler takes them (spec 3 §3): each one an
 * expression over `app.audit_log a` and the layer of its table `app.layers l` (absent once the
 * layer is deleted: then the table's name stands for it).
 */
export const AUDIT_FILTER_FIELDS = new FixedFilterFields([
  { name: 'timestamp', type: 'datetime', valueType: 'datetime', sql: 'a.at' },
  {
    name: 'action',
    type: 'audit-action',
    valueType: 'string',
    sql: 'a.action::text',
    values: ['I', 'U', 'D'],
  },
  { name: 'table', type: 'layer', valueType: 'string', sql: 'coalesce(l.name, a.table_name)' },
  { name: 'rowId', type: 'number', valueType: 'number', sql: 'a.feature_id::float8' },
  { name: 'user', type: 'string', valueType: 'string', sql: 'a.username' },
  { name: 'application', type: 'string', valueType: 'string', sql: 'a.application' },
  { name: 'clientAddress', type: 'string', valueType: 'string', sql: 'a.client_addr' },
  { name: 'clientPort', type: 'number', valueType: 'number', sql: 'a.client_port::float8' },
])

/** What the results sort by: the API's names to trusted SQL (the layer by its title). */
export const AUDIT_SORT_SQL: Readonly<Record<string, string>> = {
  id: 'a.id',
  timestamp: 'a.at',
  action: 'a.action',
  table: 'coalesce(l.title, a.table_name)',
  rowId: 'a.feature_id',
  user: 'a.username',
  application: 'a.application',
  clientAddress: 'a.client_addr',
  clientPort: 'a.client_port',
}

/** Sort expressions over columns that are never null (the timestamp has an index with the id). */
const NOT_NULL_SORT = new Set(['a.id', 'a.at', 'a.action'])

export interface AuditRow extends HistoryRow {
  layer: string
  layer_title: string | null
  feature_id: number | null
}

const FROM = `app.audit_log a
  LEFT JOIN app.layers l ON l.table_schema = a.table_schema AND l.table_name = a.table_name`

/**
 * One page of the audit records a compiled filter (`where`, over `a` and `l`, its values in
 * `params`) selects, in the order of a trusted `sortSql`, then by id the same way; and the
 * number of records it selects.
 */
export async function auditSearch(
  db: Queryable,
  where: string,
  params: SqlParams,
  sort: { sql: string; descending: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const dir = sort.descending ? 'DESC' : 'ASC'
  const countValues = params.values.slice()
  // Columns that are never null sort without NULLS LAST, so that an index serves the order.
  const order = NOT_NULL_SORT.has(sort.sql)
    ? `ORDER BY ${sort.sql} ${dir}, a.id ${dir}`
    : `ORDER BY ${sort.sql} ${dir} NULLS LAST, a.id ${dir}`
  const { rows } = await db.query<AuditRow>(
    `SELECT a.id, a.at, a.username, a.action, a.feature_id,
            coalesce(l.name, a.table_name) AS layer, l.title AS layer_title,
            (a.current_fields - 'geom')::text AS current_fields,
            (a.old_fields - 'geom')::text AS previous_fields,
            (a.changed_fields - 'geom')::text AS changed_fields,
            coalesce(jsonb_typeof(a.changed_fields -> 'geom') NOT IN ('null'), false) AS geometry_changed,
            a.application, a.client_addr, a.client_port, a.approved_by
       FROM ${FROM} WHERE ${where} ${order}
      LIMIT ${params.bind(page.limit, 'int')} OFFSET ${params.bind(page.offset, 'bigint')}`,
    params.values,
  )
  // The count is needed only when the page does not tell it already.
  let total: number
  if (rows.length > 0 && rows.length < page.limit) total = page.offset + rows.length
  else if (rows.length === 0 && page.offset === 0) total = 0
  else {
    const { rows: n } = await db.query<{ n: number }>(
      `SELECT count(*)::float8 AS n FROM ${FROM} WHERE ${where}`,
      countValues,
    )
    total = n[0]!.n
  }
  return { rows, total }
}

/**
 * Values of an audit field for the filter builder's suggestions: distinct, most frequent
 * first, those whose text contains `contains` (any case) when given. `expr` is the field's
 * trusted SQL.
 */
export async function auditSamples(
  db: Queryable,
  expr: string,
  opts: { limit: number; contains?: string },
): Promise<(string | number)[]> {
  const params = new SqlParams()
  const conditions = [`${expr} IS NOT NULL`]
  if (opts.contains) {
    conditions.push(`${expr}::text ILIKE ${params.bind(likePattern(opts.contains), 'text')}`)
  }
  const { rows } = await db.query<{ v: string | number }>(
    `SELECT v FROM (
       SELECT ${expr} AS v, count(*) AS n FROM ${FROM} WHERE ${conditions.join(' AND ')} GROUP BY 1) s
      ORDER BY n DESC, v LIMIT ${params.bind(opts.limit, 'int')}`,
    params.values,
  )
  return rows.map((r) => r.v)
}
