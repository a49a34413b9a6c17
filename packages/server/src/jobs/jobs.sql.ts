import type { Queryable } from '../db/types'
import type { SqlPaging } from '../http/paging'

export type JobStatus = 'QUEUED' | 'IN_PROGRESS' | 'COMPLETE' | 'ERROR' | 'CANCELLED'

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

/** Progress of a running job; also its sign of life. Answers whether it was asked to stop. */
export async function reportProgress(
  db: Queryable,
  id: number,
  worker: string,
  progress: { value: number; max: number; message?: string },
): Promise<boolean> {
  const { rows } = await db.query<{ cancel: boolean }>(
    `UPDATE app.jobs SET progress_value = $3, progress_max = $4,
            message = coalesce($5, message), heartbeat_at = now()
      WHERE id = $1 AND claimed_by = $2 AND status = 'IN_PROGRESS'
      RETURNING cancel_requested AS cancel`,
    [id, worker, progress.value, progress.max, progress.message ?? null],
  )
  return rows[0]?.cancel ?? false
}

/**
 * Asks a job to stop: a queued one is CANCELLED at once, a running one is flagged (its handler
 * stops at its next progress report). Answers the status it has now, or undefined.
 */
export async function cancelJob(
  db: Queryable,
  id: number,
  message: string,
): Promise<JobStatus | undefined> {
  const { rows } = await db.query<{ status: JobStatus }>(
    `UPDATE app.jobs SET cancel_requested = status IN ('QUEUED', 'IN_PROGRESS'),
            status = CASE WHEN status = 'QUEUED' THEN 'CANCELLED' ELSE status END,
            message = CASE WHEN status = 'QUEUED' THEN $2 ELSE message END,
            finished_at = CASE WHEN status = 'QUEUED' THEN now() ELSE finished_at END
      WHERE id = $1 RETURNING status`,
    [id, message],
  )
  return rows[0]?.status
}

export async function finishJob(
  db: Queryable,
  id: number,
  worker: string,
  outcome:
    { status: 'COMPLETE'; result: unknown } | { status: 'ERROR' | 'CANCELLED'; message: string },
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
      outcome.status === 'COMPLETE' ? null : outcome.message,
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

/** A job with its user's name (the repository of exports and reports lists these). */
export interface JobWithUserRow extends Omit<JobRow, 'attempts'> {
  username: string | null
}

const WITH_USER_COLUMNS = `j.id::int AS id, j.type, j.status, j.payload, j.result, j.message,
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
export async function listJobsOfTypes(
  db: Queryable,
  types: readonly string[],
  userId: number | null,
  paging: SqlPaging,
): Promise<{ rows: JobWithUserRow[]; total: number }> {
  const where = 'j.type = ANY($1::text[]) AND ($2::bigint IS NULL OR j.user_id = $2::bigint)'
  const { rows } = await db.query<JobWithUserRow>(
    `SELECT ${WITH_USER_COLUMNS} FROM app.jobs j LEFT JOIN app.users u ON u.id = j.user_id
      WHERE ${where} ${paging.orderBy}, j.id DESC LIMIT $3 OFFSET $4`,
    [types, userId, paging.limit, paging.offset],
  )
  const { rows: n } = await db.query<{ n: number }>(
    `SELECT count(*)::float8 AS n FROM app.jobs j WHERE ${where}`,
    [types, userId],
  )
  return { rows, total: n[0]!.n }
}

export async function findJobWithUser(
  db: Queryable,
  id: number,
): Promise<JobWithUserRow | undefined> {
  const { rows } = await db.query<JobWithUserRow>(
    `SELECT ${WITH_USER_COLUMNS} FROM app.jobs j LEFT JOIN app.users u ON u.id = j.user_id
      WHERE j.id = $1`,
    [id],
  )
  return rows[0]
}

/** Jobs waiting or running, by type and status, with the age of the oldest (metrics). */
export interface QueueStat {
  type: string
  status: 'QUEUED' | 'IN_PROGRESS'
  count: number
  /** Seconds since the oldest was queued (QUEUED) or started (IN_PROGRESS). */
  oldest_seconds: number
}

export async function queueStats(db: Queryable): Promise<QueueStat[]> {
  const { rows } = await db.query<QueueStat>(
    `SELECT type, status, count(*)::int AS count,
            COALESCE(extract(epoch FROM now() - min(
              CASE WHEN status = 'QUEUED' THEN created_at ELSE COALESCE(started_at, created_at) END
            )), 0)::float8 AS oldest_seconds
       FROM app.jobs
      WHERE status IN ('QUEUED', 'IN_PROGRESS')
      GROUP BY type, status
      ORDER BY type, status`,
  )
  return rows
}
