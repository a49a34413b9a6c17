import { t, type ImportExecuteBody, type PagingQuery, type SessionUser } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Db } from '../../db/types'
import { HttpError } from '../../http/errors'
import { formatOf, readCsv, readShapefileZip, readXlsx, type ColumnType } from './dataloader-files'
import type { NumberStyle } from './dataloader-values'
import * as sql from './dataloader.sql'

export type User = Pick<SessionUser, 'id' | 'username' | 'admin'>

/** Upload limits: the file's size and its data rows. */
export const DATALOADER_MAX_MB = 20
export const DATALOADER_MAX_ROWS = 50_000

export interface ImportJob {
  id: number
  filename: string
  user: string
  createdDate: string
  rowCount: number
  metadata: {
    columnNames: string[]
    columnIndexes: Record<string, number>
    columnTypes: Record<string, ColumnType>
    /** How each column writes its numbers (imports stored before it: the point). */
    numberStyles?: Record<string, NumberStyle>
    /** The geometry type of each GEOMETRY_WKT column whose values share one. */
    geometryTypes?: Record<string, string>
  }
  config: ImportExecuteBody | null
}

export function toJob(row: sql.ImportRow): ImportJob {
  return {
    id: row.id,
    filename: row.filename,
    user: row.username,
    createdDate: row.created_at.toISOString(),
    rowCount: row.row_count,
    metadata: row.metadata as ImportJob['metadata'],
    config: (row.config as ImportExecuteBody | null) ?? null,
  }
}

const notFound = () => new HttpError(404, t('dataloader.notFound'))

/** The import if it is the caller's (another user's import is the same 404 as none). */
export async function ownImport(db: Db, user: User, id: number): Promise<sql.ImportRow> {
  const row = await sql.findImport(db, id)
  if (!row || row.user_id !== user.id) throw notFound()
  return row
}

/** Reads the uploaded file and stores it as an import job; a bad file stores nothing. */
export async function upload(
  db: Db,
  user: User,
  filename: string,
  bytes: Buffer,
): Promise<ImportJob> {
  const format = formatOf(filename)
  if (!format) throw new HttpError(400, t('dataloader.unsupportedFormat'))
  const read =
    format === 'csv'
      ? await readCsv(bytes, DATALOADER_MAX_ROWS)
      : format === 'xlsx'
        ? await readXlsx(bytes, DATALOADER_MAX_ROWS)
        : await readShapefileZip(bytes, DATALOADER_MAX_ROWS)
  const metadata: ImportJob['metadata'] = {
    columnNames: read.columns,
    columnIndexes: Object.fromEntries(read.columns.map((c, i) => [c, i])),
    columnTypes: Object.fromEntries(read.columns.map((c, i) => [c, read.types[i]!])),
    numberStyles: Object.fromEntries(read.columns.map((c, i) => [c, read.numberStyles[i]!])),
    geometryTypes: Object.fromEntries(
      read.columns.flatMap((c, i) => (read.geometryTypes[i] ? [[c, read.geometryTypes[i]!]] : [])),
    ),
  }
  const id = await db.transaction((tx) =>
    sql.insertImport(tx, user.id, filename, metadata, read.rows),
  )
  return toJob((await sql.findImport(db, id))!)
}

export async function getImport(db: Db, user: User, id: number): Promise<ImportJob> {
  return toJob(await ownImport(db, user, id))
}

export type ImportStatus = 'CREATED' | 'QUEUED' | 'IN_PROGRESS' | 'COMPLETE' | 'ERROR'

export async function status(deps: AppDeps, user: User, id: number) {
  const row = await ownImport(deps.db, user, id)
  const job = row.job_id ? await deps.jobs.get(row.job_id) : undefined
  return {
    status: (job?.status ?? 'CREATED') as ImportStatus,
    progress: job?.progress ?? { value: 0, max: row.row_count },
    message: job?.message ?? null,
  }
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
  const names = (row.metadata as ImportJob['metadata']).columnNames
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

export async function remove(deps: AppDeps, user: User, id: number): Promise<void> {
  const row = await ownImport(deps.db, user, id)
  await refuseWhileRunning(deps, row)
  await sql.deleteImport(deps.db, id)
}

export async function refuseWhileRunning(deps: AppDeps, row: sql.ImportRow) {
  if (!row.job_id) return
  const job = await deps.jobs.get(row.job_id)
  if (job && (job.status === 'QUEUED' || job.status === 'IN_PROGRESS')) {
    throw new HttpError(409, t('dataloader.running'))
  }
}
