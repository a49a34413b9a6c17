import {
  t,
  type PagingQuery,
  type SessionUser,
  type SyncFilesJob,
  type SyncFilesJobBody,
  type SyncFilesReportBody,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { HttpError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import * as sql from './syncfiles.sql'

const iso = (d: Date | string | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString()

export function toJob(r: sql.JobRow): SyncFilesJob {
  return {
    id: Number(r.id),
    folderName: r.folder_name,
    fileCount: r.file_count,
    layerName: r.layer_name,
    created: r.created,
    updated: r.updated,
    pending: r.pending,
    errors: r.errors,
    user: r.username,
    createdDate: iso(r.created_at)!,
    finishedDate: iso(r.finished_at),
  }
}

const jobNotFound = () => new HttpError(404, t('syncfiles.jobNotFound'))

export async function listJobs(
  deps: AppDeps,
  paging: PagingQuery,
): Promise<{ rows: SyncFilesJob[]; total: number }> {
  const page = await sql.listJobs(deps.db, toSqlPaging(paging, sql.JOB_SORTS, '-createdDate'))
  return { rows: page.rows.map(toJob), total: page.total }
}

export async function getJob(deps: AppDeps, id: number): Promise<SyncFilesJob> {
  const row = await sql.readJob(deps.db, id)
  if (!row) throw jobNotFound()
  return toJob(row)
}

/** A folder was read: its job, every file pending. */
export async function createJob(
  deps: AppDeps,
  user: Pick<SessionUser, 'id'>,
  body: SyncFilesJobBody,
): Promise<number> {
  return sql.insertJob(deps.db, user.id, body.folderName, body.fileCount)
}

/** The counters of a finished upload (the last run's replace the earlier ones). */
export async function saveReport(
  deps: AppDeps,
  id: number,
  body: SyncFilesReportBody,
): Promise<SyncFilesJob> {
  if (!(await sql.updateReport(deps.db, id, body))) throw jobNotFound()
  return getJob(deps, id)
}

export async function deleteJob(deps: AppDeps, id: number): Promise<void> {
  if (!(await sql.deleteJob(deps.db, id))) throw jobNotFound()
}
