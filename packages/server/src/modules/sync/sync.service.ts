import {
  SYNC_MAX_ADD,
  SYNC_REGULATORS,
  syncLogPath,
  t,
  type PagingQuery,
  type SessionUser,
  type SyncAddBody,
  type SyncAddResult,
  type SyncConfig,
  type SyncConfigBody,
  type SyncItem,
  type SyncLog,
  type SyncPackage,
} from '@gis/shared'
import type { Readable } from 'node:stream'
import type { AppDeps } from '../../app-deps'
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors'
import { checkOutboundUrl, OutboundRefusedError } from '../../http/outbound'
import { toSqlPaging } from '../../http/paging'
import { searchFeatures } from '../../layer-data/search'
import { readAppConfig } from '../config/config.service'
import { layerForUser, withFilterErrors } from '../../layer-data/layer-access'
import * as sql from './sync.sql'

type User = Pick<SessionUser, 'id' | 'admin'>

/** The job type of a package's run. */
export const SYNC_JOB = 'sync-package'

/** The regulator's synchronisation, or the 404 of a module switched off (or unknown). */
export async function checkModule(deps: AppDeps, regulator: string): Promise<void> {
  const module = Object.hasOwn(SYNC_REGULATORS, regulator) ? SYNC_REGULATORS[regulator] : undefined
  const { modules } = await readAppConfig(deps.db, deps.config)
  if (!module || !modules.includes(module)) throw notFound()
}

/** The packages' routes have no regulator in their path: they are ARTESP's (the only one). */
export const DEFAULT_REGULATOR = 'artesp'

