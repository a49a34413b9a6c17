// An import's execution (issue 43): the job that validates and writes the staged rows in
// batches, set-based (dataloader-convert.ts, layer-data/bulk-write.ts), after the checks
// (dataloader-checks.ts); cancelled, it takes back what it wrote (dataloader-undo.ts).
import { t, type ImportExecuteBody } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Caller } from '../../auth/caller'
import { HttpError } from '../../http/errors'
import { JobCancelled, JobFailure, type JobHandler } from '../../jobs/job-queue'
import {
  applyBulkChanges,
  bumpDataVersion,
  idSequence,
  startBulkWrite,
  type BulkAudit,
} from '../../layer-data/bulk-write'
import * as featureSql from '../../layer-data/features.sql'
import { layerAccess } from '../../layer-data/layer-access'
import {
  analyzeTable,
  dropLayerIndexes,
  ensureLayerIndexes,
  tableHasRows,
} from '../../layer-data/layer-tables'
import {
  createBulkApproval,
  deleteBulkApproval,
  submitBulkItems,
} from '../approvals/approvals-bulk.sql'
import { isModeratedEdit } from '../approvals/moderation'
import { getSessionUser } from '../users/users.sql'
import { checkExecution, checkSourceSrid, createDestination } from './dataloader-checks'
import { conversionPlan } from './dataloader-convert.sql'
import { ptNumber } from './dataloader-limits'
import { revertImport } from './dataloader-undo'
import * as sql from './dataloader.sql'
import { toJob } from './dataloader-job'
import { ownImport, refuseWhileRunning, type ImportStatus } from './dataloader.service'

/** The job type of an import's execution. */
export const DATALOADER_JOB = 'dataloader.execute'

/**
 * Rows per batch (one transaction): on PostgreSQL large, for speed; on the embedded database
 * small enough that the map and the API answer between two batches.
 */
const BATCH_ROWS = { postgres: 100_000, pglite: 20_000 } as const

interface ExecutePayload {
  importId: number
  userId: number
  address: string
  port: number | null
}

/** The application name the history and the auditor show for an import's writes. */
export const importApplication = (id: number) => t('dataloader.application', { id })

