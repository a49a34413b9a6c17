import {
  t,
  type ApprovalSubmitted,
  type Feature,
  type FeatureAttribute,
  type FeatureInsert,
  type FeatureUpdate,
  type SessionUser,
} from '@gis/shared'
import type { Db, Queryable } from '../../db/types'
import { HttpError, type FieldError } from '../../http/errors'
import type { Caller } from '../../auth/caller'
import { checkAttributes } from '../../layer-data/feature-values'
import { checkGeometry, type FeatureWrite, type WriteGate } from '../../layer-data/feature-write'
import * as sql from '../../layer-data/features.sql'
import { layerAccess, requireFlag } from '../../layer-data/layer-access'
import { layerFields, type CatalogueLayer } from '../../layer-data/model'
import { attachmentIdsOf } from '../attachments/attachments.service'

type User = Pick<SessionUser, 'id' | 'username' | 'admin'>

/** An edit over a newer version: the route answers 409 with both versions. */
export class FeatureConflict extends Error {
  constructor(
    readonly current: Feature,
    readonly submitted: FeatureUpdate,
  ) {
    super(t('features.conflict'))
  }
}

const notFoundFeature = () => new HttpError(404, t('features.notFound'))

function requireQueryable(layer: CatalogueLayer): void {
  if (!layer.queryable) throw new HttpError(400, t('layers.notQueryable'))
}

function toFeature(layer: CatalogueLayer, row: sql.FeatureRow): Feature {
  return {
    layer: layer.name,
    id: row.id,
    attributes: row.attributes,
    geom: row.geom,
    version: row.version,
  }
}

const validation = (errors: FieldError[]) =>
  new HttpError(400, t('features.validationErrors'), errors)

/**
 * Where a feature call runs: the database (the call opens its own transaction), or a
 * transaction the caller opened (a WFS Transaction runs many calls in one and commits or
 * rolls back all of them).
 */
export type FeatureDb = Db | Queryable

function inTransaction<T>(db: FeatureDb, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return 'transaction' in db ? db.transaction(fn) : fn(db)
}

export async function getFeature(
  db: FeatureDb,
  user: User,
  layerName: string,
  id: number,
): Promise<Feature> {
  const { layer } = await layerAccess(db, user, layerName)
  const row = await sql.readFeature(db, layer, id)
  if (!row) throw notFoundFeature()
  return toFeature(layer, row)
}

/** Whether any of the submitted attributes is a file or photo field (it needs the attachments). */
function touchesAttachments(layer: CatalogueLayer, attributes: Record<string, unknown>): boolean {
  return Object.keys(attributes).some((name) => {
    const type = layer.domains[name]?.type
    return type === 'file' || type === 'photo'
  })
}

/** Inserts a feature (createFeature): 400 with every field error, or the new feature. */
async function insertFeature(
  gate: WriteGate,
  db: FeatureDb,
  caller: Caller,
  layerName: string,
  body: FeatureInsert,
): Promise<Feature | ApprovalSubmitted> {
  const { layer, perms } = await layerAccess(db, caller.user, layerName)
  requireFlag(perms.createFeature, 'features.noCreatePermission')
  requireQueryable(layer)
  const [geometry, columns] = await Promise.all([
    checkGeometry(db, layer, body.geom),
    sql.featureColumns(db, layer),
  ])
  const checked = checkAttributes(layer, columns, body.attributes, { insert: true })
  throwFieldErrors(checked.errors, geometry.error)
  return inTransaction(db, async (tx) =>
    writeThroughGate(gate, tx, caller, layer, {
      kind: 'insert',
      values: checked.values,
      geom: body.geom ?? null,
      box: geometry.box,
    }),
  )
}

/** 400 with every field error of the attributes and the geometry, if any. */
function throwFieldErrors(attributeErrors: FieldError[], geometryError: FieldError | undefined) {
  const errors = [...attributeErrors, ...(geometryError ? [geometryError] : [])]
  if (errors.length) throw validation(errors)
}

/**
 * Passes a write through the gate (written, or submitted for approval) and answers the
 * feature as written, or the submission.
 */
async function writeThroughGate(
  gate: WriteGate,
  tx: Queryable,
  caller: Caller,
  layer: CatalogueLayer,
  write: FeatureWrite,
): Promise<Feature | ApprovalSubmitted> {
  const done = await gate(tx, caller, layer, write)
  if (typeof done !== 'number') return done
  const id = write.kind === 'insert' ? done : write.id
  return toFeature(layer, (await sql.readFeature(tx, layer, id))!)
}

