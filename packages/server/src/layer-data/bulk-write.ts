import type { Queryable } from '../db/types'
import type { ColumnInfo } from './feature-values'
import { tableSql, type CatalogueLayer } from './model'

/*
 * Many checked writes to a layer table at once (issue 43: an import, the approval of an
 * import's items, an import undone): set-based INSERT and UPDATE from a temporary table of
 * changes, with the history and audit entries written by one INSERT each, one entry per changed
 * feature exactly as the audit trigger writes it for a single edit (to_jsonb of the row before
 * and after, the fields that changed, who, from where, with what application). The layer's row
 * trigger does not fire for these (gis.bulk_write, migration 190), nor its data-version
 * trigger: the caller moves the version once, at the end (bumpDataVersion).
 */

/** Who the entries name, as the audit context of a single edit (features.sql's setAuditContext). */
export interface BulkAudit {
  userId: number
  username: string
  application: string
  clientAddress: string | null
  clientPort: number | null
  /** An approval's reviewer, beside the submitter (approvals). */
  approvedBy?: string
}

/**
 * The changes, in a temporary table of the transaction: `ord` (the order of the entries),
 * `action` ('I' insert, 'U' update), `feature_id` (the feature updated, or the id taken for the
 * one inserted), `with_geom` and `geom` (the geometry, in the layer's CRS, written when
 * with_geom) and one column per layer column written, named and typed as it. One change per
 * feature.
 */
export interface BulkChanges {
  table: string
  columns: readonly string[]
  /** The changes may set the geometry (the layer has one). */
  geometry: boolean
  /** The approval item each change comes from (a column `item_id` of the table). */
  items?: boolean
}

/** An identifier of the database (any name PostgreSQL holds), quoted. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
/** A text as an SQL literal. */
export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** jsonb_build_object takes at most 100 arguments: 50 pairs. */
const PAIRS = 50

/**
 * The row under `alias` as the audit trigger's to_jsonb(NEW) writes it, built column by column:
 * a geometry through ST_AsGeoJSON with its short CRS (what PostGIS's json cast writes, at a
 * twentieth of its cost), every other value as to_jsonb writes it.
 */
export function rowJsonSql(
  columns: readonly Pick<ColumnInfo, 'name' | 'sqlType'>[],
  alias: string,
) {
  const pairs = columns.map((c) =>
    /^geometry\b/.test(c.sqlType)
      ? `${literal(c.name)}, ST_AsGeoJSON(${alias}.${ident(c.name)}, 15, 2)::jsonb`
      : `${literal(c.name)}, ${alias}.${ident(c.name)}`,
  )
  const parts: string[] = []
  for (let i = 0; i < pairs.length; i += PAIRS) {
    parts.push(`jsonb_build_object(${pairs.slice(i, i + PAIRS).join(', ')})`)
  }
  return parts.length ? parts.join(' || ') : `'{}'::jsonb`
}

/**
 * Turns the layer triggers off for the rest of the transaction (the bulk writes its own
 * entries); its sorts and hashes of a batch kept in memory, and no JIT compiling (on
 * PostgreSQL it took a tenth of a second per statement of a batch).
 */
export async function startBulkWrite(tx: Queryable): Promise<void> {
  await tx.query(
    `SELECT set_config('gis.bulk_write', 'on', true), set_config('work_mem', '128MB', true),
            set_config('jit', 'off', true)`,
  )
}

/** The data version moved once (tile ETags, caches), as the statement trigger does per write. */
export async function bumpDataVersion(db: Queryable, layer: CatalogueLayer): Promise<void> {
  await db.query(
    `UPDATE app.layers SET data_version = data_version + 1, data_changed_at = clock_timestamp()
      WHERE table_schema = $1 AND table_name = $2`,
    [layer.tableSchema, layer.tableName],
  )
}

/** The sequence of the layer table's id (a layer table's id is a bigserial). */
export async function idSequence(db: Queryable, layer: CatalogueLayer): Promise<string | null> {
  const { rows } = await db.query<{ seq: string | null }>(
    `SELECT pg_get_serial_sequence($1, 'id') AS seq`,
    [tableSql(layer)],
  )
  return rows[0]?.seq ?? null
}

export interface BulkOutcome {
  inserted: number
  /** Features whose values changed (an update to the same values writes nothing). */
  updated: number
}

/**
 * Applies the changes (startBulkWrite first, in the same transaction). Afterwards the
 * temporary table `bulk_audit (feature_id, audit_id)` says the entry written for each feature
 * that changed.
 */
