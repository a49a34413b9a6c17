import type { SyncAction, SyncItemStatus, SyncPackageStatus } from '@gis/shared'
import type { Queryable } from '../../db/types'
import type { SqlPaging } from '../../http/paging'

/** The statements of app.sync_packages, sync_items, sync_logs, sync_configs, sync_remote_keys. */

export interface PackageRow {
  id: number
  regulator: string
  name: string
  status: SyncPackageStatus
  message: string | null
  items_partial: number
  items_total: number
  username: string | null
  created_at: Date
  queued_at: Date | null
  job_id: number | null
}

const PACKAGE_COLUMNS = `p.id::float8 AS id, p.regulator, p.name, p.status, p.message,
  p.items_partial, p.items_total, u.username, p.created_at, p.queued_at, p.job_id::float8 AS job_id`
const PACKAGE_FROM = 'app.sync_packages p LEFT JOIN app.users u ON u.id = p.user_id'

/** Sort names of the package list to their columns. */
export const PACKAGE_SORTS = {
  id: 'p.id',
  name: 'p.name',
  createdDate: 'p.created_at',
  status: 'p.status',
}

export async function listPackages(
  db: Queryable,
  regulator: string,
  paging: SqlPaging,
): Promise<{ rows: PackageRow[]; total: number }> {
  const { rows } = await db.query<PackageRow>(
    `SELECT ${PACKAGE_COLUMNS} FROM ${PACKAGE_FROM} WHERE p.regulator = $1
      ${paging.orderBy}, p.id DESC LIMIT $2 OFFSET $3`,
    [regulator, paging.limit, paging.offset],
  )
  const { rows: n } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app.sync_packages WHERE regulator = $1',
    [regulator],
  )
  return { rows, total: n[0]!.n }
}

export async function readPackage(
  db: Queryable,
  regulator: string,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<PackageRow | undefined> {
  if (opts.lock) {
    await db.query('SELECT 1 FROM app.sync_packages WHERE id = $1 FOR UPDATE', [id])
  }
  const { rows } = await db.query<PackageRow>(
    `SELECT ${PACKAGE_COLUMNS} FROM ${PACKAGE_FROM} WHERE p.id = $1 AND p.regulator = $2`,
    [id, regulator],
  )
  return rows[0]
}

export async function insertPackage(
  db: Queryable,
  regulator: string,
  name: string,
  userId: number,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.sync_packages (regulator, name, user_id) VALUES ($1, $2, $3)
     RETURNING id::float8 AS id`,
    [regulator, name, userId],
  )
  return rows[0]!.id
}

export async function renamePackage(db: Queryable, id: number, name: string): Promise<void> {
  await db.query('UPDATE app.sync_packages SET name = $2 WHERE id = $1', [id, name])
}

/** Deletes a package (its items and logs go with it); answers the log files' keys. */
export async function deletePackage(db: Queryable, id: number): Promise<string[]> {
  const { rows } = await db.query<{ storage_key: string }>(
    'SELECT storage_key FROM app.sync_logs WHERE package_id = $1',
    [id],
  )
  await db.query('DELETE FROM app.sync_packages WHERE id = $1', [id])
  return rows.map((r) => r.storage_key)
}

/** Recounts a package's items (total, and the synchronised ones). */
export async function recountPackage(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE app.sync_packages p SET
       items_total = (SELECT count(*) FROM app.sync_items i WHERE i.package_id = p.id),
       items_partial = (SELECT count(*) FROM app.sync_items i
                          WHERE i.package_id = p.id AND i.status = 'SYNCED')
     WHERE p.id = $1`,
    [id],
  )
}

