import {
  EXPORT_JOB_TYPE,
  jobFilePath,
  REPORT_JOB_TYPE,
  t,
  type ExportFormat,
  type ExportJob,
  type PagingQuery,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { HttpError, notFound } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import type { Download } from '../../http/send-file'
import type { JobFileResult } from '../../jobs/job-files'
import { findExportFile } from '../../jobs/job-files.sql'
import * as sql from '../../jobs/jobs.sql'
import { readableLayer } from '../../layer-data/catalogue'
import type { User } from './templates.service'

/** The job types of the repository: exports of the search and reports. */
export const REPOSITORY_JOB_TYPES = [EXPORT_JOB_TYPE, REPORT_JOB_TYPE] as const

/** What a report job carries. */
export interface ReportPayload {
  reportId: number
  /** The template's name: the job's title in the repository. */
  title: string
  layerName: string
  filter?: unknown
  ids?: number[]
  parameters: Record<string, unknown>
  timeZone?: string
}

/** What the title of an export job reads of its payload (the export module's ExportPayload). */
interface ExportTitle {
  layer: string
  layerTitle?: string
  format: ExportFormat
}

/** The repository's title of an export job: its layer and format. */
function exportJobTitle(payload: ExportTitle): string {
  return t('export.jobTitle', {
    layer: payload.layerTitle ?? payload.layer,
    format: t(`export.format.${payload.format}`),
  })
}

export const jobNotFound = () => new HttpError(404, t('reportsApi.jobNotFound'))

function toView(row: sql.JobWithUserRow): ExportJob {
  const result = (row.result ?? null) as JobFileResult | null
  const end = row.finished_at ?? (row.started_at ? new Date() : null)
  return {
    id: row.id,
    type: row.type,
    title:
      row.type === EXPORT_JOB_TYPE
        ? exportJobTitle(row.payload as ExportTitle)
        : (row.payload as ReportPayload).title,
    username: row.username,
    status: row.status,
    progress: { value: row.progress_value, max: row.progress_max },
    created: row.created_at.toISOString(),
    elapsed: row.started_at && end ? end.getTime() - row.started_at.getTime() : 0,
    message: row.message,
    filename: result?.filename ?? null,
    contentType: result?.contentType ?? null,
    size: result?.size ?? null,
    rows: result?.rows ?? null,
    fileUrl: row.status === 'COMPLETE' && result?.filename ? jobFilePath(row.id) : null,
  }
}

/** The repository: the caller's jobs (administrators: everyone's), newest first by default. */
export async function listJobs(
  deps: Pick<AppDeps, 'db'>,
  user: User,
  query: PagingQuery & { order?: 'asc' | 'desc' },
): Promise<{ rows: ExportJob[]; total: number }> {
  let sort = query.sort
  if (sort && query.order) sort = `${query.order === 'desc' ? '-' : ''}${sort.replace(/^-/, '')}`
  const paging = toSqlPaging({ ...query, sort }, sql.JOB_SORTS, '-created')
  const page = await sql.listJobsOfTypes(
    deps.db,
    REPOSITORY_JOB_TYPES,
    user.admin ? null : user.id,
    paging,
  )
  return { rows: page.rows.map(toView), total: page.total }
}

/** A job of the repository the caller may see (own; administrators: any), else 404. */
export async function getJob(
  deps: Pick<AppDeps, 'db'>,
  user: User,
  id: number,
): Promise<ExportJob> {
  const row = await sql.findJobWithUser(deps.db, id)
  if (
    !row ||
    !(REPOSITORY_JOB_TYPES as readonly string[]).includes(row.type) ||
    (row.user_id !== user.id && !user.admin)
  ) {
    throw jobNotFound()
  }
  return toView(row)
}

/** Job types whose finished file is kept in `app.export_files` (exports and reports). */
const FILE_JOB_TYPES: ReadonlySet<string> = new Set(REPOSITORY_JOB_TYPES)

/**
 * An export's or a report's file holds the rows of one layer: it is given only while the caller
 * still reads that layer (the same 404 as a layer it never read), whenever it was made.
 */
async function checkStillReadable(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  user: User,
  jobId: number,
): Promise<void> {
  const job = await deps.jobs.get(jobId)
  const payload = (job?.payload ?? {}) as { layer?: unknown; layerName?: unknown }
  const layer =
    job?.type === EXPORT_JOB_TYPE
      ? payload.layer
      : job?.type === REPORT_JOB_TYPE
        ? payload.layerName
        : undefined
  if (typeof layer !== 'string' || !(await readableLayer(deps.db, user, layer, { fresh: true }))) {
    throw new HttpError(404, t('layers.notFoundOrDenied'))
  }
}

/** The file of a finished export or report of this user (`GET /api/report/{id}`). */
export async function exportDownload(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'storage'>,
  user: User,
  id: number,
): Promise<Download> {
  const file = await findExportFile(deps.db, id, user.id)
  if (!file) {
    const job = await deps.jobs.get(id)
    if (
      job &&
      FILE_JOB_TYPES.has(job.type) &&
      job.userId === user.id &&
      job.status === 'COMPLETE'
    ) {
      throw new HttpError(410, t('export.expired'))
    }
    throw notFound()
  }
  await checkStillReadable(deps, user, id)
  const stored = await deps.storage.get(file.storage_key)
  if (!stored) throw new HttpError(410, t('export.expired'))
  return {
    stream: stored.stream,
    filename: file.filename,
    contentType: file.content_type,
    size: stored.size,
  }
}