export async function applyBulkChanges(
  tx: Queryable,
  layer: CatalogueLayer,
  changes: BulkChanges,
  audit: BulkAudit,
  tableColumns: readonly ColumnInfo[],
): Promise<BulkOutcome> {
  const t = tableSql(layer)
  const c = changes.table
  const geom = changes.geometry && tableColumns.some((x) => x.name === 'geom')
  const cols = changes.columns.map(ident)
  const json = rowJsonSql(tableColumns, 't')
  const who = [
    literal(layer.tableSchema),
    literal(layer.tableName),
    `${audit.userId}::bigint`,
    literal(audit.username),
    literal(audit.application),
    audit.clientAddress === null ? 'NULL' : literal(audit.clientAddress),
    audit.clientPort === null ? 'NULL::int' : `${audit.clientPort}::int`,
    audit.approvedBy === undefined ? 'NULL' : literal(audit.approvedBy),
  ]
  const item = changes.items ? 's.item_id' : 'NULL::bigint'
  await tx.exec(
    `DROP TABLE IF EXISTS bulk_audit; CREATE TEMP TABLE bulk_audit (feature_id bigint, audit_id bigint) ON COMMIT DROP`,
  )

  const insertCols = ['id', ...cols, ...(geom ? ['geom'] : [])]
  const insertVals = ['c.feature_id', ...cols.map((x) => `c.${x}`), ...(geom ? ['c.geom'] : [])]
  const inserted = await tx.query(
    `INSERT INTO ${t} (${insertCols.join(', ')})
     SELECT ${insertVals.join(', ')} FROM ${c} c WHERE c.action = 'I' ORDER BY c.ord`,
  )
  if (inserted.rowCount) {
    await tx.query(
      `WITH s AS MATERIALIZED (
         SELECT c.ord, t.id, ${json} AS j${changes.items ? ', c.item_id' : ''}
           FROM ${t} t JOIN ${c} c ON c.feature_id = t.id AND c.action = 'I'
       ), a AS (
         INSERT INTO app.audit_log (table_schema, table_name, feature_id, action, old_fields,
           current_fields, changed_fields, user_id, username, application, client_addr,
           client_port, approved_by, approval_item_id)
         SELECT ${who[0]}, ${who[1]}, s.id, 'I', NULL, s.j, s.j, ${who.slice(2).join(', ')}, ${item}
           FROM s ORDER BY s.ord
         RETURNING feature_id, id
       )
       INSERT INTO bulk_audit SELECT feature_id, id FROM a`,
    )
  }

  let updated = 0
  const sets = [...cols.map((x) => `${x} = c.${x}`)]
  const differs = cols.map((x) => `t.${x} IS DISTINCT FROM c.${x}`)
  if (geom) {
    sets.push('geom = CASE WHEN c.with_geom THEN c.geom ELSE t.geom END')
    differs.push('(c.with_geom AND t.geom IS DISTINCT FROM c.geom)')
  }
  if (sets.length) {
    await tx.exec(
      `DROP TABLE IF EXISTS bulk_old; CREATE TEMP TABLE bulk_old ON COMMIT DROP AS
         SELECT c.ord, t.id, ${json} AS j${changes.items ? ', c.item_id' : ''}
           FROM ${t} t JOIN ${c} c ON c.feature_id = t.id AND c.action = 'U'
          WHERE ${differs.join(' OR ')}; ANALYZE bulk_old`,
    )
    const result = await tx.query(
      `UPDATE ${t} t SET ${sets.join(', ')}, m_o_d_i_f_ = clock_timestamp()
         FROM ${c} c JOIN bulk_old o ON o.id = c.feature_id
        WHERE c.action = 'U' AND t.id = c.feature_id`,
    )
    updated = result.rowCount
    if (updated) {
      // As the trigger: the fields that changed (the modification time aside), an entry only
      // when one did, a deletion when the flag went from false to true.
      await tx.query(
        `WITH n AS MATERIALIZED (
           SELECT o.ord, t.id, o.j AS old, ${json} AS j${changes.items ? ', o.item_id' : ''}
             FROM ${t} t JOIN bulk_old o ON o.id = t.id
         ), s AS MATERIALIZED (
           SELECT n.*, coalesce((SELECT jsonb_object_agg(k.key, k.value) FROM jsonb_each(n.j) k
                                  WHERE k.key <> 'm_o_d_i_f_' AND k.value IS DISTINCT FROM n.old -> k.key),
                                '{}'::jsonb) AS changed
             FROM n
         ), a AS (
           INSERT INTO app.audit_log (table_schema, table_name, feature_id, action, old_fields,
             current_fields, changed_fields, user_id, username, application, client_addr,
             client_port, approved_by, approval_item_id)
           SELECT ${who[0]}, ${who[1]}, s.id,
                  CASE WHEN (s.j ->> 'd_e_l_e_t_') = 'true'
                        AND coalesce(s.old ->> 'd_e_l_e_t_', 'false') = 'false' THEN 'D' ELSE 'U' END,
                  s.old, s.j, s.changed, ${who.slice(2).join(', ')}, ${item}
             FROM s WHERE s.changed <> '{}'::jsonb ORDER BY s.ord
           RETURNING feature_id, id
         )
         INSERT INTO bulk_audit SELECT feature_id, id FROM a`,
      )
    }
  }
  return { inserted: inserted.rowCount, updated }
}
