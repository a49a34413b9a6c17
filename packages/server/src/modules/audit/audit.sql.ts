import type { Queryable } from '../../db/types'

/**
 * Reads of `app.audit_log`, which only the audit trigger of the layer tables writes
 * (migration 001): the history of one feature.
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
