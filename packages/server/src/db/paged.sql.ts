import type { Queryable } from './types'

/** A list read a page at a time: the same `FROM … WHERE …` paged and counted. */
export interface PagedSelect {
  /** What `SELECT` lists. */
  columns: string
  /** `table alias [JOIN …] [WHERE …]`, with its parameters `$1…$n` in `params`. */
  from: string
  params?: readonly unknown[]
  /** The `ORDER BY …` clause, from whitelisted columns only (`toSqlPaging`). */
  orderBy: string
  limit: number
  offset: number
}

/** One page of rows (LIMIT and OFFSET after the list's parameters) and the total. */
export async function selectPage<R>(
  db: Queryable,
  { columns, from, params = [], orderBy, limit, offset }: PagedSelect,
): Promise<{ rows: R[]; total: number }> {
  const n = params.length
  const [page, count] = await Promise.all([
    db.query<R>(`SELECT ${columns} FROM ${from} ${orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      limit,
      offset,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`, [...params]),
  ])
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 }
}
