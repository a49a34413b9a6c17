// 'Desfazer importação' (issue 43): an executed import taken back as a whole through history,
// and what a cancelled execution uses to leave nothing half-applied.
import { t } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Caller } from '../../auth/caller'
import { HttpError } from '../../http/errors'
import { JobFailure, type JobHandler } from '../../jobs/job-queue'
import type { BulkAudit } from '../../layer-data/bulk-write'
import { freshCatalogue } from '../../layer-data/catalogue'
import { layerAccess } from '../../layer-data/layer-access'
import type { CatalogueLayer } from '../../layer-data/model'
import { getSessionUser } from '../users/users.sql'
import { ptNumber } from './dataloader-limits'
import * as undo from './dataloader-undo.sql'
import * as sql from './dataloader.sql'
import { toJob } from './dataloader-job'
import { refuseWhileRunning, type User } from './dataloader.service'

/** The job type of an import's undoing. */
export const DATALOADER_UNDO_JOB = 'dataloader.undo'

interface UndoPayload {
  importId: number
  userId: number
  address: string
  port: number | null
}

/** The import's layer (by the execution's layer name), as the catalogue has it now. */
async function importLayer(deps: AppDeps, layerName: string): Promise<CatalogueLayer> {
  const layer = (await freshCatalogue(deps.db)).find((l) => l.name === layerName)
  if (!layer) throw new HttpError(409, t('layers.notFoundOrDenied'))
  return layer
}

/**
 * Takes back what the import's execution wrote, through history: each feature it inserted
 * soft-deleted, each it updated given back its values before (the import's own entry's
 * `old_fields`), with one entry per feature. `force` (a cancel) leaves out the features changed
 * since; without it they make the whole undo a Portuguese 409 naming them.
 */
export async function revertImport(
  deps: AppDeps,
  importId: number,
  opts: { force: boolean; audit: BulkAudit },
): Promise<number> {
  const { db } = deps
  const row = (await sql.findImport(db, importId))!
  const config = toJob(row).config!
  const layer = await importLayer(deps, config.layerName)
  const blocked = await undo.changedSince(deps.db, importId, layer, opts.force ? 1_000_000_000 : 10)
  if (blocked.count && !opts.force) {
    throw new HttpError(
      409,
      t('dataloader.undoChangedSince', {
        count: ptNumber(blocked.count),
        ids: blocked.ids.join(', ') + (blocked.count > blocked.ids.length ? ', …' : ''),
      }),
    )
  }
  return undo.restoreImported(db, importId, layer, {
    skipChanged: blocked.count > 0,
    audit: opts.audit,
  })
}

/** The import of a user, or any import for an administrator (another's is the same 404 as none). */
async function undoableImport(deps: AppDeps, user: User, id: number) {
  const row = await sql.findImport(deps.db, id)
  if (!row || (row.user_id !== user.id && !user.admin)) {
    throw new HttpError(404, t('dataloader.notFound'))
  }
  return row
}

/**
 * 'Desfazer importação': refused (409, in Portuguese) unless the execution completed, wrote
 * to the layer (a moderated import wrote nothing), was not undone yet, and no feature it wrote
 * changed since; then the undo runs as a job, followed at /{id}/status.
 */
export async function startUndo(deps: AppDeps, caller: Caller, id: number) {
  const row = await undoableImport(deps, caller.user, id)
  await refuseWhileRunning(deps, row)
  const job = row.job_id ? await deps.jobs.get(row.job_id) : undefined
  if (!job || job.type !== 'dataloader.execute' || job.status !== 'COMPLETE') {
    throw new HttpError(
      409,
      t(row.undone_at ? 'dataloader.alreadyUndone' : 'dataloader.undoNotExecuted'),
    )
  }
  if (row.undone_at) throw new HttpError(409, t('dataloader.alreadyUndone'))
  if (row.approval_id !== null) throw new HttpError(409, t('dataloader.undoModerated'))
  const config = toJob(row).config!
  const { perms } = await layerAccess(deps.db, caller.user, config.layerName)
  if (!perms.updateFeature && !perms.createFeature) {
    throw new HttpError(403, t('dataloader.noWritePermission'))
  }
  const layer = await importLayer(deps, config.layerName)
  const blocked = await undo.changedSince(deps.db, id, layer, 10)
  if (blocked.count) {
    throw new HttpError(
      409,
      t('dataloader.undoChangedSince', {
        count: ptNumber(blocked.count),
        ids: blocked.ids.join(', ') + (blocked.count > blocked.ids.length ? ', …' : ''),
      }),
    )
  }
  const payload: UndoPayload = {
    importId: id,
    userId: caller.user.id,
    address: caller.address,
    port: caller.port,
  }
  const jobId = await deps.jobs.enqueue(DATALOADER_UNDO_JOB, payload, caller.user.id)
  await sql.setJob(deps.db, id, jobId)
  return { id, status: 'QUEUED' as const }
}

/** The undo job: revertImport without force (a feature changed meanwhile refuses it all). */
export function undoJobHandler(deps: AppDeps): JobHandler<UndoPayload, { features: number }> {
  return async (ctx) => {
    const user = await getSessionUser(deps.db, ctx.payload.userId)
    if (!user) throw new JobFailure(t('dataloader.notFound'))
    const audit: BulkAudit = {
      userId: user.id,
      username: user.username,
      application: t('dataloader.undoApplication', { id: ctx.payload.importId }),
      clientAddress: ctx.payload.address,
      clientPort: ctx.payload.port,
    }
    try {
      const features = await revertImport(deps, ctx.payload.importId, { force: false, audit })
      await sql.setUndone(deps.db, ctx.payload.importId, user.username)
      return { features }
    } catch (err) {
      if (err instanceof HttpError) throw new JobFailure(err.message)
      throw err
    }
  }
}
