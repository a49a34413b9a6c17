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
import { checkAttributes, type ColumnValue } from '../../layer-data/feature-values'
import * as sql from '../../layer-data/features.sql'
import { layerFields, type CatalogueLayer } from '../../layer-data/model'
import { applyOrSubmitWrite } from '../approvals/moderation'
import { attachmentIdsOf } from '../attachments/attachments.service'
import { layerAccess, requireFlag } from './layer-access'

type User = Pick<SessionUser, 'id' | 'username' | 'admin'>

/** Who calls, and from where (the history records both). */
export interface Caller {
  user: User
  address: string
  port: number | null
}

/** The application name the history shows for edits made through this API. */
export const APPLICATION = 'gis-web'

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

export async function getFeature(
  db: Db,
  user: User,
  layerName: string,
  id: number,
): Promise<Feature> {
  const { layer } = await layerAccess(db, user, layerName)
  const row = await sql.readFeature(db, layer, id)
  if (!row) throw notFoundFeature()
  return toFeature(layer, row)
}

const COMPATIBLE: Record<string, readonly string[]> = {
  point: ['point'],
  multipoint: ['point', 'multipoint'],
  linestring: ['linestring'],
  multilinestring: ['linestring', 'multilinestring'],
  polygon: ['polygon'],
  multipolygon: ['polygon', 'multipolygon'],
}

/**
 * Checks a geometry for the layer before any transaction: WKT (or EWKT with SRID 4326) that
 * PostGIS reads, not empty, of the layer's type (a single part is accepted where the layer is
 * multi), with coordinates within EPSG:4326. Answers the field error, or undefined.
 */
export async function checkGeometry(
  db: Queryable,
  layer: CatalogueLayer,
  wkt: string | null | undefined,
): Promise<{ error?: FieldError; box?: [number, number, number, number] }> {
  if (wkt === null || wkt === undefined) return {}
  if (layer.geometryType === 'TABULAR') {
    return { error: { field: 'geom', message: t('features.geometry.tabular') } }
  }
  const info = await sql.inspectWkt(db, wkt)
  if (!info || info.empty || (info.srid !== 0 && info.srid !== 4326) || !info.box) {
    return { error: { field: 'geom', message: t('features.geometry.invalid') } }
  }
  if (!COMPATIBLE[layer.geometryType]!.includes(info.type)) {
    return {
      error: {
        field: 'geom',
        message: t('features.geometry.wrongType', { type: layer.geometryType }),
      },
    }
  }
  const [minx, miny, maxx, maxy] = info.box
  if (
    minx < -180 ||
    maxx > 180 ||
    miny < -90 ||
    maxy > 90 ||
    ![minx, miny, maxx, maxy].every(Number.isFinite)
  ) {
    return { error: { field: 'geom', message: t('features.geometry.outOfRange') } }
  }
  return { box: info.box }
}

export function outsideExtent(
  layer: CatalogueLayer,
  box: [number, number, number, number] | undefined,
): boolean {
  if (!box) return false
  if (!layer.extent) return true
  const [a, b, c, d] = layer.extent
  return box[0] < a || box[1] < b || box[2] > c || box[3] > d
}

/** Whether any of the submitted attributes is a file or photo field (it needs the attachments). */
function touchesAttachments(layer: CatalogueLayer, attributes: Record<string, unknown>): boolean {
  return Object.keys(attributes).some((name) => {
    const type = layer.domains[name]?.type
    return type === 'file' || type === 'photo'
  })
}

function auditContext(caller: Caller): sql.AuditContext {
  return {
    userId: caller.user.id,
    username: caller.user.username,
    application: APPLICATION,
    clientAddress: caller.address,
    clientPort: caller.port,
  }
}

/**
 * One write to a layer table, already checked (permissions, version, values): what a change
 * does once it is applied. Every feature write goes through here, inside the caller's
 * transaction, with the audit context (who, from where) set for the history trigger. This is
 * the seam for approvals (issue 14): a moderated layer records the checked write as a pending
 * change instead, and the approval applies it later through this same function.
 */
