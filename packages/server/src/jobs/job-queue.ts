import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { t } from '@gis/shared'
import type { Db } from '../db/types'
import * as sql from './jobs.sql'

export type { JobStatus } from './jobs.sql'

/** What a job's handler gets: its payload, a way to report progress, and a stop signal. */
export interface JobContext<P> {
  id: number
  payload: P
  userId: number | null
  /** Records progress (shown to the user, polled every second) and that the job is alive. */
  progress(value: number, max: number, message?: string): Promise<void>
  /**
   * Whether the user asked the job to stop (JobQueue.cancel), as of the last progress report:
   * the handler undoes what it did and throws JobCancelled.
   */
  cancelRequested(): boolean
  /** Aborted when the server shuts down: stop at the next batch; the job is taken up again. */
  signal: AbortSignal
}

export type JobHandler<P = unknown, R = unknown> = (ctx: JobContext<P>) => Promise<R>

export interface Job {
  id: number
  type: string
  status: sql.JobStatus
  payload: unknown
  result: unknown
  message: string | null
  progress: { value: number; max: number }
  userId: number | null
  attempts: number
  created: string
  started: string | null
  finished: string | null
  /** Processing time so far, or in all once finished. */
  elapsedMs: number
}

/** A failure whose message is meant for the user (Portuguese, from the catalogue). */
export class JobFailure extends Error {}

/** A job that stopped because it was cancelled: `message` says so, for the user. */
export class JobCancelled extends Error {}

export interface JobQueueOptions {
  db: Db
  log?: { error(obj: object, msg: string): void; info(obj: object, msg: string): void }
  /** How often idle workers look for queued jobs (other processes may enqueue). */
  pollMs?: number
  /** A running job that gave no sign of life for this long is taken back. */
  staleSeconds?: number
  maxAttempts?: number
}

/**
 * A lane runs its job types one at a time, beside the other lanes: `quick` work (a PDF's
 * preview) never waits behind a long export or report of the `main` lane, and neither waits
 * behind the reading or execution of an import (the `import` lane).
 */
export type JobLane = 'main' | 'quick' | 'import'

export interface JobQueue {
  register<P, R>(type: string, handler: JobHandler<P, R>, options?: { lane?: JobLane }): void
  enqueue(type: string, payload: unknown, userId: number | null): Promise<number>
  get(id: number): Promise<Job | undefined>
  /** Asks a job to stop (see sql.cancelJob); answers its status now. */
  cancel(id: number): Promise<sql.JobStatus | undefined>
  /** Starts working: recovers jobs of dead processes, then claims queued jobs one at a time. */
  start(): void
  /** Stops claiming; a running job is asked to stop and left to be taken up again. */
  stop(): Promise<void>
  /** Resolves when no queued job of a registered type remains and none runs here (tests). */
  idle(): Promise<void>
}

function toJob(r: sql.JobRow): Job {
  const end = r.finished_at ?? (r.started_at ? new Date() : null)
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    payload: r.payload,
    result: r.result,
    message: r.message,
    progress: { value: r.progress_value, max: r.progress_max },
    userId: r.user_id,
    attempts: r.attempts,
    created: r.created_at.toISOString(),
    started: r.started_at?.toISOString() ?? null,
    finished: r.finished_at?.toISOString() ?? null,
    elapsedMs: r.started_at && end ? end.getTime() - r.started_at.getTime() : 0,
  }
}

