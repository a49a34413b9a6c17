// The statements of 'Desfazer importação' (dataloader-undo.ts): which features of an import
// changed since, and the import's features given back their values before it, set-based.
import type { Db, Queryable } from '../../db/types'
import {
  applyBulkChanges,
  bumpDataVersion,
  ident,
  literal,
  startBulkWrite,
  type BulkAudit,
} from '../../layer-data/bulk-write'
import * as featureSql from '../../layer-data/features.sql'
import { DELETED_COLUMN } from '../../layer-data/layer-read'
import { tableSql, type CatalogueLayer } from '../../layer-data/model'

/** Features restored per transaction. */
const BATCH = { postgres: 50_000, pglite: 10_000 } as const

/** Columns an undo never writes: kept by the database or by the write itself. */
const SYSTEM = new Set(['id', 'uuid', 'geom', 'm_o_d_i_f_'])

/**
 * Features of the import's entries that changed after it (a later entry in the history), at
 * most `limit` of them, and how many in all.
 */
export async function changedSince(
  db: Queryable,
  importId: number,
  layer: CatalogueLayer,
  limit: number,
) {
  const { rows } = await db.query<{ id: number; n: number }>(
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
 * Gives each feature the import wrote its values before it (the import's own history entry's
 * `old_fields`; inserted ones soft-deleted), one history entry each; `skipChanged` leaves out
 * the features changed since. Answers how many were restored.
 */
export async function restoreImported(
  db: Db,
  importId: number,
  layer: CatalogueLayer,
  opts: { skipChanged: boolean; audit: BulkAudit },
): Promise<number> {
  const columns = await featureSql.featureColumns(db, layer)
  const restored = columns.filter((c) => !SYSTEM.has(c.name)).map((c) => c.name)
  const hasGeom = columns.some((c) => c.name === 'geom')
  const t0 = tableSql(layer)
  // (forced: the features changed since are left as they are)
  const skip = opts.skipChanged
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
                    c === DELETED_COLUMN
                      ? `CASE WHEN a.action = 'I' THEN true ELSE p.${c} END AS ${c}`
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