const iso = (d: Date | string | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString()

export function toPackage(r: sql.PackageRow): SyncPackage {
  return {
    id: Number(r.id),
    name: r.name,
    status: r.status,
    message: r.message,
    itemsPartial: r.items_partial,
    itemsTotal: r.items_total,
    user: r.username,
    createdDate: iso(r.created_at)!,
    queuedDate: iso(r.queued_at),
  }
}

const packageNotFound = () => new HttpError(404, t('sync.packageNotFound'))

async function packageOf(deps: AppDeps, id: number): Promise<sql.PackageRow> {
  await checkModule(deps, DEFAULT_REGULATOR)
  const row = await sql.readPackage(deps.db, DEFAULT_REGULATOR, id)
  if (!row) throw packageNotFound()
  return row
}

export async function listPackages(
  deps: AppDeps,
  paging: PagingQuery,
): Promise<{ rows: SyncPackage[]; total: number }> {
  await checkModule(deps, DEFAULT_REGULATOR)
  const page = await sql.listPackages(
    deps.db,
    DEFAULT_REGULATOR,
    toSqlPaging(paging, sql.PACKAGE_SORTS, '-createdDate'),
  )
  return { rows: page.rows.map(toPackage), total: page.total }
}

export async function getPackage(deps: AppDeps, id: number): Promise<SyncPackage> {
  await packageOf(deps, id)
  await releaseStale(deps, id)
  return toPackage(await packageOf(deps, id))
}

export async function createPackage(deps: AppDeps, user: User, name: string): Promise<number> {
  await checkModule(deps, DEFAULT_REGULATOR)
  return sql.insertPackage(deps.db, DEFAULT_REGULATOR, name, user.id)
}

export async function renamePackage(deps: AppDeps, id: number, name: string): Promise<SyncPackage> {
  await packageOf(deps, id)
  await sql.renamePackage(deps.db, id, name)
  return getPackage(deps, id)
}

/**
 * A package still marked QUEUED or RUNNING whose job is over (it failed for good after its
 * process died, say) is released as ERROR, so that it can be run, changed or deleted again.
 * Read outside any transaction: the queue reads through its own connection.
 */
async function releaseStale(deps: AppDeps, id: number): Promise<void> {
  const row = await sql.readPackage(deps.db, DEFAULT_REGULATOR, id)
  if (!row || (row.status !== 'QUEUED' && row.status !== 'RUNNING') || row.job_id === null) return
  const job = await deps.jobs.get(Number(row.job_id))
  if (job && (job.status === 'QUEUED' || job.status === 'IN_PROGRESS')) return
  await sql.releasePackage(deps.db, id, Number(row.job_id), t('jobs.interrupted'))
}

function refuseWhileQueued(row: sql.PackageRow): void {
  if (row.status === 'QUEUED' || row.status === 'RUNNING') {
    throw new HttpError(409, t('sync.busy'))
  }
}

export async function deletePackage(deps: AppDeps, id: number): Promise<void> {
  await releaseStale(deps, id)
  const keys = await deps.db.transaction(async (tx) => {
    const row = await sql.readPackage(tx, DEFAULT_REGULATOR, id, { lock: true })
    if (!row) throw packageNotFound()
    refuseWhileQueued(row)
    return sql.deletePackage(tx, id)
  })
  for (const key of keys) await deps.storage.delete(key).catch(() => undefined)
}

/**
 * Adds to a package the features of a layer the caller reads that the search's filter (and
 * selection) picks: compiled by the feature search itself, so a filter selects here what it
 * selects there. More than SYNC_MAX_ADD features is refused and adds nothing.
 */
export async function addItems(
  deps: AppDeps,
  user: User,
  id: number,
  layerName: string,
  body: SyncAddBody,
): Promise<SyncAddResult> {
  await packageOf(deps, id)
  await releaseStale(deps, id)
  const layer = await layerForUser(deps.db, user, layerName)
  const spec = { filter: body.query, ids: body.ids }
  const sort = { field: 'id', descending: false }
  const ids: number[] = []
  const batch = 1000
  for (let offset = 0; ; offset += batch) {
    const page = await withFilterErrors(() =>
      searchFeatures(deps.db, layer, spec, sort, { limit: batch, offset }),
    )
    if (page.total > SYNC_MAX_ADD) {
      throw badRequest([{ field: 'query', message: t('sync.tooMany', { max: SYNC_MAX_ADD }) }])
    }
    ids.push(...page.rows.map((r) => Number(r.id)))
    if (page.rows.length < batch || ids.length >= page.total) break
  }
  return deps.db.transaction(async (tx) => {
    const row = await sql.readPackage(tx, DEFAULT_REGULATOR, id, { lock: true })
    if (!row) throw packageNotFound()
    refuseWhileQueued(row)
    const added = await sql.addItems(tx, id, layer.name, ids)
    await sql.recountPackage(tx, id)
    const after = await sql.readPackage(tx, DEFAULT_REGULATOR, id)
    return { added, itemsTotal: after!.items_total }
  })
}

export async function listItems(
  deps: AppDeps,
  id: number,
  paging: PagingQuery,
): Promise<{ items: SyncItem[]; rowCount: number }> {
  await packageOf(deps, id)
  const page = await sql.listItems(deps.db, id, toSqlPaging(paging, sql.ITEM_SORTS, 'id'))
  return {
    items: page.rows.map((r) => ({
      id: Number(r.id),
      layer: r.layer,
      featureId: Number(r.feature_id),
      createdDate: iso(r.created_at)!,
      operationDate: iso(r.operation_at),
      status: r.status,
      message: r.message,
      action: r.action,
    })),
    rowCount: page.total,
  }
}

export async function removeItems(
  deps: AppDeps,
  id: number,
  itemIds: readonly number[],
): Promise<{ removed: number }> {
  await checkModule(deps, DEFAULT_REGULATOR)
  await releaseStale(deps, id)
  return deps.db.transaction(async (tx) => {
    const row = await sql.readPackage(tx, DEFAULT_REGULATOR, id, { lock: true })
    if (!row) throw packageNotFound()
    refuseWhileQueued(row)
    const removed = await sql.removeItems(tx, id, itemIds)
    await sql.recountPackage(tx, id)
    return { removed }
  })
}

export async function listLogs(
  deps: AppDeps,
  id: number,
  paging: PagingQuery,
): Promise<{ rows: SyncLog[]; total: number }> {
  await packageOf(deps, id)
  const page = await sql.listLogs(deps.db, id, toSqlPaging(paging, sql.LOG_SORTS, '-createdDate'))
  return {
    rows: page.rows.map((r) => ({
      id: Number(r.id),
      createdDate: iso(r.created_at)!,
      name: r.name,
      size: Number(r.size),
      fileUrl: syncLogPath(id, Number(r.id)),
    })),
    total: page.total,
  }
}

export interface LogFile {
  stream: Readable
  filename: string
  size: number
}

/** A run's log file (administrators; the download scope takes `?token=`, so checked here). */
export async function logFile(
  deps: AppDeps,
  user: User,
  id: number,
  logId: number,
): Promise<LogFile> {
  if (!user.admin) throw forbidden()
  await packageOf(deps, id)
  const log = await sql.readLog(deps.db, id, logId)
  const file = log && (await deps.storage.get(log.storage_key))
  if (!log || !file) throw new HttpError(404, t('sync.logNotFound'))
  return { stream: file.stream, filename: log.name, size: file.size }
}

/**
 * The packages' regulator named by an alias path (`/api/integration/{regulator}/…`,
 * `/api/logs/integration/{regulator}/…`): 404 while its module is off, or for another one
 * (the packages are ARTESP's).
 */
export async function checkPackagesRegulator(deps: AppDeps, regulator: string): Promise<void> {
  await checkModule(deps, regulator)
  if (regulator !== DEFAULT_REGULATOR) throw notFound()
}

/** A run's log by its id alone (the spec's `/api/logs/integration/{regulator}/{x}`). */
export async function logFileById(
  deps: AppDeps,
  user: User,
  regulator: string,
  logId: number,
): Promise<LogFile> {
  if (!user.admin) throw forbidden()
  await checkPackagesRegulator(deps, regulator)
  const packageId = await sql.packageOfLog(deps.db, regulator, logId)
  if (packageId === undefined) throw new HttpError(404, t('sync.logNotFound'))
  return logFile(deps, user, packageId, logId)
}

/** Queues a package's run (POST …/{id}/run): 409 while it is queued, 400 empty or unconfigured. */
export async function runPackage(deps: AppDeps, user: User, id: number): Promise<number> {
  await checkModule(deps, DEFAULT_REGULATOR)
  const config = await sql.readConfig(deps.db, DEFAULT_REGULATOR)
  if (!config?.url) throw new HttpError(400, t('sync.notConfigured'))
  await releaseStale(deps, id)
  await deps.db.transaction(async (tx) => {
    const row = await sql.readPackage(tx, DEFAULT_REGULATOR, id, { lock: true })
    if (!row) throw packageNotFound()
    refuseWhileQueued(row)
    if (row.items_total === 0) throw new HttpError(400, t('sync.emptyPackage'))
    await sql.setPackageState(tx, id, { status: 'QUEUED', message: null, queued: true })
  })
  // Enqueued after the package says QUEUED (the embedded database has one connection: the
  // queue's statement cannot run inside this transaction).
  const jobId = await deps.jobs.enqueue(SYNC_JOB, { packageId: id }, user.id)
  await sql.setJob(deps.db, id, jobId)
  return jobId
}

export async function queue(deps: AppDeps, regulator: string): Promise<{ items: SyncPackage[] }> {
  await checkModule(deps, regulator)
  const rows = await sql.queuedPackages(deps.db, regulator, 100)
  return { items: rows.map(toPackage) }
}

export async function getConfig(deps: AppDeps, regulator: string): Promise<SyncConfig> {
  await checkModule(deps, regulator)
  const row = await sql.readConfig(deps.db, regulator)
  return {
    url: row?.url ?? '',
    tokenSet: !!row?.token,
    layers: row?.layers ?? {},
    updatedDate: iso(row?.updated_at ?? null),
  }
}

/** An internal address not in OUTBOUND_ALLOWED_HOSTS is a 400 on `url` (decision 70). */
async function checkUrl(deps: AppDeps, url: string): Promise<void> {
  try {
    await checkOutboundUrl(url, deps.config.outboundAllowedHosts)
  } catch (err) {
    if (!(err instanceof OutboundRefusedError)) throw err
    throw badRequest([{ field: 'url', message: t('sync.urlInternal', { host: err.host }) }])
  }
}

export async function saveConfig(
  deps: AppDeps,
  user: User,
  regulator: string,
  body: SyncConfigBody & { layers: Record<string, string> },
): Promise<SyncConfig> {
  await checkModule(deps, regulator)
  await checkUrl(deps, body.url)
  const token = body.token === undefined ? undefined : body.token.trim() || null
  await sql.saveConfig(deps.db, regulator, { url: body.url, token, layers: body.layers }, user.id)
  return getConfig(deps, regulator)
}
