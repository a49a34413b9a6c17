import { createReadStream } from 'node:fs'
import {
  EXPORT_DIRECT_MAX_ROWS,
  EXPORT_JOB_TYPE,
  t,
  type ExportBody,
  type ExportFormat,
  type ExportParameters,
  type SessionUser,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { badRequest, HttpError } from '../../http/errors'
import type { Download } from '../../http/send-file'
import { FILE_KEEP_HOURS, sweepExpiredFiles, type JobFileResult } from '../../jobs/job-files'
import { insertExportFile } from '../../jobs/job-files.sql'
import { JobFailure, type JobContext } from '../../jobs/job-queue'
import { readableLayer } from '../../layer-data/catalogue'
import { countMatching } from '../../layer-data/search-export'
import { FilterError } from '../../layer-data/where'
import { getSessionUser } from '../users/users.sql'
import { layerForUser, withFilterErrors } from '../../layer-data/layer-access'
import { discard, planExport, produceExport, type ExportPlan } from './export-file'
import { GdalFailure } from '../../gdal/gdal'

type User = Pick<SessionUser, 'id' | 'admin'>

/** The job type of the exports. */
export const EXPORT_JOB = EXPORT_JOB_TYPE
/** What an export job carries (checked again when it runs: permissions may have changed). */
export interface ExportPayload {
  layer: string
  layerTitle: string
  format: ExportFormat
  fields: string[]
  filter?: unknown
  ids?: number[]
  sort?: string
  order?: 'asc' | 'desc'
  timeZone?: string
  includeDeleted?: boolean
  /** The output system, resolved when the job starts (the layer's extent may move meanwhile). */
  srid?: number
}

async function planFor(
  deps: Pick<AppDeps, 'db'>,
  user: User,
  layerName: string,
  body: Omit<ExportBody, 'fields'> & { fields: readonly string[] },
  format: ExportFormat,
): Promise<ExportPlan> {
  const layer = await layerForUser(deps.db, user, layerName)
  return withFilterErrors(async () => planExport(layer, body, format))
}

/** Starts an export job (`POST /api/features/{layer}/report`): its id, to follow and download. */
export async function startExport(
  deps: AppDeps,
  user: User,
  layerName: string,
  body: ExportBody,
  format: ExportFormat,
): Promise<{ id: number }> {
  const plan = await planFor(deps, user, layerName, body, format)
  const payload: ExportPayload = {
    layer: plan.layer.name,
    layerTitle: plan.layer.title,
    format,
    fields: body.fields,
    ...(body.filter !== undefined ? { filter: body.filter } : {}),
    ...(body.ids ? { ids: body.ids } : {}),
    ...(body.sort ? { sort: body.sort } : {}),
    ...(body.order ? { order: body.order } : {}),
    ...(body.timeZone ? { timeZone: body.timeZone } : {}),
    ...(body.includeDeleted ? { includeDeleted: true } : {}),
    srid: plan.srid,
  }
  return { id: await deps.jobs.enqueue(EXPORT_JOB, payload, user.id) }
}

/**
 * The export job: it checks again that its user may read the layer and the fields, writes
 * the file in batches of short statements (progress after each), stores it and records it for
 * its user; expired exports are swept on the way.
 */
export function exportJobHandler(deps: AppDeps) {
  return async (ctx: JobContext<ExportPayload>): Promise<JobFileResult> => {
    const { db, storage } = deps
    await sweepExpiredFiles(deps).catch(() => undefined)
    const owner = ctx.userId === null ? undefined : await getSessionUser(db, ctx.userId)
    if (!owner || !owner.active) throw new JobFailure(t('export.layerGone'))
    const layer = await readableLayer(db, owner, ctx.payload.layer, { fresh: true })
    if (!layer) throw new JobFailure(t('export.layerGone'))
    let plan: ExportPlan
    try {
      plan = planExport(layer, ctx.payload, ctx.payload.format)
    } catch (err) {
      if (err instanceof HttpError || err instanceof FilterError) throw new JobFailure(err.message)
      throw err
    }
    let lastReport = 0
    let produced
    try {
      produced = await produceExport(plan, {
        db,
        config: deps.config,
        signal: ctx.signal,
        onProgress: async (value, max) => {
          // At most a few reports a second: the client polls every second.
          const now = Date.now()
          if (now - lastReport < 250 && value < max) return
          lastReport = now
          await ctx.progress(value, max)
        },
      })
    } catch (err) {
      if (err instanceof GdalFailure) throw new JobFailure(t('export.gdalFailed'))
      throw err
    }
    try {
      const stored = await storage.put(createReadStream(produced.file), {
        suffix: produced.filename.split('.').pop(),
      })
      await insertExportFile(db, {
        job_id: ctx.id,
        user_id: owner.id,
        storage_key: stored.key,
        filename: produced.filename,
        content_type: produced.contentType,
        size: stored.size,
        rows: produced.rows,
        keepHours: FILE_KEEP_HOURS,
      })
      return {
        filename: produced.filename,
        contentType: produced.contentType,
        size: stored.size,
        rows: produced.rows,
      }
    } finally {
      discard(produced.dir)
    }
  }
}

/**
 * The direct downloads (`searchreport`, `createreport`, `parametersreport`): the same export,
 * written during the request and sent as it is, for up to EXPORT_DIRECT_MAX_ROWS rows.
 */
export async function directExport(
  deps: AppDeps,
  user: User,
  layerName: string,
  body: Omit<ExportBody, 'fields'> & { fields: readonly string[] },
  format: ExportFormat,
): Promise<Download> {
  const plan = await planFor(deps, user, layerName, body, format)
  const total = await countMatching(deps.db, plan.layer, plan.spec)
  if (total > EXPORT_DIRECT_MAX_ROWS) {
    throw badRequest([
      {
        field: 'filter',
        message: t('export.tooManyDirect', {
          max: EXPORT_DIRECT_MAX_ROWS.toLocaleString('pt-BR'),
        }),
      },
    ])
  }
  let produced
  try {
    produced = await produceExport(plan, { db: deps.db, config: deps.config, total })
  } catch (err) {
    if (err instanceof GdalFailure) throw new HttpError(500, t('export.gdalFailed'))
    throw err
  }
  const { dir } = produced
  return {
    stream: createReadStream(produced.file),
    filename: produced.filename,
    contentType: produced.contentType,
    done: () => discard(dir),
  }
}

/** The parameters of `parametersreport` and `createreport` (text) as an export request. */
export function parametersToBody(p: ExportParameters): Omit<ExportBody, 'fields'> & {
  fields: string[]
} {
  let filter: unknown
  if (p.filter) {
    try {
      filter = JSON.parse(p.filter)
    } catch {
      throw badRequest([{ field: 'filter', message: t('filters.invalid') }])
    }
  }
  let ids: number[] | undefined
  if (p.ids) {
    ids = p.ids.split(',').map((s) => Number(s.trim()))
    if (ids.some((n) => !Number.isSafeInteger(n) || n < 1)) {
      throw badRequest([{ field: 'ids', message: t('field.invalid') }])
    }
  }
  return {
    fields: p.fields
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ...(filter !== undefined ? { filter } : {}),
    ...(ids ? { ids } : {}),
    ...(p.sort ? { sort: p.sort } : {}),
    ...(p.order ? { order: p.order } : {}),
    ...(p.timeZone ? { timeZone: p.timeZone } : {}),
    ...(p.includeDeleted === 'true' ? { includeDeleted: true } : {}),
    ...(p.srid ? { srid: Number(p.srid) } : {}),
  }
}
