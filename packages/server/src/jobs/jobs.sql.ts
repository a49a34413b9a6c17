import type { Queryable } from '../db/types'

export type JobStatus = 'QUEUED' | 'IN_PROGRESS' | 'COMPLETE' | 'ERROR'

export interface JobRow {
  id: number
  type: string
  status: JobStatus
  payload: unknown
  result: unknown
  message: string | null
  progress_value: number
  progress_max: number
  user_id: number | null
  attempts: number
  created_at: Date
  started_at: Date | null
  finished_at: Date | null
}

const COLUMNS = `id, type, status, payload, result, message, progress_value, progress_max,
  user_id, attempts, created_at, started_at, finished_at`

export async function insertJob(
  db: Queryable,
  type: string,
  payload: unknown,
  userId: number | null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.jobs (type, payload, user_id) VALUES ($1, $2::text::jsonb, $3) RETURNING id`,
    [type, JSON.stringify(payload ?? {}), userId],
  )
  return rows[0]!.id
}

export async function findJob(db: Queryable, id: number): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>(`SELECT ${COLUMNS} FROM app.jobs WHERE id = $1`, [id])
  return rows[0]
}

/**
 * Takes the oldest queued job of the given types for `worker`, or none. SKIP LOCKED: processes
 * claiming at the same time each get a different job, and none waits for another.
 */
export async function claimJob(
  db: Queryable,
  types: string[],
  worker: string,
): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>(
    `UPDATE app.jobs SET status = 'IN_PROGRESS', claimed_by = $2, attempts = attempts + 1,
            started_at = coalesce(started_at, now()), heartbeat_at = now()
      WHERE id = (SELECT id FROM app.jobs WHERE status = 'QUEUED' AND type = ANY($1::text[])
                   ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
      RETURNING ${COLUMNS}`,
    [types, worker],
  )
  return rows[0]
}

/** Progress of a running job; also its sign of life. */
export async function reportProgress(
  db: Queryable,
  id: number,
  worker: string,
  progress: { value: number; max: number; message?: string },
): Promise<void> {
  await db.query(
    `UPDATE app.jobs SET progress_value = $3, progress_max = $4,
            message = coalesce($5, message), heartbeat_at = now()
      WHERE id = $1 AND claimed_by = $2 AND status = 'IN_PROGRESS'`,
    [id, worker, progress.value, progress.max, progress.message ?? null],
  )
}

export async function finishJob(
  db: Queryable,
  id: number,
  worker: string,
  outcome: { status: 'COMPLETE'; result: unknown } | { status: 'ERROR'; message: string },
): Promise<void> {
  await db.query(
    `UPDATE app.jobs SET status = $3, result = $4::text::jsonb, message = coalesce($5, message),
            finished_at = now(), heartbeat_at = now(),
            progress_value = CASE WHEN $3 = 'COMPLETE' THEN greatest(progress_max, progress_value)
                                  ELSE progress_value END
      WHERE id = $1 AND claimed_by = $2 AND status = 'IN_PROGRESS'`,
    [
      id,
      worker,
      outcome.status,
      outcome.status === 'COMPLETE' ? JSON.stringify(outcome.result ?? null) : null,
      outcome.status === 'ERROR' ? outcome.message : null,
    ],
  )
}

/**
 * Jobs whose process stopped giving signs of life (it died or was restarted): queued again,
 * or failed once they have had `maxAttempts`. Answers how many were taken back.
 */
export async function recoverStaleJobs(
  db: Queryable,
  staleSeconds: number,
  maxAttempts: number,
  message: string,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE app.jobs
        SET status = CASE WHEN attempts >= $2 THEN 'ERROR' ELSE 'QUEUED' END,
            message = CASE WHEN attempts >= $2 THEN $3 ELSE message END,
            finished_at = CASE WHEN attempts >= $2 THEN now() ELSE NULL END,
            claimed_by = NULL
      WHERE status = 'IN_PROGRESS' AND heartbeat_at < now() - make_interval(secs => $1)`,
    [staleSeconds, maxAttempts, message],
  )
  return rowCount
}

/** Gives a job this process was running back to the queue (the server is stopping). */
export async function releaseJob(db: Queryable, id: number, worker: string): Promise<void> {
  await db.query(
    `UPDATE app.jobs SET status = 'QUEUED', claimed_by = NULL
      WHERE id = $1 AND claimed_by = $2 AND status = 'IN_PROGRESS'`,
    [id, worker],
  )
}