/**
 * Updates a feature (updateFeature) from the version the user loaded: a newer version on the
 * server is a FeatureConflict (409, nothing written); a deleted feature must be reactivated
 * first. Only the attributes sent are written; the geometry only with `withGeom`.
 */
async function updateFeature(
  gate: WriteGate,
  db: FeatureDb,
  caller: Caller,
  layerName: string,
  id: number,
  body: FeatureUpdate,
  withGeom: boolean,
): Promise<Feature | ApprovalSubmitted> {
  const { layer, perms } = await layerAccess(db, caller.user, layerName)
  requireFlag(perms.updateFeature, 'features.noEditPermission')
  requireQueryable(layer)
  const geomChange = withGeom && body.geom !== undefined ? { wkt: body.geom } : undefined
  const [geometry, columns, attachmentIds] = await Promise.all([
    checkGeometry(db, layer, geomChange?.wkt),
    sql.featureColumns(db, layer),
    touchesAttachments(layer, body.attributes)
      ? attachmentIdsOf(db, layer.name, id)
      : Promise.resolve(new Set<string>()),
  ])
  if (geomChange && geomChange.wkt === null && columns.find((c) => c.name === 'geom')?.notNull) {
    throw validation([{ field: 'geom', message: t('features.value.required') }])
  }
  return inTransaction(db, async (tx) => {
    const current = await sql.readFeature(tx, layer, id, { lock: true })
    if (!current) throw notFoundFeature()
    if (current.version !== body.version) {
      throw new FeatureConflict(toFeature(layer, current), body)
    }
    if (current.deleted) throw new HttpError(400, t('features.deletedReadOnly'))
    const checked = checkAttributes(layer, columns, body.attributes, {
      insert: false,
      current: current.attributes,
      attachmentIds,
    })
    throwFieldErrors(checked.errors, geometry.error)
    if (checked.values.length === 0 && !geomChange) return toFeature(layer, current)
    return writeThroughGate(gate, tx, caller, layer, {
      kind: 'update',
      id,
      values: checked.values,
      geom: geomChange,
      box: geometry.box,
    })
  })
}

/** Soft delete (deleteFeature) or reactivation (updateFeature); answers the feature. */
async function setDeleted(
  gate: WriteGate,
  db: FeatureDb,
  caller: Caller,
  layerName: string,
  id: number,
  deleted: boolean,
): Promise<Feature | ApprovalSubmitted> {
  const { layer, perms } = await layerAccess(db, caller.user, layerName)
  if (deleted) requireFlag(perms.deleteFeature, 'features.noDeletePermission')
  else requireFlag(perms.updateFeature, 'features.noEditPermission')
  requireQueryable(layer)
  return inTransaction(db, async (tx) => {
    if (!(await sql.featureExists(tx, layer, id))) throw notFoundFeature()
    return writeThroughGate(gate, tx, caller, layer, { kind: deleted ? 'delete' : 'undelete', id })
  })
}

/** The layer's fields with what a form needs: system, editable, required. */
export async function attributes(
  db: FeatureDb,
  user: User,
  layerName: string,
): Promise<FeatureAttribute[]> {
  const { layer } = await layerAccess(db, user, layerName)
  const columns = new Map((await sql.featureColumns(db, layer)).map((c) => [c.name, c]))
  return layerFields(layer).map((f) => {
    const column = columns.get(f.name)
    return {
      name: f.name,
      type: f.type,
      maxLength: f.maxLength,
      title: f.title,
      tooltip: f.tooltip,
      system: f.system,
      editable: !f.system,
      notNull: !!column && column.notNull && !column.hasDefault,
    }
  })
}

/**
 * The feature calls with the write gate passed in (app.ts gives the approvals module's, so a
 * moderated user's change becomes an approval): this module imports nothing of approvals.
 */
export function featureService(gate: WriteGate) {
  return {
    getFeature,
    attributes,
    insertFeature: insertFeature.bind(null, gate),
    updateFeature: updateFeature.bind(null, gate),
    setDeleted: setDeleted.bind(null, gate),
  }
}

export type FeatureService = ReturnType<typeof featureService>