export async function setPackageState(
  db: Queryable,
  id: number,
  state: { status: SyncPackageStatus; message?: string | null; jobId?: number; queued?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE app.sync_packages SET status = $2,
       message = CASE WHEN $3::boolean THEN $4 ELSE message END,
       job_id = coalesce($5, job_id),
       queued_at = CASE WHEN $6::boolean THEN now() ELSE queued_at END
     WHERE id = $1`,
    [
      id,
      state.status,
      state.message !== undefined,
      state.message ?? null,
      state.jobId ?? null,
      state.queued ?? false,
    ],
  )
}

/** Marks a package whose job `jobId` is over as ERROR, unless another run took it meanwhile. */
export async function releasePackage(
  db: Queryable,
  id: number,
  jobId: number,
  message: string,
): Promise<void> {
  await db.query(
    `UPDATE app.sync_packages SET status = 'ERROR', message = $3
      WHERE id = $1 AND job_id = $2 AND status IN ('QUEUED', 'RUNNING')`,
    [id, jobId, message],
  )
}

export async function setJob(db: Queryable, id: number, jobId: number): Promise<void> {
  await db.query('UPDATE app.sync_packages SET job_id = $2 WHERE id = $1', [id, jobId])
}

/** Packages asked to run: the waiting and running ones first, then the latest finished. */
export async function queuedPackages(
  db: Queryable,
  regulator: string,
  limit: number,
): Promise<PackageRow[]> {
  const { rows } = await db.query<PackageRow>(
    `SELECT ${PACKAGE_COLUMNS} FROM ${PACKAGE_FROM}
      WHERE p.regulator = $1 AND p.queued_at IS NOT NULL
      ORDER BY (p.status IN ('QUEUED', 'RUNNING')) DESC, p.queued_at DESC, p.id DESC
      LIMIT $2`,
    [regulator, limit],
  )
  return rows
}

export interface ItemRow {
  id: number
  layer: string
  feature_id: number
  created_at: Date
  operation_at: Date | null
  status: SyncItemStatus
  message: string | null
  action: SyncAction | null
}

const ITEM_COLUMNS = `id::float8 AS id, layer, feature_id::float8 AS feature_id, created_at,
  operation_at, status, message, action`

export const ITEM_SORTS = {
  id: 'id',
  layer: 'layer',
  featureId: 'feature_id',
  createdDate: 'created_at',
  operationDate: 'operation_at',
  status: 'status',
}

/** Adds features to a package (those already in it stay as they are); answers how many. */
export async function addItems(
  db: Queryable,
  packageId: number,
  layer: string,
  featureIds: readonly number[],
): Promise<number> {
  if (featureIds.length === 0) return 0
  const { rowCount } = await db.query(
    `INSERT INTO app.sync_items (package_id, layer, feature_id)
     SELECT $1, $2, f FROM unnest($3::bigint[]) AS f
     ON CONFLICT (package_id, layer, feature_id) DO NOTHING`,
    [packageId, layer, [...featureIds]],
  )
  return rowCount ?? 0
}

export async function listItems(
  db: Queryable,
  packageId: number,
  paging: SqlPaging,
): Promise<{ rows: ItemRow[]; total: number }> {
  const { rows } = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM app.sync_items WHERE package_id = $1
      ${paging.orderBy}, id ASC LIMIT $2 OFFSET $3`,
    [packageId, paging.limit, paging.offset],
  )
  const { rows: n } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app.sync_items WHERE package_id = $1',
    [packageId],
  )
  return { rows, total: n[0]!.n }
}

