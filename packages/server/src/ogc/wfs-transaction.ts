import { t, type ApprovalSubmitted } from '@gis/shared'
import type { Caller } from '../auth/caller'
import type { Db, Queryable } from '../db/types'
import { HttpError } from '../http/errors'
import type { WktIn } from '../layer-data/geometry-input'
import { requireFlag } from '../layer-data/layer-access'
import type { CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import {
  FeatureConflict,
  type FeatureService,
  type LayerWriter,
} from '../modules/features/features.service'
import { OwsError } from './ows-errors'
import { checkProperty, filterSql } from './wfs-filter'
import {
  MAX_ACTIONS,
  type TransactionRequest,
  type TxAction,
  type TxValue,
} from './wfs-transaction-request'
import { dropExpiredLocks, lockedByOthers, lockExists, releaseLock } from './wfs-lock.sql'
import { matchingIds } from './wfs.sql'

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
function requireActionFlag(writer: LayerWriter, kind: TxAction['kind']): void {
  const { perms } = writer
  if (kind === 'insert') requireFlag(perms.createFeature, 'features.noCreatePermission')
  else if (kind === 'update') requireFlag(perms.updateFeature, 'features.noEditPermission')
  else requireFlag(perms.deleteFeature, 'features.noDeletePermission')
}

/** A property's geometry as the feature service takes it: the GML's WKT in its CRS, or none. */
function geometryOf(value: TxValue | undefined): WktIn | null {
  if (!value) return null
  if (value.kind === 'text') {
    if (value.value === null) return null
    throw new OwsError('InvalidParameterValue', 'ogc.invalidGeometry', 'geom', { name: 'geom' })
  }
  return value.geometry ?? null
}

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
  // Each layer is opened once per Transaction (its flags, columns and the approvals gate); an
  // action's flag is checked even when its filter matches no feature.
  const writers = new Map<string, Promise<LayerWriter>>()
  const writerFor = async (tx: Queryable, layer: CatalogueLayer, kind: TxAction['kind']) => {
    let writer = writers.get(layer.name)
    if (!writer) {
      writer = run(layer.name, () => features.layerWriter(tx, caller, layer.name))
      writers.set(layer.name, writer)
    }
    const open = await writer
    await run(layer.name, async () => requireActionFlag(open, kind))
    return open
  }
  const matched = async (tx: Queryable, action: Extract<TxAction, { filter: unknown }>) => {
    const layer = pick(action.typeName)
    const writer = await writerFor(tx, layer, action.kind)
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
    return { layer, ids, writer }
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
          const writer = await writerFor(tx, layer, 'insert')
          const { attributes, geom } = split(layer, f.properties, true)
          const done = await run(layer.name, () =>
            writer.insert({ attributes, geom: geometryOf(geom) }),
          )
          if (typeof done !== 'number') result.submitted.push(done)
          else result.inserted.push({ layer: layer.name, id: done, handle: action.handle })
        }
      } else if (action.kind === 'update') {
        const { layer, ids, writer } = await matched(tx, action)
        const { attributes, geom } = split(layer, action.properties, false)
        // One object for every feature of the action: its geometry is checked once.
        const geometry = geom ? geometryOf(geom) : undefined
        for (const id of ids) {
          const done = await run(layer.name, () =>
            writer.update(
              id,
              { version: action.versions.get(id), attributes, geom: geometry },
              geom !== undefined,
            ),
          )
          if (typeof done !== 'number') result.submitted.push(done)
          else result.updated.push({ layer: layer.name, id })
        }
      } else {
        const { layer, ids, writer } = await matched(tx, action)
        for (const id of ids) {
          const done = await run(layer.name, () => writer.remove(id, action.versions.get(id)))
          if (typeof done !== 'number') result.submitted.push(done)
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
