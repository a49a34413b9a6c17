import type { Readable } from 'node:stream'
import { t, type ImportStatusBody, type PagingQuery, type SessionUser } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Db } from '../../db/types'
import { HttpError } from '../../http/errors'
import { FileTooLarge } from '../../storage/file-storage'
import { formatOf } from './dataloader-files'
import { toJob, type ImportJob } from './dataloader-job'
import { ptNumber } from './dataloader-limits'
import { DATALOADER_READ_JOB } from './dataloader-read'
import * as sql from './dataloader.sql'

export type User = Pick<SessionUser, 'id' | 'username' | 'admin'>

const notFound = () => new HttpError(404, t('dataloader.notFound'))

/** The import if it is the caller's (another user's import is the same 404 as none). */
export async function ownImport(db: Db, user: User, id: number): Promise<sql.ImportRow> {
  const row = await sql.findImport(db, id)
  if (!row || row.user_id !== user.id) throw notFound()
  return row
}

/**
 * Stores the uploaded file (streamed, never whole in memory) and starts its reading: the
 * import answers READING, its rows and columns come with the read job.
 */
export async function upload(
  deps: AppDeps,
  user: User,
  filename: string,
  file: Readable,
): Promise<ImportJob> {
  const maxBytes = deps.config.importMaxMb * 1024 * 1024
  const stored = await deps.storage
    .put(file, { maxBytes, suffix: formatOf(filename) })
    .catch((err: unknown) => {
      throw err instanceof FileTooLarge
        ? new HttpError(
            400,
            t('dataloader.fileTooLarge', { max: ptNumber(deps.config.importMaxMb) }),
          )
        : err
    })
  const id = await sql.createImport(deps.db, user.id, filename, stored.key)
  const jobId = await deps.jobs.enqueue(DATALOADER_READ_JOB, { importId: id }, user.id)
  await sql.setReadJob(deps.db, id, jobId)
  return toJob((await sql.findImport(deps.db, id))!)
}

export async function getImport(db: Db, user: User, id: number): Promise<ImportJob> {
  return toJob(await ownImport(db, user, id))
}

export type ImportStatus = ImportStatusBody['status']

/**
 * Where the import is: READING (rows read so far) or FAILED (why); once read, the state of its
 * last job (execution or undo: CREATED before any), with the rows validated, written and with
 * errors.
 */
export async function status(deps: AppDeps, user: User, id: number): Promise<ImportStatusBody> {
  const row = await ownImportOrAdmin(deps.db, user, id)
  const counts = {
    read: row.row_count,
    validated: row.counts.validated ?? 0,
    written: row.counts.written ?? 0,
    errors: row.counts.errors ?? 0,
  }
  if (row.state !== 'READY') {
    const read = row.read_job_id ? await deps.jobs.get(row.read_job_id) : undefined
    return {
      status: row.state,
      progress: read?.progress ?? { value: 0, max: 0 },
      message: row.state === 'FAILED' ? (row.counts.readError ?? null) : (read?.message ?? null),
      counts: { ...counts, read: read?.progress.value ?? 0 },
    }
  }
  const job = row.job_id ? await deps.jobs.get(row.job_id) : undefined
  return {
    status: (job?.status ?? 'CREATED') as ImportStatus,
    progress: job?.progress ?? { value: 0, max: row.row_count },
    message: job?.message ?? null,
    counts,
  }
}

/** An administrator follows any import's status (an undo is theirs to start); a user, their own. */
async function ownImportOrAdmin(db: Db, user: User, id: number): Promise<sql.ImportRow> {
  const row = await sql.findImport(db, id)
  if (!row || (row.user_id !== user.id && !user.admin)) throw notFound()
  return row
}

export async function report(db: Db, user: User, id: number) {
  await ownImport(db, user, id)
  const n = await sql.statusCounts(db, id)
  const created = n.C ?? 0
  const updated = n.U ?? 0
  return {
    created,
    updated,
    pending: n.P ?? 0,
    errors: n.E ?? 0,
    success: created + updated + (n.S ?? 0),
  }
}

export async function data(db: Db, user: User, id: number, page: PagingQuery) {
  const row = await ownImport(db, user, id)
  const names = (row.metadata as Partial<ImportJob['metadata']>).columnNames ?? []
  const rows = await sql.rowsPage(db, id, page.limit, page.page * page.limit)
  return {
    total: row.row_count,
    rows: rows.map((r) => ({
      id: r.row_no,
      status: r.status.trim(),
      message: r.message,
      data: Object.fromEntries(names.map((n, i) => [n, r.data[i] ?? null])),
    })),
  }
}

/** Deletes an import (its rows and outcomes); a reading is cancelled first. */
export async function remove(deps: AppDeps, user: User, id: number): Promise<void> {
  const row = await ownImport(deps.db, user, id)
  await refuseWhileRunning(deps, row)
  if (row.state === 'READING' && row.read_job_id) await deps.jobs.cancel(row.read_job_id)
  if (row.upload_key) await deps.storage.delete(row.upload_key).catch(() => undefined)
  await sql.deleteImport(deps.db, id)
}

/**
 * Cancels the import's running work: its reading (the import goes away), or its execution
 * (what the batches wrote is taken back by the job itself). 409 when nothing runs.
 */
export async function cancel(deps: AppDeps, user: User, id: number): Promise<ImportStatusBody> {
  const row = await ownImport(deps.db, user, id)
  const jobId = row.state === 'READING' ? row.read_job_id : row.job_id
  const job = jobId ? await deps.jobs.get(jobId) : undefined
  if (!job || (job.status !== 'QUEUED' && job.status !== 'IN_PROGRESS')) {
    throw new HttpError(409, t('dataloader.nothingToCancel'))
  }
  const now = await deps.jobs.cancel(job.id)
  if (now === 'CANCELLED' && row.state === 'READING') {
    // Never started: nothing was read, the stored upload goes with the import.
    if (row.upload_key) await deps.storage.delete(row.upload_key).catch(() => undefined)
    await sql.deleteImport(deps.db, id)
  }
  return status(deps, user, id).catch(() => ({
    status: 'CANCELLED' as const,
    progress: { value: 0, max: 0 },
    message: t('dataloader.readCancelled'),
    counts: { read: 0, validated: 0, written: 0, errors: 0 },
  }))
}

export async function refuseWhileRunning(deps: AppDeps, row: sql.ImportRow) {
  for (const id of [row.job_id, row.state === 'READING' ? row.read_job_id : null]) {
    if (!id) continue
    const job = await deps.jobs.get(id)
    if (job && (job.status === 'QUEUED' || job.status === 'IN_PROGRESS')) {
      throw new HttpError(409, t('dataloader.running'))
    }
  }
}