/** The items after `afterId`, in id order (the run reads them a batch at a time). */
export async function itemsAfter(
  db: Queryable,
  packageId: number,
  afterId: number,
  limit: number,
): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM app.sync_items WHERE package_id = $1 AND id > $2
      ORDER BY id LIMIT $3`,
    [packageId, afterId, limit],
  )
  return rows
}

export async function removeItems(
  db: Queryable,
  packageId: number,
  ids: readonly number[],
): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM app.sync_items WHERE package_id = $1 AND id = ANY($2::bigint[])',
    [packageId, [...ids]],
  )
  return rowCount ?? 0
}

export async function setItemResult(
  db: Queryable,
  id: number,
  result: { status: SyncItemStatus; message: string; action: SyncAction | null },
): Promise<void> {
  await db.query(
    `UPDATE app.sync_items SET status = $2, message = $3, action = $4, operation_at = now()
      WHERE id = $1`,
    [id, result.status, result.message, result.action],
  )
}

export interface LogRow {
  id: number
  created_at: Date
  name: string
  storage_key: string
  size: number
}

export const LOG_SORTS = { createdDate: 'created_at', name: 'name', id: 'id' }

export async function listLogs(
  db: Queryable,
  packageId: number,
  paging: SqlPaging,
): Promise<{ rows: LogRow[]; total: number }> {
  const { rows } = await db.query<LogRow>(
    `SELECT id::float8 AS id, created_at, name, storage_key, size::float8 AS size
       FROM app.sync_logs WHERE package_id = $1 ${paging.orderBy}, id DESC LIMIT $2 OFFSET $3`,
    [packageId, paging.limit, paging.offset],
  )
  const { rows: n } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app.sync_logs WHERE package_id = $1',
    [packageId],
  )
  return { rows, total: n[0]!.n }
}

export async function readLog(
  db: Queryable,
  packageId: number,
  id: number,
): Promise<LogRow | undefined> {
  const { rows } = await db.query<LogRow>(
    `SELECT id::float8 AS id, created_at, name, storage_key, size::float8 AS size
       FROM app.sync_logs WHERE package_id = $1 AND id = $2`,
    [packageId, id],
  )
  return rows[0]
}

/** The package of a regulator's log, by the log's id alone (the spec's log link). */
export async function packageOfLog(
  db: Queryable,
  regulator: string,
  logId: number,
): Promise<number | undefined> {
  const { rows } = await db.query<{ package_id: number }>(
    `SELECT l.package_id::float8 AS package_id
       FROM app.sync_logs l JOIN app.sync_packages p ON p.id = l.package_id
      WHERE l.id = $1 AND p.regulator = $2`,
    [logId, regulator],
  )
  return rows[0]?.package_id
}

export async function insertLog(
  db: Queryable,
  packageId: number,
  log: { name: string; storageKey: string; size: number },
): Promise<void> {
  await db.query(
    'INSERT INTO app.sync_logs (package_id, name, storage_key, size) VALUES ($1, $2, $3, $4)',
    [packageId, log.name, log.storageKey, log.size],
  )
}

export interface ConfigRow {
  url: string
  token: string | null
  layers: Record<string, string>
  updated_at: Date
}

export async function readConfig(db: Queryable, regulator: string): Promise<ConfigRow | undefined> {
  const { rows } = await db.query<ConfigRow & { layers: unknown }>(
    'SELECT url, token, layers::text AS layers, updated_at FROM app.sync_configs WHERE regulator = $1',
    [regulator],
  )
  const r = rows[0]
  if (!r) return undefined
  return {
    ...r,
    layers: (typeof r.layers === 'string' ? JSON.parse(r.layers) : r.layers) as Record<
      string,
      string
    >,
  }
}

/** Saves the endpoint; a token left undefined keeps the stored one. */
export async function saveConfig(
  db: Queryable,
  regulator: string,
  config: { url: string; token?: string | null; layers: Record<string, string> },
  userId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO app.sync_configs (regulator, url, token, layers, updated_by)
     VALUES ($1, $2, $3, $4::text::jsonb, $6)
     ON CONFLICT (regulator) DO UPDATE SET url = EXCLUDED.url,
       token = CASE WHEN $5::boolean THEN EXCLUDED.token ELSE app.sync_configs.token END,
       layers = EXCLUDED.layers, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [
      regulator,
      config.url,
      config.token ?? null,
      JSON.stringify(config.layers),
      config.token !== undefined,
      userId,
    ],
  )
}

export interface RemoteKey {
  remote_layer: string
  remote_id: number
}

export async function readRemoteKey(
  db: Queryable,
  regulator: string,
  layer: string,
  featureId: number,
): Promise<RemoteKey | undefined> {
  const { rows } = await db.query<RemoteKey>(
    `SELECT remote_layer, remote_id::float8 AS remote_id FROM app.sync_remote_keys
      WHERE regulator = $1 AND layer = $2 AND feature_id = $3`,
    [regulator, layer, featureId],
  )
  return rows[0]
}

export async function saveRemoteKey(
  db: Queryable,
  regulator: string,
  layer: string,
  featureId: number,
  key: RemoteKey,
): Promise<void> {
  await db.query(
    `INSERT INTO app.sync_remote_keys (regulator, layer, feature_id, remote_layer, remote_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (regulator, layer, feature_id) DO UPDATE SET remote_layer = EXCLUDED.remote_layer,
       remote_id = EXCLUDED.remote_id, synced_at = now()`,
    [regulator, layer, featureId, key.remote_layer, key.remote_id],
  )
}

export async function deleteRemoteKey(
  db: Queryable,
  regulator: string,
  layer: string,
  featureId: number,
): Promise<void> {
  await db.query(
    'DELETE FROM app.sync_remote_keys WHERE regulator = $1 AND layer = $2 AND feature_id = $3',
    [regulator, layer, featureId],
  )
}
