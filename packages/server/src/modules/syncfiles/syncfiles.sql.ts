import type { Queryable } from '../../db/types'
import type { SqlPaging } from '../../http/paging'

/** The statements of app.syncfiles_jobs. */

export interface JobRow {
  id: number
  folder_name: string
  file_count: number
  layer_name: string | null
  created: number
  updated: number
  pending: number
  errors: number
  username: string | null
  created_at: Date
  finished_at: Date | null
}

const COLUMNS = `j.id::float8 AS id, j.folder_name, j.file_count, j.layer_name, j.created,
  j.updated, j.pending, j.errors, u.username, j.created_at, j.finished_at`
const FROM = 'app.syncfiles_jobs j LEFT JOIN app.users u ON u.id = j.user_id'

/** Sort names of the job list to their columns. */
export const JOB_SORTS = {
  id: 'j.id',
  folderName: 'j.folder_name',
  createdDate: 'j.created_at',
}

export async function listJobs(
  db: Queryable,
  paging: SqlPaging,
): Promise<{ rows: JobRow[]; total: number }> {
  const { rows } = await db.query<JobRow>(
    `SELECT ${COLUMNS} FROM ${FROM} ${paging.orderBy}, j.id DESC LIMIT $1 OFFSET $2`,
    [paging.limit, paging.offset],
  )
  const { rows: n } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app.syncfiles_jobs',
  )
  return { rows, total: n[0]!.n }
}

export async function readJob(db: Queryable, id: number): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE j.id = $1`, [id])
  return rows[0]
}

export async function insertJob(
  db: Queryable,
  userId: number,
  folderName: string,
  fileCount: number,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.syncfiles_jobs (folder_name, file_count, pending, user_id)
     VALUES ($1, $2, $2, $3) RETURNING id::float8 AS id`,
    [folderName, fileCount, userId],
  )
  return rows[0]!.id
}

export async function updateReport(
  db: Queryable,
  id: number,
  report: { layerName: string; created: number; updated: number; pending: number; errors: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE app.syncfiles_jobs SET layer_name = $2, created = $3, updated = $4, pending = $5,
       errors = $6, finished_at = now() WHERE id = $1`,
    [id, report.layerName, report.created, report.updated, report.pending, report.errors],
  )
  return rowCount > 0
}

export async function deleteJob(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM app.syncfiles_jobs WHERE id = $1', [id])
  return rowCount > 0
}
