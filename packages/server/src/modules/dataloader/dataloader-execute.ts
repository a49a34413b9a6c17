// An import's execution: the job that writes each row (dataloader-rows.ts), after the checks
// (dataloader-checks.ts).
import { t, type ImportExecuteBody } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Caller } from '../../auth/caller'
import { JobFailure, type JobHandler } from '../../jobs/job-queue'
import { layerAccess } from '../../layer-data/layer-access'
import type { FeatureService } from '../features/features.service'
import { getSessionUser } from '../users/users.sql'
import { checkExecution, createDestination } from './dataloader-checks'
import { errorMessage, writeRow } from './dataloader-rows'
import * as sql from './dataloader.sql'
import { ownImport, refuseWhileRunning, toJob, type ImportStatus } from './dataloader.service'

/** The job type of an import's execution. */
export const DATALOADER_JOB = 'dataloader.execute'
/** Rows written between two progress reports and status updates. */
const BATCH = 100

interface ExecutePayload {
  importId: number
  userId: number
  address: string
  port: number | null
}

/** Starts the execution job (it cannot be cancelled once started). */
export async function execute(
  deps: AppDeps,
  caller: Caller,
  id: number,
  body: ImportExecuteBody,
): Promise<{ id: number; status: ImportStatus }> {
  const row = await ownImport(deps.db, caller.user, id)
  await refuseWhileRunning(deps, row)
  if (body.destinyType === 1) await createDestination(deps.db, caller.user, toJob(row), body)
  await checkExecution(deps.db, caller.user, toJob(row), body)
  await sql.resetRows(deps.db, id)
  await sql.setExecution(deps.db, id, body, null)
  const payload: ExecutePayload = {
    importId: id,
    userId: caller.user.id,
    address: caller.address,
    port: caller.port,
  }
  const jobId = await deps.jobs.enqueue(DATALOADER_JOB, payload, caller.user.id)
  await sql.setExecution(deps.db, id, body, jobId)
  return { id, status: 'QUEUED' }
}

/** The job: every row in order, statuses recorded each batch, progress reported. */
export function executeJobHandler(
  deps: AppDeps,
  features: FeatureService,
): JobHandler<ExecutePayload, { rows: number }> {
  return async (ctx) => {
    const { db } = deps
    const row = await sql.findImport(db, ctx.payload.importId)
    if (!row) throw new JobFailure(t('dataloader.notFound'))
    const job = toJob(row)
    const config = job.config!
    const user = await getSessionUser(db, ctx.payload.userId)
    if (!user) throw new JobFailure(t('dataloader.notFound'))
    const caller: Caller = {
      user: { id: user.id, username: user.username, admin: user.admin },
      address: ctx.payload.address,
      port: ctx.payload.port,
    }
    const { layer } = await layerAccess(db, caller.user, config.layerName).catch(() => {
      throw new JobFailure(t('layers.notFoundOrDenied'))
    })
    for (let offset = 0; offset < job.rowCount; offset += BATCH) {
      if (ctx.signal.aborted) return { rows: offset }
      const page = await sql.rowsPage(db, job.id, BATCH, offset)
      const results: { row: number; status: string; message: string | null }[] = []
      for (const r of page) {
        if (r.status.trim() !== 'P') continue
        try {
          results.push({
            row: r.row_no,
            ...(await writeRow(db, features, caller, layer, job, config, r.data)),
          })
        } catch (err) {
          results.push({ row: r.row_no, status: 'E', message: errorMessage(err) })
        }
      }
      await sql.setRowStatuses(db, job.id, results)
      await ctx.progress(Math.min(offset + BATCH, job.rowCount), job.rowCount)
    }
    return { rows: job.rowCount }
  }
}
