import { REPORT_JOB_TYPE, t, type ExportJob, type PagingQuery } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { HttpError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import {
  EXPORT_JOB,
  exportJobTitle,
  type ExportPayload,
  type ExportResult,
} from '../export/export.service'
import * as sql from './jobs.sql'
import type { User } from './templates.service'

/** The job types of the repository: exports of the search and reports. */
export const REPOSITORY_JOB_TYPES = [EXPORT_JOB, REPORT_JOB_TYPE] as const

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

export const jobNotFound = () => new HttpError(404, t('reportsApi.jobNotFound'))

function toView(row: sql.RepositoryRow): ExportJob {
  const result = (row.result ?? null) as ExportResult | null
  const end = row.finished_at ?? (row.started_at ? new Date() : null)
  return {
    id: row.id,
    type: row.type,
    title:
      row.type === EXPORT_JOB
        ? exportJobTitle(row.payload as ExportPayload)
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
  const page = await sql.listJobs(
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
  const row = await sql.findJob(deps.db, id)
  if (
    !row ||
    !(REPOSITORY_JOB_TYPES as readonly string[]).includes(row.type) ||
    (row.user_id !== user.id && !user.admin)
  ) {
    throw jobNotFound()
  }
  return toView(row)
}