/** Starts the execution job; it can be cancelled (POST /{id}/cancel) while it runs. */
export async function execute(
  deps: AppDeps,
  caller: Caller,
  id: number,
  body: ImportExecuteBody,
): Promise<{ id: number; status: ImportStatus }> {
  const row = await ownImport(deps.db, caller.user, id)
  if (row.state !== 'READY') throw new HttpError(409, t('dataloader.notReady'))
  await refuseWhileRunning(deps, row)
  if ((await sql.stagedRows(deps.db, id)) !== row.row_count) {
    throw new HttpError(409, t('dataloader.rowsLost'))
  }
  const job = toJob(row)
  await checkSourceSrid(deps.db, job, body)
  if (body.destinyType === 1) await createDestination(deps.db, caller.user, job, body)
  await checkExecution(deps.db, caller.user, job, body)
  await sql.resetResults(deps.db, id)
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

/**
 * The job: the staged rows in batches, each in one transaction: converted and checked
 * (import_rows), one change per feature (import_changes), written with its history and audit
 * (or, for a moderated user, added to the import's one approval), each row's outcome kept.
 * Progress counts the rows validated and written; a cancel takes back what was written.
 */
export function executeJobHandler(deps: AppDeps): JobHandler<ExecutePayload, { rows: number }> {
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
    const { layer, perms } = await layerAccess(db, caller.user, config.layerName).catch(() => {
      throw new JobFailure(t('layers.notFoundOrDenied'))
    })
    const columns = await featureSql.featureColumns(db, layer)
    const moderated = await isModeratedEdit(db, caller.user, layer.name)
    const plan = conversionPlan({
      layer,
      columns,
      job,
      config,
      sourceSrid: config.sourceSrid ?? job.metadata.srid ?? 4326,
      perms,
    })
    const seq = moderated ? null : await idSequence(db, layer)
    if (!moderated && !seq) throw new JobFailure(t('dataloader.noIdSequence'))
    const audit: BulkAudit = {
      userId: user.id,
      username: user.username,
      application: importApplication(job.id),
      clientAddress: caller.address,
      clientPort: caller.port,
    }
    // A new layer, still empty: its indexes are built once the rows are in.
    const rebuild = !moderated && config.destinyType === 1
    if (rebuild && !(await tableHasRows(db, layer.tableName)))
      await dropLayerIndexes(db, layer.tableName)
    const size = deps.config.importBatchRows || BATCH_ROWS[db.kind]
    // Taken up again after a restart: the batches done (each with its rows' outcomes) stay.
    const resumed = await sql.executedBatches(db, job.id, size)
    let approvalId: number | null = row.approval_id
    if (moderated && approvalId === null) {
      approvalId = await db.transaction((tx) =>
        createBulkApproval(
          tx,
          user,
          t('dataloader.approvalDescription', {
            file: job.filename,
            layer: layer.title || layer.name,
            rows: ptNumber(job.rowCount),
          }),
        ),
      )
      await sql.setApproval(db, job.id, approvalId)
    }

    const total = job.rowCount
    const counts = {
      validated: resumed.rows,
      written: resumed.rows - resumed.errors,
      errors: resumed.errors,
    }
    const report = async () => {
      await sql.setCounts(db, job.id, counts)
      await ctx.progress(counts.validated, total)
    }
    const batch = async (after: number) => {
      const done = await db.transaction(async (tx) => {
        await startBulkWrite(tx)
        for (const statement of plan.rows(job.id, after, after + size)) await tx.exec(statement)
        for (const statement of plan.changes(seq)) await tx.exec(statement)
        const changes = {
          table: 'import_changes',
          columns: plan.written,
          geometry: plan.geometry,
        }
        if (moderated) await submitBulkItems(tx, approvalId!, layer, changes, columns)
        else await applyBulkChanges(tx, layer, changes, audit, columns)
        return sql.recordBatch(tx, job.id, moderated ? t('dataloader.submitted') : null)
      })
      counts.validated += done.rows
      counts.errors += done.errors
      counts.written += done.rows - done.errors
      await report()
    }
    // Batches without a key are independent (inserts only): on PostgreSQL two run at once,
    // each on its connection; with a key they follow the file's order (a key twice updates).
    const starts: number[] = []
    for (let after = 0; after < total; after += size) starts.push(after)
    const pending = starts.filter((after) => !resumed.starts.has(after))
    const parallel = db.kind === 'postgres' && !plan.keyed && !moderated ? 2 : 1
    try {
      const worker = async () => {
        for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
          if (ctx.cancelRequested()) throw new JobCancelled(t('dataloader.cancelled'))
          if (ctx.signal.aborted) throw ctx.signal.reason
          await batch(next)
        }
      }
      const results = await Promise.allSettled(Array.from({ length: parallel }, worker))
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (failed) throw failed.reason
      // Cancelled while its last batch ran: taken back all the same.
      if (ctx.cancelRequested()) throw new JobCancelled(t('dataloader.cancelled'))
    } catch (err) {
      // Nothing half-applied: what the batches wrote is taken back.
      if (err instanceof JobCancelled || !ctx.signal.aborted) {
        await revertImport(deps, row.id, {
          force: true,
          audit: { ...audit, application: t('dataloader.cancelApplication', { id: job.id }) },
        })
        await sql.resetResults(db, job.id)
        await sql.setCounts(db, job.id, {})
        if (approvalId !== null) await deleteBulkApproval(db, approvalId)
      }
      if (rebuild) await ensureLayerIndexes(db, layer.tableName, layer.geometryType !== 'TABULAR')
      throw err
    }
    if (rebuild) {
      await ensureLayerIndexes(db, layer.tableName, layer.geometryType !== 'TABULAR')
      await analyzeTable(db, layer.tableName)
    }
    if (!moderated) {
      await bumpDataVersion(db, layer)
      await featureSql.refreshExtent(db, layer)
    }
    return { rows: total }
  }
}
