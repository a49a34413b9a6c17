import type { Queryable } from '../../db/types'
import type { SqlPaging } from '../../http/paging'

/** A job of the repository with its user's name (`app.jobs`, read here). */
export interface RepositoryRow {
  id: number
  type: string
  status: 'QUEUED' | 'IN_PROGRESS' | 'COMPLETE' | 'ERROR'
  payload: unknown
  result: unknown
  message: string | null
  progress_value: number
  progress_max: number
  user_id: number | null
  username: string | null
  created_at: Date
  started_at: Date | null
  finished_at: Date | null
}

const COLUMNS = `j.id::int AS id, j.type, j.status, j.payload, j.result, j.message,
  j.progress_value, j.progress_max, j.user_id::int AS user_id, u.username, j.created_at,
  j.started_at, j.finished_at`

export const JOB_SORTS = {
  created: 'j.created_at',
  id: 'j.id',
  type: 'j.type',
  status: 'j.status',
  username: 'u.username',
}

/** One page of the jobs of these types (of one user, or everyone's), and the count. */
export async function listJobs(
  db: Queryable,
  types: readonly string[],
  userId: number | null,
  paging: SqlPaging,
): Promise<{ rows: RepositoryRow[]; total: number }> {
  const where = 'j.type = ANY($1::text[]) AND ($2::bigint IS NULL OR j.user_id = $2::bigint)'
  const { rows } = await db.query<RepositoryRow>(
    `SELECT ${COLUMNS} FROM app.jobs j LEFT JOIN app.users u ON u.id = j.user_id
      WHERE ${where} ${paging.orderBy}, j.id DESC LIMIT $3 OFFSET $4`,
    [types, userId, paging.limit, paging.offset],
  )
  const { rows: n } = await db.query<{ n: number }>(
    `SELECT count(*)::float8 AS n FROM app.jobs j WHERE ${where}`,
    [types, userId],
  )
  return { rows, total: n[0]!.n }
}

export async function findJob(db: Queryable, id: number): Promise<RepositoryRow | undefined> {
  const { rows } = await db.query<RepositoryRow>(
    `SELECT ${COLUMNS} FROM app.jobs j LEFT JOIN app.users u ON u.id = j.user_id
      WHERE j.id = $1`,
    [id],
  )
  return rows[0]
}
