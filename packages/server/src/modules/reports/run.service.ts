import {
  PREVIEW_FEATURES,
  REPORT_JOB_TYPE,
  REPORT_MAX_FEATURES,
  t,
  type RenderedReport,
  type ReportParameter,
  type ReportRunBody,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { HttpError } from '../../http/errors'
import { FILE_KEEP_HOURS, sweepExpiredFiles, type JobFileResult } from '../../jobs/job-files'
import { insertExportFile } from '../../jobs/job-files.sql'
import { JobFailure, type JobContext } from '../../jobs/job-queue'
import { readableLayer } from '../../layer-data/catalogue'
import { columnSqlTypes, countMatching } from '../../layer-data/search-export'
import { FilterError } from '../../layer-data/where'
import { CpuTaskError, ownBytes, Transfer, type CallHandlers } from '../../workers/cpu-pool'
import type { DemoPhotoRenderer } from '../attachments/attachments.service'
import { layerForUser, withFilterErrors } from '../../layer-data/layer-access'
import { getSessionUser } from '../users/users.sql'
import type { ReportPayload } from './jobs.service'
import { imageLoader } from './report-images'
import { checkParameters, readFeatures, renderContext, timeZoneOf } from './report-data'
import type { RenderContext } from './render'
import { IMAGE_CALL, RENDER_TASK, XLSX_TASK, type ImageAnswer } from './report-tasks'
import * as sql from './templates.sql'
import { readableTemplate, reportNotFound, type User } from './templates.service'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** What a run needs, checked: the template, the layer and the filter (400/403/404 otherwise). */
async function checkedRun(deps: Pick<AppDeps, 'db'>, user: User, id: number, body: ReportRunBody) {
  const row = await readableTemplate(deps.db, user, id)
  checkParameters(row)
  const timeZone = timeZoneOf(body)
  const layer = await layerForUser(deps.db, user, body.layerName)
  // Deleted features stay out of reports, as out of an export that does not ask for them.
  const spec = { filter: body.filter ?? undefined, ids: body.ids, liveOnly: true }
  // Compiles the filter: a bad one is the search's Portuguese 400.
  await withFilterErrors(() => countMatching(deps.db, layer, spec))
  return { row, layer, spec, timeZone }
}

/** Starts a report job (`POST /api/reports/{id}`): its id, to follow in the repository. */
export async function startReport(
  deps: AppDeps,
  user: User,
  id: number,
  body: ReportRunBody,
): Promise<{ id: number }> {
  const { row, layer } = await checkedRun(deps, user, id, body)
  const payload: ReportPayload = {
    reportId: row.id,
    title: row.name,
    layerName: layer.name,
    ...(body.filter ? { filter: body.filter } : {}),
    ...(body.ids ? { ids: body.ids } : {}),
    parameters: body.parameters,
    ...(body.timeZone ? { timeZone: body.timeZone } : {}),
  }
  return { id: await deps.jobs.enqueue(REPORT_JOB_TYPE, payload, user.id) }
}

/**
 * The report's images for its thread in the CPU pool (report-tasks.ts), read here, where the
 * database and the files are: each one's bytes moved to the thread.
 */
function imageCalls(
  deps: AppDeps,
  owner: Parameters<typeof imageLoader>[1],
  renderDemoPhoto?: DemoPhotoRenderer,
): CallHandlers {
  const load = imageLoader(deps, owner, renderDemoPhoto)
  return {
    [IMAGE_CALL]: async (image: Parameters<typeof load>[0]) => {
      const loaded = await load(image)
      if (!loaded) return null
      const bytes = ownBytes(loaded.buffer)
      return new Transfer<ImageAnswer>({ bytes, extension: loaded.extension }, [bytes.buffer])
    },
  }
}

/** Renders and writes a report's xlsx in the CPU pool; its thread failing is a Portuguese failure. */
async function reportXlsx(
  deps: AppDeps,
  context: RenderContext,
  calls: CallHandlers,
  signal: AbortSignal,
): Promise<Buffer> {
  try {
    const bytes = await deps.cpu.run<Uint8Array>(XLSX_TASK, context, { calls, signal })
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  } catch (err) {
    if (err instanceof CpuTaskError && err.kind === 'memory') {
      throw new JobFailure(
        t('reportsApi.outOfMemory', { max: deps.config.cpuWorkerMemoryMb.toLocaleString('pt-BR') }),
      )
    }
    if (err instanceof CpuTaskError) throw new JobFailure(err.message)
    throw err
  }
}

/** The preview: the report of at most PREVIEW_FEATURES features, rendered during the request. */
export async function previewReport(
  deps: AppDeps,
  user: User,
  id: number,
  body: ReportRunBody,
): Promise<RenderedReport> {
  const { row, layer, spec, timeZone } = await checkedRun(deps, user, id, body)
  const owner = await getSessionUser(deps.db, user.id)
  const features = (await readFeatures(deps.db, layer, spec, PREVIEW_FEATURES)).slice(
    0,
    PREVIEW_FEATURES,
  )
  const sqlTypes = await columnSqlTypes(deps.db, layer)
  const userName = owner?.name ?? ''
  const context = renderContext({ row, layer, features, body, userName, timeZone, sqlTypes })
  try {
    // In the CPU pool too (a template may be heavy), ahead of the reports waiting there.
    return await deps.cpu.run<RenderedReport>(RENDER_TASK, context, { urgent: true })
  } catch (err) {
    if (err instanceof CpuTaskError) throw new HttpError(500, err.message)
    throw err
  }
}

/** `<fileOutput or template name>.xlsx`, without path characters. */
export function reportFilename(row: sql.TemplateRow, values: Record<string, unknown>): string {
  const params = row.parameters as ReportParameter[]
  const named = params.some((p) => p.name === 'fileOutput') ? values.fileOutput : undefined
  const base = (typeof named === 'string' && named.trim() ? named : row.name)
    .replace(/\.xlsx$/i, '')
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .trim()
  return `${base || 'relatorio'}.xlsx`
}

/**
 * The report job: it checks again that its user may read the template and the layer, reads the
 * features (progress per batch, at most REPORT_MAX_FEATURES), renders them and writes the xlsx
 * in a thread of the CPU pool, and stores it as the exports store their files (same expiry and
 * sweep).
 */
export function reportJobHandler(deps: AppDeps, renderDemoPhoto?: DemoPhotoRenderer) {
  return async (ctx: JobContext<ReportPayload>): Promise<JobFileResult> => {
    const { db, storage } = deps
    await sweepExpiredFiles(deps).catch(() => undefined)
    const owner = ctx.userId === null ? undefined : await getSessionUser(db, ctx.userId)
    if (!owner || !owner.active) throw new JobFailure(t('export.layerGone'))
    const p = ctx.payload
    let row: sql.TemplateRow
    try {
      row = await readableTemplate(db, owner, p.reportId)
    } catch {
      throw new JobFailure(reportNotFound().message)
    }
    const layer = await readableLayer(db, owner, p.layerName, { fresh: true })
    if (!layer) throw new JobFailure(t('export.layerGone'))
    const body: ReportRunBody = {
      layerName: p.layerName,
      filter: p.filter as ReportRunBody['filter'],
      ids: p.ids,
      parameters: p.parameters ?? {},
      timeZone: p.timeZone,
    }
    const spec = { filter: p.filter, ids: p.ids, liveOnly: true }
    let total: number
    try {
      total = await countMatching(db, layer, spec)
    } catch (err) {
      if (err instanceof HttpError || err instanceof FilterError) throw new JobFailure(err.message)
      throw err
    }
    const tooMany = () =>
      new JobFailure(
        t('reportsApi.tooManyFeatures', { max: REPORT_MAX_FEATURES.toLocaleString('pt-BR') }),
      )
    const max = Math.min(total, REPORT_MAX_FEATURES + 1) + 1
    await ctx.progress(0, max)
    const features = await readFeatures(db, layer, spec, REPORT_MAX_FEATURES, (read) =>
      ctx.progress(Math.min(read, max - 1), max),
    )
    if (features.length > REPORT_MAX_FEATURES) throw tooMany()
    let timeZone: string
    try {
      timeZone = timeZoneOf(body)
    } catch {
      timeZone = 'America/Sao_Paulo'
    }
    const sqlTypes = await columnSqlTypes(db, layer)
    const userName = owner.name
    const context = renderContext({ row, layer, features, body, userName, timeZone, sqlTypes })
    const calls = imageCalls(deps, owner, renderDemoPhoto)
    const bytes = await reportXlsx(deps, context, calls, ctx.signal)
    const filename = reportFilename(row, context.variables)
    const stored = await storage.put(bytes, { suffix: 'xlsx' })
    await insertExportFile(db, {
      job_id: ctx.id,
      user_id: owner.id,
      storage_key: stored.key,
      filename,
      content_type: XLSX_TYPE,
      size: stored.size,
      rows: features.length,
      keepHours: FILE_KEEP_HOURS,
    })
    await ctx.progress(max, max)
    return { filename, contentType: XLSX_TYPE, size: stored.size, rows: features.length }
  }
}
