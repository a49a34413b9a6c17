// An approval of many items at once (issue 43): a moderated user's import becomes one approval
// whose items are its rows; the review decides the items a filter selects in one step, set-based
// through layer-data/bulk-write.ts, with the same rules as one item's approve (approvals.decisions.ts).
import { t } from '@gis/shared'
import type { Caller } from '../../auth/caller'
import type { Db, Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import {
  applyBulkChanges,
  bumpDataVersion,
  ident,
  idSequence,
  literal,
  rowJsonSql,
  startBulkWrite,
  type BulkChanges,
} from '../../layer-data/bulk-write'
import { freshCatalogue } from '../../layer-data/catalogue'
import type { ColumnInfo } from '../../layer-data/feature-values'
import { APPLICATION } from '../../layer-data/feature-write'
import * as featureSql from '../../layer-data/features.sql'
import { deletedSql, DELETED_COLUMN } from '../../layer-data/layer-read'
import { layerFields, tableSql, type CatalogueLayer } from '../../layer-data/model'
import * as sql from './approvals.sql'

/** An approval without items yet (an import adds them batch by batch). */
export async function createBulkApproval(
  tx: Queryable,
  user: { id: number; username: string },
  description: string,
): Promise<number> {
  return sql.insertApproval(tx, user, description.slice(0, 500), [])
}

/** An approval an execution started and did not finish (a cancel): gone with its items. */
export async function deleteBulkApproval(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM app.approvals WHERE id = $1', [id])
}

/**
 * The changes of a bulk write (BulkChanges) kept as the approval's items instead of applied,
 * as recordPendingEdit keeps one: an INSERT with its values and geometry; an UPDATE with the
 * feature as it is now (its version, attributes and geometry), so an approve over a newer
 * version is refused. The position is the change's `ord` (an import's row).
 */
export async function submitBulkItems(
  tx: Queryable,
  approvalId: number,
  layer: CatalogueLayer,
  changes: BulkChanges,
  columns: readonly ColumnInfo[],
): Promise<number> {
  const written = columns.filter((c) => changes.columns.includes(c.name))
  const attributes = layerFields(layer)
    .filter((f) => f.type !== 'geometry')
    .map((f) => columns.find((c) => c.name === f.name))
    .filter((c): c is ColumnInfo => !!c)
  const geom = changes.geometry && columns.some((c) => c.name === 'geom')
  const { rowCount } = await tx.query(
    `INSERT INTO app.approval_items (approval_id, position, layer_name, feature_id, action, data,
       geom, with_geom, base_version, base_attributes, base_geom)
     SELECT $1, c.ord, $2, c.fid, CASE WHEN c.fid IS NULL THEN 'INSERT' ELSE 'UPDATE' END,
            ${rowJsonSql(written, 'c')},
            ${geom ? `CASE WHEN c.with_geom OR c.fid IS NULL THEN ST_AsText(c.geom) END` : 'NULL'},
            ${geom ? `CASE WHEN c.fid IS NULL THEN c.geom IS NOT NULL ELSE c.with_geom END` : 'false'},
            CASE WHEN c.fid IS NOT NULL THEN (SELECT coalesce(max(a.id), 0) FROM app.audit_log a
                   WHERE a.table_schema = $3 AND a.table_name = $4 AND a.feature_id = c.fid)::text END,
            CASE WHEN c.fid IS NOT NULL THEN ${rowJsonSql(attributes, 't')} END,
            CASE WHEN c.fid IS NOT NULL THEN ${layer.geometryType === 'TABULAR' ? 'NULL' : 'ST_AsText(t.geom)'} END
       FROM ${changes.table} c LEFT JOIN ${tableSql(layer)} t ON t.id = c.fid
      ORDER BY c.ord`,
    [approvalId, layer.name, layer.tableSchema, layer.tableName],
  )
  await tx.query('UPDATE app.approvals SET items_total = items_total + $2 WHERE id = $1', [
    approvalId,
    rowCount,
  ])
  return rowCount
}

/** Which pending items of an approval a bulk decision takes. */
export interface ItemFilter {
  action?: 'INSERT' | 'UPDATE' | 'DELETE'
}

export interface BulkDecision {
  /** Items decided. */
  decided: number
  /** Items left pending: their feature changed (or went) since they were submitted. */
  conflicts: number
}

/** Items decided per transaction. */
const BATCH = { postgres: 50_000, pglite: 10_000 } as const

function filterSql(filter: ItemFilter, alias = 'i'): string {
  return filter.action ? `AND ${alias}.action = ${literal(filter.action)}` : ''
}

async function layerOf(db: Queryable, name: string): Promise<CatalogueLayer> {
  const layer = (await freshCatalogue(db)).find((l) => l.name === name)
  if (!layer) throw new HttpError(409, t('approvals.layerGone'))
  return layer
}

/**
 * Rejects every pending item of the approval the filter selects (administrators): nothing is
 * applied; the approval's counts and status follow.
 */
export async function rejectAll(
  db: Db,
  reviewer: Caller,
  approvalId: number,
  filter: ItemFilter,
  reason: string | null,
) {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE app.approval_items i SET status = 'REJECTED', decided = now(), reviewer_id = $2,
              reviewer = $3, reason = $4
        WHERE i.approval_id = $1 AND i.status = 'PENDING' ${filterSql(filter)}`,
      [approvalId, reviewer.user.id, reviewer.user.username, reason],
    )
    await countDecisions(tx, approvalId, 0, rowCount)
    return { decided: rowCount, conflicts: 0 }
  })
}

/** The approval's counts after `accepted` and `rejected` more decisions. */
async function countDecisions(
  tx: Queryable,
  approvalId: number,
  accepted: number,
  rejected: number,
) {
  await tx.query(
    `UPDATE app.approvals
        SET items_accepted = items_accepted + $2::int, items_rejected = items_rejected + $3::int,
            status = CASE WHEN items_accepted + items_rejected + $2::int + $3::int >= items_total
                          THEN 'REVIEWED' ELSE 'PENDING' END,
            reviewed = CASE WHEN items_accepted + items_rejected + $2::int + $3::int >= items_total
                            THEN now() ELSE reviewed END
      WHERE id = $1`,
    [approvalId, accepted, rejected],
  )
}

/**
 * Approves, in batches, every pending INSERT and UPDATE the filter selects, grouped by the
 * fields they set: each applied as the submitter's with the reviewer beside it (approved_by),
 * as approveItem does one. An UPDATE whose feature changed since its submission (another
 * version) or went away stays pending, counted as a conflict, for a decision one by one.
 */
export async function approveAll(
  db: Db,
  reviewer: Caller,
  approvalId: number,
  filter: ItemFilter,
): Promise<BulkDecision> {
  const approval = await sql.approvalById(db, approvalId)
  if (!approval) throw new HttpError(404, t('approvals.notFound'))
  const submitter = { id: approval.user_id ?? reviewer.user.id, username: approval.username }
  const { rows: groups } = await db.query<{
    layer_name: string
    keys: string[] | null
    deleting: boolean
  }>(
    `SELECT DISTINCT i.layer_name, i.action = 'DELETE' AS deleting,
            (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(i.data) k) AS keys
       FROM app.approval_items i
      WHERE i.approval_id = $1 AND i.status = 'PENDING' ${filterSql(filter)}`,
    [approvalId],
  )
  let decided = 0
  let conflicts = 0
  const touched = new Map<string, CatalogueLayer>()
  for (const group of groups) {
    const layer = await layerOf(db, group.layer_name)
    touched.set(layer.name, layer)
    const columns = await featureSql.featureColumns(db, layer)
    const keys = group.deleting ? [DELETED_COLUMN] : (group.keys ?? [])
    const written = keys.filter((k) => columns.some((c) => c.name === k))
    const seq = await idSequence(db, layer)
    const hasGeom = layer.geometryType !== 'TABULAR'
    const t0 = tableSql(layer)
    const geomValue = hasGeom
      ? layer.geometryType.startsWith('multi')
        ? 'ST_Multi(ST_Force2D(ST_SetSRID(ST_GeomFromEWKT(i.geom), 4326)))'
        : 'ST_Force2D(ST_SetSRID(ST_GeomFromEWKT(i.geom), 4326))'
      : 'NULL::geometry'
    const keysMatch = group.deleting
      ? `i.action = 'DELETE'`
      : `i.action <> 'DELETE' AND coalesce((SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(i.data) k), '{}') = ${
          keys.length ? `ARRAY[${keys.map(literal).join(', ')}]::text[]` : `'{}'::text[]`
        }`
    let after = 0
    for (;;) {
      const done = await db.transaction(async (tx) => {
        await startBulkWrite(tx)
        await tx.exec(
          `CREATE TEMP TABLE approval_changes ON COMMIT DROP AS
           SELECT i.id AS item_id, i.id AS ord,
                  CASE WHEN i.action = 'INSERT' THEN 'I' ELSE 'U' END AS action,
                  ${i_feature(seq)} AS feature_id,
                  ${written
                    .map((c) =>
                      c === DELETED_COLUMN && group.deleting
                        ? `true AS ${DELETED_COLUMN}`
                        : `p.${ident(c)} AS ${ident(c)}`,
                    )
                    .join(', ')}${written.length ? ',' : ''}
                  (i.with_geom AND i.geom IS NOT NULL) AS with_geom,
                  CASE WHEN i.with_geom AND i.geom IS NOT NULL THEN ${geomValue} END AS geom,
                  -- An update over another version, or a feature gone: a conflict, left pending.
                  (i.action <> 'INSERT' AND (t.id IS NULL OR ${deletedSql()} OR i.base_version IS DISTINCT FROM
                     (SELECT coalesce(max(a.id), 0) FROM app.audit_log a
                       WHERE a.table_schema = ${literal(layer.tableSchema)} AND a.table_name = ${literal(layer.tableName)}
                         AND a.feature_id = i.feature_id)::text)) AS conflict
             FROM app.approval_items i
             LEFT JOIN ${t0} t ON t.id = i.feature_id
             CROSS JOIN LATERAL jsonb_populate_record(NULL::${t0}, i.data) p
            WHERE i.approval_id = ${Math.trunc(approvalId)} AND i.status = 'PENDING'
              AND i.layer_name = ${literal(layer.name)} AND i.id > ${after} ${filterSql(filter)}
              AND ${keysMatch}
            ORDER BY i.id LIMIT ${BATCH[db.kind]}`,
        )
        const { rows } = await tx.query<{ last: number | null; n: number; conflicts: number }>(
          `SELECT max(item_id)::float8 AS last, count(*)::int AS n,
                  count(*) FILTER (WHERE conflict)::int AS conflicts FROM approval_changes`,
        )
        const r = rows[0]!
        if (!r.n) return r
        await tx.exec('DELETE FROM approval_changes WHERE conflict')
        await applyBulkChanges(
          tx,
          layer,
          { table: 'approval_changes', columns: written, geometry: hasGeom, items: true },
          {
            userId: submitter.id,
            username: submitter.username,
            application: APPLICATION,
            clientAddress: reviewer.address,
            clientPort: reviewer.port,
            approvedBy: reviewer.user.username,
          },
          columns,
        )
        const { rowCount } = await tx.query(
          `UPDATE app.approval_items i SET status = 'ACCEPTED', decided = now(), reviewer_id = $2,
                  reviewer = $3, feature_id = c.feature_id
             FROM approval_changes c WHERE i.id = c.item_id AND i.approval_id = $1`,
          [approvalId, reviewer.user.id, reviewer.user.username],
        )
        await countDecisions(tx, approvalId, rowCount, 0)
        return { ...r, n: rowCount }
      })
      if (done.last === null) break
      decided += done.n
      conflicts += done.conflicts
      after = done.last
    }
  }
  for (const layer of touched.values()) {
    await bumpDataVersion(db, layer)
    await featureSql.refreshExtent(db, layer)
  }
  return { decided, conflicts }
}

/** The id an item's feature has: the UPDATE's, or one taken for the INSERT. */
function i_feature(seq: string | null): string {
  return seq
    ? `coalesce(i.feature_id, CASE WHEN i.action = 'INSERT' THEN nextval(${literal(seq)}) END)`
    : 'i.feature_id'
}