/**
 * Jobs live in `app.jobs`: any server process (several behind a load balancer) claims them
 * with FOR UPDATE SKIP LOCKED, one at a time per lane and process. A running job refreshes its
 * heartbeat; a job whose process died is queued again (or failed after `maxAttempts`), so it
 * survives a restart. Handlers must work in short transactions (the embedded database has
 * one backend: a long transaction would stop the map and the API meanwhile).
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log } = options
  const pollMs = options.pollMs ?? 1000
  const staleSeconds = options.staleSeconds ?? 60
  const maxAttempts = options.maxAttempts ?? 3
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const handlers = new Map<string, JobHandler<never, unknown>>()
  const laneOf = new Map<string, JobLane>()
  interface Lane {
    current?: Promise<void>
    timer?: NodeJS.Timeout
  }
  const lanes: Record<JobLane, Lane> = { main: {}, quick: {}, import: {} }
  const busy = () => Object.values(lanes).some((lane) => lane.current)
  let running = false
  let abort = new AbortController()
  let lastRecovery = 0
  const waiters: (() => void)[] = []
  const typesOf = (lane: JobLane) => [...laneOf].filter(([, l]) => l === lane).map(([t]) => t)

  async function recover() {
    lastRecovery = Date.now()
    const taken = await sql.recoverStaleJobs(db, staleSeconds, maxAttempts, t('jobs.interrupted'))
    if (taken) log?.info({ taken }, 'jobs of stopped processes taken back')
  }

  async function runOne(row: sql.JobRow) {
    const handler = handlers.get(row.type)!
    let cancel = false
    // A sign of life between progress reports, so a long step is not taken for a dead process.
    const beat = setInterval(
      () => {
        void sql
          .reportProgress(db, row.id, worker, {
            value: row.progress_value,
            max: row.progress_max,
          })
          .then((asked) => {
            cancel ||= asked
          })
          .catch(() => undefined)
      },
      Math.max(1000, (staleSeconds * 1000) / 4),
    )
    try {
      const result = await handler({
        id: row.id,
        payload: row.payload as never,
        userId: row.user_id,
        signal: abort.signal,
        progress: async (value, max, message) => {
          row.progress_value = value
          row.progress_max = max
          cancel ||= await sql.reportProgress(db, row.id, worker, { value, max, message })
        },
        cancelRequested: () => cancel,
      })
      if (abort.signal.aborted) return await sql.releaseJob(db, row.id, worker)
      await sql.finishJob(db, row.id, worker, { status: 'COMPLETE', result })
    } catch (err) {
      if (abort.signal.aborted) return await sql.releaseJob(db, row.id, worker)
      if (err instanceof JobCancelled) {
        return await sql.finishJob(db, row.id, worker, {
          status: 'CANCELLED',
          message: err.message,
        })
      }
      const message = err instanceof JobFailure ? err.message : t('jobs.failed')
      if (!(err instanceof JobFailure)) log?.error({ err, job: row.id }, 'job failed')
      await sql.finishJob(db, row.id, worker, { status: 'ERROR', message })
    } finally {
      clearInterval(beat)
    }
  }

  async function loop(name: JobLane) {
    const lane = lanes[name]
    const types = typesOf(name)
    while (running) {
      try {
        if (Date.now() - lastRecovery > (staleSeconds * 1000) / 2) await recover()
        const row = types.length ? await sql.claimJob(db, types, worker) : undefined
        if (!row) break
        await runOne(row)
      } catch (err) {
        log?.error({ err }, 'job queue failed')
        break
      }
    }
    lane.current = undefined
    if (running) lane.timer = setTimeout(() => wakeLane(name), pollMs)
    if (!busy()) for (const w of waiters.splice(0)) w()
  }

  function wakeLane(name: JobLane) {
    const lane = lanes[name]
    clearTimeout(lane.timer)
    if (!running || lane.current) return
    lane.current = loop(name)
  }

  function wake() {
    for (const name of Object.keys(lanes) as JobLane[]) wakeLane(name)
  }

  return {
    register(type, handler, options) {
      handlers.set(type, handler as JobHandler<never, unknown>)
      laneOf.set(type, options?.lane ?? 'main')
    },
    async enqueue(type, payload, userId) {
      if (!handlers.has(type)) throw new Error(`unknown job type ${type}`)
      const id = await sql.insertJob(db, type, payload, userId)
      wake()
      return id
    },
    async get(id) {
      const row = await sql.findJob(db, id)
      return row ? toJob(row) : undefined
    },
    cancel(id) {
      return sql.cancelJob(db, id, t('jobs.cancelled'))
    },
    start() {
      if (running) return
      running = true
      abort = new AbortController()
      wake()
    },
    async stop() {
      running = false
      abort.abort()
      for (const lane of Object.values(lanes)) clearTimeout(lane.timer)
      await Promise.all(Object.values(lanes).map((lane) => lane.current))
    },
    idle() {
      if (!busy()) return Promise.resolve()
      return new Promise((resolve) => waiters.push(resolve))
    },
  }
}
