// 'Desfazer importação' (issue 43): an executed import taken back as a whole through history,
// and what a cancelled execution uses to leave nothing half-applied.
import { t } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Caller } from '../../auth/caller'
import { HttpError } from '../../http/errors'
import { JobFailure, type JobHandler } from '../../jobs/job-queue'
import {
  applyBulkChanges,
  bumpDataVersion,
  ident,
  literal,
  startBulkWrite,
  type BulkAudit,
} from '../../layer-data/bulk-write'
import { freshCatalogue } from '../../layer-data/catalogue'
import * as featureSql from '../../layer-data/features.sql'
import { layerAccess } from '../../layer-data/layer-access'
import { tableSql, type CatalogueLayer } from '../../layer-data/model'
import { getSessionUser } from '../users/users.sql'
import { ptNumber } from './dataloader-limits'
import * as sql from './dataloader.sql'
import { toJob } from './dataloader-job'
import { refuseWhileRunning, type User } from './dataloader.service'

/** The job type of an import's undoing. */
export const DATALOADER_UNDO_JOB = 'dataloader.undo'

/** Features restored per transaction. */
const BATCH = { postgres: 50_000, pglite: 10_000 } as const

/** Columns an undo never writes: kept by the database or by the write itself. */
const SYSTEM = new Set(['id', 'uuid', 'geom', 'm_o_d_i_f_'])

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
 * Features of the import's entries that changed after it (a later entry in the history), at
 * most `limit` of them, and how many in all.
 */
async function changedSince(deps: AppDeps, importId: number, layer: CatalogueLayer, limit: number) {
  const { rows } = await deps.db.query<{ id: number; n: number }>(
    `SELECT r.feature_id::float8 AS id, count(*) OVER ()::int AS n
       FROM (SELECT DISTINCT feature_id, audit_id FROM app.dataloader_results
              WHERE import_id = $1 AND audit_id IS NOT NULL) r
      WHERE EXISTS (SELECT 1 FROM app.audit_log a
                     WHERE a.table_schema = $2 AND a.table_name = $3
                       AND a.feature_id = r.feature_id AND a.id > r.audit_id)
      ORDER BY r.feature_id LIMIT $4`,
    [importId, layer.tableSchema, layer.tableName, limit],
  )
  return { ids: rows.map((r) => r.id), count: rows[0]?.n ?? 0 }
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
  const blocked = await changedSince(deps, importId, layer, opts.force ? 1_000_000_000 : 10)
  if (blocked.count && !opts.force) {
    throw new HttpError(
      409,
      t('dataloader.undoChangedSince', {
        count: ptNumber(blocked.count),
        ids: blocked.ids.join(', ') + (blocked.count > blocked.ids.length ? ', …' : ''),
      }),
    )
  }
  const columns = await featureSql.featureColumns(db, layer)
  const restored = columns.filter((c) => !SYSTEM.has(c.name)).map((c) => c.name)
  const hasGeom = columns.some((c) => c.name === 'geom')
  const t0 = tableSql(layer)
  // (forced: the features changed since are left as they are)
  const skip = blocked.count
    ? `AND NOT EXISTS (SELECT 1 FROM app.audit_log x
                        WHERE x.table_schema = ${literal(layer.tableSchema)} AND x.table_name = ${literal(layer.tableName)}
                          AND x.feature_id = r.feature_id AND x.id > r.audit_id)`
    : ''
  const size = BATCH[db.kind]
  let after = 0
  let total = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      await startBulkWrite(tx)
      await tx.exec(
        `CREATE TEMP TABLE undo_changes ON COMMIT DROP AS
         SELECT a.id AS ord, 'U'::text AS action, a.feature_id,
                ${restored
                  .map((c) =>
                    c === 'd_e_l_e_t_'
                      ? `CASE WHEN a.action = 'I' THEN true ELSE p.d_e_l_e_t_ END AS d_e_l_e_t_`
                      : `CASE WHEN a.action = 'I' THEN t.${ident(c)} ELSE p.${ident(c)} END AS ${ident(c)}`,
                  )
                  .join(', ')}${restored.length ? ',' : ''}
                (a.action = 'U' AND a.changed_fields ? 'geom') AS with_geom,
                ${
                  hasGeom
                    ? `CASE WHEN jsonb_typeof(a.old_fields -> 'geom') = 'object'
                    THEN ST_SetSRID(ST_GeomFromGeoJSON(a.old_fields -> 'geom'), 4326) END`
                    : 'NULL::geometry'
                } AS geom
           FROM (SELECT DISTINCT r.feature_id, r.audit_id FROM app.dataloader_results r
                  WHERE r.import_id = ${Math.trunc(importId)} AND r.audit_id > ${after} ${skip}
                  ORDER BY r.audit_id LIMIT ${size}) r
           JOIN app.audit_log a ON a.id = r.audit_id
           JOIN ${t0} t ON t.id = a.feature_id
           CROSS JOIN LATERAL jsonb_populate_record(NULL::${t0}, coalesce(a.old_fields, '{}'::jsonb) - 'geom') p`,
      )
      const { rows } = await tx.query<{ last: number | null; n: number }>(
        'SELECT max(ord)::float8 AS last, count(*)::int AS n FROM undo_changes',
      )
      if (!rows[0]!.n) return rows[0]!
      await applyBulkChanges(
        tx,
        layer,
        { table: 'undo_changes', columns: restored, geometry: hasGeom },
        opts.audit,
        columns,
      )
      return rows[0]!
    })
    if (!done.n) break
    total += done.n
    after = done.last!
  }
  if (total) {
    await bumpDataVersion(db, layer)
    await featureSql.refreshExtent(db, layer)
  }
  return total
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
  const blocked = await changedSince(deps, id, layer, 10)
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
