import { randomUUID } from 'node:crypto'
import { t } from '@gis/shared'
import type { Caller } from '../auth/caller'
import type { Db, Queryable } from '../db/types'
import { layerAccess } from '../layer-data/layer-access'
import type { CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import { escapeXml, OwsError } from './ows-errors'
import { NS } from './wfs-capabilities'
import { filterSql, type Filter } from './wfs-filter'
import type { LockOptions } from './wfs-lock-request'
import { dropExpiredLocks, lockedByOthers, lockFeatures } from './wfs-lock.sql'
import { matchingIds } from './wfs.sql'

/** Most features one LockFeature or GetFeatureWithLock locks. */
export const MAX_LOCKED = 10_000

export interface LockResult {
  lockId: string
  locked: { layer: string; id: number }[]
  notLocked: { layer: string; id: number }[]
}

/**
 * Locks the live features each (layer, filter) matches for a new lock id, in one database
 * transaction. Only a caller who may change the layer (updateFeature or deleteFeature) locks
 * it. A feature locked by another lock is not locked: with lockAction ALL that is an exception
 * and nothing is locked, with SOME it is reported as not locked.
 */
export async function lockMatching(
  db: Db,
  caller: Caller,
  targets: { layer: CatalogueLayer; filter?: Filter }[],
  options: LockOptions,
): Promise<LockResult> {
  const lockId = randomUUID()
  return db.transaction(async (tx: Queryable) => {
    await dropExpiredLocks(tx)
    const result: LockResult = { lockId, locked: [], notLocked: [] }
    for (const { layer, filter } of targets) {
      const { perms } = await layerAccess(tx, caller.user, layer.name)
      if (!perms.updateFeature && !perms.deleteFeature) {
        throw OwsError.withMessage('NoApplicableCode', t('ogc.lockNoPermission'), layer.name, 403)
      }
      const params = new SqlParams()
      const where = filter ? filterSql(layer, filter, params) : 'true'
      const ids = await matchingIds(tx, layer, where, params.values, MAX_LOCKED + 1)
      if (ids.length + result.locked.length > MAX_LOCKED) {
        throw new OwsError('InvalidParameterValue', 'ogc.tooManyLocked', 'Filter', {
          max: MAX_LOCKED,
        })
      }
      const busy = new Set(await lockedByOthers(tx, layer.name, ids, lockId))
      if (busy.size && options.lockAction === 'ALL') {
        throw new OwsError(
          'CannotLockAllFeatures',
          'ogc.cannotLockAll',
          layer.name,
          {
            id: `${layer.name}.${[...busy][0]}`,
          },
          409,
        )
      }
      const free = ids.filter((id) => !busy.has(id))
      await lockFeatures(
        tx,
        { lockId, userId: caller.user.id, seconds: options.seconds },
        layer.name,
        free,
      )
      result.locked.push(...free.map((id) => ({ layer: layer.name, id })))
      result.notLocked.push(...[...busy].map((id) => ({ layer: layer.name, id })))
    }
    return result
  })
}

/** wfs:LockFeatureResponse of WFS 2.0.0 or 1.1.0. */
export function lockResponseXml(result: LockResult, version: '2.0.0' | '1.1.0'): string {
  const id = (f: { layer: string; id: number }) => `${f.layer}.${f.id}`
  if (version === '1.1.0') {
    const list = (name: string, fs: LockResult['locked']) =>
      fs.length
        ? `<wfs:${name}>${fs.map((f) => `<ogc:FeatureId fid="${id(f)}"/>`).join('')}</wfs:${name}>`
        : ''
    return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:LockFeatureResponse xmlns:wfs="${NS['1.1.0'].wfs}" xmlns:ogc="http://www.opengis.net/ogc">
  <wfs:LockId>${escapeXml(result.lockId)}</wfs:LockId>${list('FeaturesLocked', result.locked)}${list('FeaturesNotLocked', result.notLocked)}
</wfs:LockFeatureResponse>
`
  }
  const list = (name: string, fs: LockResult['locked']) =>
    fs.length
      ? `<wfs:${name}>${fs.map((f) => `<fes:ResourceId rid="${id(f)}"/>`).join('')}</wfs:${name}>`
      : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:LockFeatureResponse xmlns:wfs="${NS['2.0.0'].wfs}" xmlns:fes="http://www.opengis.net/fes/2.0" lockId="${escapeXml(result.lockId)}">
  ${list('FeaturesLocked', result.locked)}${list('FeaturesNotLocked', result.notLocked)}
</wfs:LockFeatureResponse>
`
}