export type FeatureWrite =
  | {
      kind: 'insert'
      values: readonly ColumnValue[]
      geom: string | null
      box?: [number, number, number, number]
    }
  | {
      kind: 'update'
      id: number
      values: readonly ColumnValue[]
      geom: { wkt: string | null } | undefined
      box?: [number, number, number, number]
    }
  | { kind: 'delete' | 'undelete'; id: number }

/** Applies a checked write (see FeatureWrite); answers the feature's id. */
export async function applyFeatureWrite(
  tx: Queryable,
  caller: Caller,
  layer: CatalogueLayer,
  write: FeatureWrite,
): Promise<number> {
  await sql.setAuditContext(tx, auditContext(caller))
  let id: number
  if (write.kind === 'insert') {
    id = await sql.insertFeature(tx, layer, write.values, write.geom)
  } else if (write.kind === 'update') {
    id = write.id
    await sql.updateFeature(tx, layer, id, write.values, write.geom)
  } else {
    id = write.id
    await sql.setDeleted(tx, layer, id, write.kind === 'delete')
  }
  if ('box' in write && outsideExtent(layer, write.box)) await sql.refreshExtent(tx, layer)
  return id
}

/** Applies a checked write, or records it for review when the caller is moderated on the layer. */
const applyOrSubmit = (tx: Queryable, caller: Caller, layer: CatalogueLayer, write: FeatureWrite) =>
  applyOrSubmitWrite(tx, caller, layer, write, applyFeatureWrite)

/** Inserts a feature (createFeature): 400 with every field error, or the new feature. */
export async function insertFeature(
  db: Db,
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
  const errors = [...checked.errors, ...(geometry.error ? [geometry.error] : [])]
  if (errors.length) throw validation(errors)
  return db.transaction(async (tx) => {
    const id = await applyOrSubmit(tx, caller, layer, {
      kind: 'insert',
      values: checked.values,
      geom: body.geom ?? null,
      box: geometry.box,
    })
    if (typeof id !== 'number') return id
    return toFeature(layer, (await sql.readFeature(tx, layer, id))!)
  })
}

/**
 * Updates a feature (updateFeature) from the version the user loaded: a newer version on the
 * server is a FeatureConflict (409, nothing written); a deleted feature must be reactivated
 * first. Only the attributes sent are written; the geometry only with `withGeom`.
 */
export async function updateFeature(
  db: Db,
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
  return db.transaction(async (tx) => {
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
    const errors = [...checked.errors, ...(geometry.error ? [geometry.error] : [])]
    if (errors.length) throw validation(errors)
    if (checked.values.length === 0 && !geomChange) return toFeature(layer, current)
    const done = await applyOrSubmit(tx, caller, layer, {
      kind: 'update',
      id,
      values: checked.values,
      geom: geomChange,
      box: geometry.box,
    })
    if (typeof done !== 'number') return done
    return toFeature(layer, (await sql.readFeature(tx, layer, id))!)
  })
}

/** Soft delete (deleteFeature) or reactivation (updateFeature); answers the feature. */
export async function setDeleted(
  db: Db,
  caller: Caller,
  layerName: string,
  id: number,
  deleted: boolean,
): Promise<Feature | ApprovalSubmitted> {
  const { layer, perms } = await layerAccess(db, caller.user, layerName)
  if (deleted) requireFlag(perms.deleteFeature, 'features.noDeletePermission')
  else requireFlag(perms.updateFeature, 'features.noEditPermission')
  requireQueryable(layer)
  return db.transaction(async (tx) => {
    if (!(await sql.featureExists(tx, layer, id))) throw notFoundFeature()
    const done = await applyOrSubmit(tx, caller, layer, {
      kind: deleted ? 'delete' : 'undelete',
      id,
    })
    if (typeof done !== 'number') return done
    return toFeature(layer, (await sql.readFeature(tx, layer, id))!)
  })
}

/** The layer's fields with what a form needs: system, editable, required. */
export async function attributes(
  db: Db,
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
