import { t, type ApprovalSubmitted, type Feature } from '@gis/shared'
import type { Caller } from '../auth/caller'
import type { Db, Queryable } from '../db/types'
import { HttpError } from '../http/errors'
import { layerAccess, requireFlag } from '../layer-data/layer-access'
import type { CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import { FeatureConflict, type FeatureService } from '../modules/features/features.service'
import { OwsError } from './ows-errors'
import { checkProperty, filterSql } from './wfs-filter'
import {
  MAX_ACTIONS,
  type TransactionRequest,
  type TxAction,
  type TxValue,
} from './wfs-transaction-request'
import { dropExpiredLocks, lockedByOthers, lockExists, releaseLock } from './wfs-lock.sql'
import { matchingIds, wktIn4326 } from './wfs.sql'

/** What a Transaction did: the features written, and the changes sent for approval. */
export interface TransactionResult {
  inserted: { layer: string; id: number; handle?: string }[]
  updated: { layer: string; id: number }[]
  deleted: { layer: string; id: number }[]
  submitted: ApprovalSubmitted[]
}

/**
 * The feature service's failures as OGC exceptions: a refused permission keeps its 403, field
 * errors become InvalidValue (InvalidParameterValue in 1.1.0) naming the fields, a write over
 * a newer version a 409.
 */
function asOwsError(err: unknown, version: TransactionRequest['version'], where: string): unknown {
  if (err instanceof FeatureConflict) {
    return OwsError.withMessage(
      'OperationProcessingFailed',
      t('ogc.staleVersion', { id: `${where}.${err.current.id}`, version: err.submitted.version }),
      where,
      409,
    )
  }
  if (!(err instanceof HttpError)) return err
  if (err.errors?.length) {
    const fields = err.errors.map((e) => `${e.field}: ${e.message}`).join('; ')
    return OwsError.withMessage(
      version === '1.1.0' ? 'InvalidParameterValue' : 'InvalidValue',
      `${err.message} ${fields}`,
      err.errors[0]!.field,
      400,
    )
  }
  const code = err.statusCode === 403 ? 'NoApplicableCode' : 'OperationProcessingFailed'
  return OwsError.withMessage(code, err.message, where, err.statusCode)
}

/** The properties as the feature service takes them: attributes, and the geometry if sent. */
function split(
  layer: CatalogueLayer,
  properties: Map<string, TxValue>,
  insert: boolean,
): { attributes: Record<string, string | null>; geom: TxValue | undefined } {
  const attributes: Record<string, string | null> = {}
  let geom: TxValue | undefined
  for (const [name, value] of properties) {
    if (insert && name === 'boundedBy') continue
    const field = checkProperty(layer, name)
    if (field.type === 'geometry') geom = value
    // System fields (id, uuid, m_o_d_i_f_) are the server's: clients such as GDAL send back
    // what they read, in their own date format, so what they send for them is ignored.
    else if (field.system) continue
    else if (value.kind === 'geometry') {
      throw new OwsError('InvalidParameterValue', 'ogc.invalidValue', name, {
        name,
        reason: t('features.geometry.invalid'),
      })
    } else attributes[name] = value.value
  }
  return { attributes, geom }
}

/** The caller's flag for an action, checked even when its filter matches no feature. */
async function requireActionFlag(
  tx: Queryable,
  caller: Caller,
  layer: CatalogueLayer,
  kind: TxAction['kind'],
): Promise<void> {
  const { perms } = await layerAccess(tx, caller.user, layer.name)
  if (kind === 'insert') requireFlag(perms.createFeature, 'features.noCreatePermission')
  else if (kind === 'update') requireFlag(perms.updateFeature, 'features.noEditPermission')
  else requireFlag(perms.deleteFeature, 'features.noDeletePermission')
}

async function geometryWkt(tx: Queryable, value: TxValue | undefined): Promise<string | null> {
  if (!value) return null
  if (value.kind === 'text') {
    if (value.value === null) return null
    throw new OwsError('InvalidParameterValue', 'ogc.invalidGeometry', 'geom', { name: 'geom' })
  }
  if (!value.geometry) return null
  return wktIn4326(tx, value.geometry.wkt, value.geometry.srid)
}

const isSubmitted = (r: Feature | ApprovalSubmitted): r is ApprovalSubmitted =>
  'submittedForApproval' in r

/**
 * Runs a Transaction's actions in order in ONE database transaction, each through the feature
 * service (flags, validation, history, approvals): the first failure rolls back every action
 * and is answered as an OGC exception.
 */
export async function runTransaction(
  db: Db,
  features: FeatureService,
  caller: Caller,
  req: TransactionRequest,
  pick: (typeName: string) => CatalogueLayer,
): Promise<TransactionResult> {
  const result: TransactionResult = { inserted: [], updated: [], deleted: [], submitted: [] }
  let budget = MAX_ACTIONS
  const run = async <T>(where: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (err) {
      throw asOwsError(err, req.version, where)
    }
  }
  const allowed = new Set<string>()
  const flag = async (tx: Queryable, layer: CatalogueLayer, kind: TxAction['kind']) => {
    if (allowed.has(`${kind} ${layer.name}`)) return
    await run(layer.name, () => requireActionFlag(tx, caller, layer, kind))
    allowed.add(`${kind} ${layer.name}`)
  }
  const matched = async (tx: Queryable, action: Extract<TxAction, { filter: unknown }>) => {
    const layer = pick(action.typeName)
    await flag(tx, layer, action.kind)
    const params = new SqlParams()
    const where = filterSql(layer, action.filter, params)
    const ids = await matchingIds(tx, layer, where, params.values, budget + 1)
    budget -= ids.length
    if (budget < 0) {
      throw new OwsError('InvalidParameterValue', 'ogc.tooManyActions', 'Transaction', {
        max: MAX_ACTIONS,
      })
    }
    const busy = await lockedByOthers(tx, layer.name, ids, req.lockId)
    if (busy.length) {
      throw OwsError.withMessage(
        'OperationProcessingFailed',
        t('ogc.featureLocked', { id: `${layer.name}.${busy[0]}` }),
        layer.name,
        409,
      )
    }
    // A feature named with the version the client read must still be there (decision 81).
    for (const [id, version] of action.versions) {
      if (!ids.includes(id)) {
        throw OwsError.withMessage(
          'OperationProcessingFailed',
          t('ogc.staleVersion', { id: `${layer.name}.${id}`, version }),
          layer.name,
          409,
        )
      }
    }
    return { layer, ids }
  }
  await db.transaction(async (tx) => {
    if (req.lockId) {
      await dropExpiredLocks(tx)
      if (!(await lockExists(tx, req.lockId))) {
        throw new OwsError('InvalidLockId', 'ogc.unknownLock', 'lockId', {
          name: req.lockId.slice(0, 64),
        })
      }
    }
    for (const action of req.actions) {
      if (action.kind === 'insert') {
        for (const f of action.features) {
          const layer = pick(f.typeName)
          await flag(tx, layer, 'insert')
          const { attributes, geom } = split(layer, f.properties, true)
          const wkt = await geometryWkt(tx, geom)
          const done = await run(layer.name, () =>
            features.insertFeature(tx, caller, layer.name, { attributes, geom: wkt }),
          )
          if (isSubmitted(done)) result.submitted.push(done)
          else result.inserted.push({ layer: layer.name, id: done.id, handle: action.handle })
        }
      } else if (action.kind === 'update') {
        const { layer, ids } = await matched(tx, action)
        const { attributes, geom } = split(layer, action.properties, false)
        const wkt = geom ? await geometryWkt(tx, geom) : undefined
        for (const id of ids) {
          const done = await run(layer.name, async () => {
            const version =
              action.versions.get(id) ??
              (await features.getFeature(tx, caller.user, layer.name, id)).version
            return features.updateFeature(
              tx,
              caller,
              layer.name,
              id,
              { version, attributes, geom: wkt },
              geom !== undefined,
            )
          })
          if (isSubmitted(done)) result.submitted.push(done)
          else result.updated.push({ layer: layer.name, id })
        }
      } else {
        const { layer, ids } = await matched(tx, action)
        for (const id of ids) {
          const done = await run(layer.name, async () => {
            const expected = action.versions.get(id)
            if (expected !== undefined) {
              const current = await features.getFeature(tx, caller.user, layer.name, id)
              if (current.version !== expected) {
                throw new FeatureConflict(current, { version: expected, attributes: {} })
              }
            }
            return features.setDeleted(tx, caller, layer.name, id, true)
          })
          if (isSubmitted(done)) result.submitted.push(done)
          else result.deleted.push({ layer: layer.name, id })
        }
      }
    }
    if (req.lockId) {
      const changed = [...result.updated, ...result.deleted]
      await releaseLock(tx, req.lockId, req.releaseAction === 'SOME' ? changed : undefined)
    }
  })
  return result
}
