import type { Queryable } from '../db/types'

/** A finished export's stored file (`app.export_files`, owned here: the exports' and the reports' files). */
export interface ExportFileRow {
  job_id: number
  user_id: number | null
  storage_key: string
  filename: string
  content_type: string
  size: number
  rows: number
  expires_at: Date
}

export async function insertExportFile(
  db: Queryable,
  row: Omit<ExportFileRow, 'expires_at'> & { keepHours: number },
): Promise<void> {
  await db.query(
    `INSERT INTO app.export_files (job_id, user_id, storage_key, filename, content_type, size,
       rows, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(hours => $8::int))`,
    [
      row.job_id,
      row.user_id,
      row.storage_key,
      row.filename,
      row.content_type,
      row.size,
      row.rows,
      row.keepHours,
    ],
  )
}

/** The live file of an export of this user, if any. */
export async function findExportFile(
  db: Queryable,
  jobId: number,
  userId: number,
): Promise<ExportFileRow | undefined> {
  const { rows } = await db.query<ExportFileRow>(
    `SELECT job_id, user_id, storage_key, filename, content_type, size::float8 AS size,
            rows::float8 AS rows, expires_at
       FROM app.export_files
      WHERE job_id = $1 AND user_id = $2 AND expires_at > now()`,
    [jobId, userId],
  )
  return rows[0]
}

/** Removes up to `limit` expired files' rows and answers their storage keys. */
export async function takeExpiredExportFiles(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ storage_key: string }>(
    `DELETE FROM app.export_files
      WHERE job_id IN (SELECT job_id FROM app.export_files WHERE expires_at <= now()
                        ORDER BY expires_at LIMIT $1)
      RETURNING storage_key`,
    [limit],
  )
  return rows.map((r) => r.storage_key)
}
