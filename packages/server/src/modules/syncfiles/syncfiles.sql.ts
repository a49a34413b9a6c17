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

/** A file of a job, with the records it was sent to (sends under way left out). */
export interface FileRow {
  name: string
  size: number
  type: string
  reason: unknown
  association: { name: string; id: number }[]
}

export async function listFiles(db: Queryable, jobId: number): Promise<FileRow[]> {
  const { rows } = await db.query<FileRow>(
    `SELECT f.name, f.size::float8 AS size, f.type, f.reason,
            coalesce((SELECT json_agg(json_build_object('name', s.layer_name, 'id', s.feature_id::float8)
                                      ORDER BY s.sent_at, s.feature_id)
                        FROM app.syncfiles_sent s
                       WHERE s.job_id = f.job_id AND s.file_name = f.name
                         AND s.attachment_id IS NOT NULL), '[]'::json) AS association
       FROM app.syncfiles_files f WHERE f.job_id = $1 ORDER BY f.name`,
    [jobId],
  )
  return rows
}

/** Adds the files of a folder to its job, or updates their size, type and reason. */
export async function upsertFiles(
  db: Queryable,
  jobId: number,
  files: readonly { name: string; size: number; type: string; reason: unknown }[],
): Promise<void> {
  if (files.length === 0) return
  await db.query(
    `INSERT INTO app.syncfiles_files (job_id, name, size, type, reason)
     SELECT $1, f.name, f.size, f.type, f.reason
       FROM jsonb_to_recordset($2::jsonb) AS f(name text, size bigint, type text, reason jsonb)
     ON CONFLICT (job_id, name) DO UPDATE
       SET size = EXCLUDED.size, type = EXCLUDED.type, reason = EXCLUDED.reason`,
    [jobId, JSON.stringify(files)],
  )
}

export async function fileExists(db: Queryable, jobId: number, name: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM app.syncfiles_files WHERE job_id = $1 AND name = $2',
    [jobId, name],
  )
  return rows.length > 0
}

/** A send that started this long ago and never finished (the server stopped) may be retried. */
const STALE_CLAIM = "interval '10 minutes'"

/**
 * Claims the send of a file to a record: true when this call may send it, false when it was
 * sent already (or is being sent).
 */
export async function claimSend(
  db: Queryable,
  send: { jobId: number; file: string; layer: string; featureId: number },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO app.syncfiles_sent (job_id, file_name, layer_name, feature_id)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (job_id, file_name, layer_name, feature_id) DO UPDATE SET sent_at = now()
       WHERE app.syncfiles_sent.attachment_id IS NULL
         AND app.syncfiles_sent.sent_at < now() - ${STALE_CLAIM}
     RETURNING 1`,
    [send.jobId, send.file, send.layer, send.featureId],
  )
  return rows.length > 0
}

export async function finishSend(
  db: Queryable,
  send: { jobId: number; file: string; layer: string; featureId: number },
  attachmentId: number,
): Promise<void> {
  await db.query(
    `UPDATE app.syncfiles_sent SET attachment_id = $5
      WHERE job_id = $1 AND file_name = $2 AND layer_name = $3 AND feature_id = $4`,
    [send.jobId, send.file, send.layer, send.featureId, attachmentId],
  )
  await db.query('UPDATE app.syncfiles_files SET reason = NULL WHERE job_id = $1 AND name = $2', [
    send.jobId,
    send.file,
  ])
}

export async function dropSend(
  db: Queryable,
  send: { jobId: number; file: string; layer: string; featureId: number },
): Promise<void> {
  await db.query(
    `DELETE FROM app.syncfiles_sent
      WHERE job_id = $1 AND file_name = $2 AND layer_name = $3 AND feature_id = $4`,
    [send.jobId, send.file, send.layer, send.featureId],
  )
}

export async function sentAttachment(
  db: Queryable,
  send: { jobId: number; file: string; layer: string; featureId: number },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number | null }>(
    `SELECT attachment_id::float8 AS id FROM app.syncfiles_sent
      WHERE job_id = $1 AND file_name = $2 AND layer_name = $3 AND feature_id = $4`,
    [send.jobId, send.file, send.layer, send.featureId],
  )
  return rows[0]?.id ?? null
}
