import {
  t,
  type ApprovalSubmitted,
  type Feature,
  type FeatureAttribute,
  type FeatureUpdate,
  type LayerPermissions,
  type SessionUser,
} from '@gis/shared'
import type { Db, Queryable } from '../../db/types'
import { HttpError, type FieldError } from '../../http/errors'
import type { Caller } from '../../auth/caller'
import { checkAttributes, type ColumnInfo } from '../../layer-data/feature-values'
import {
  checkGeometry,
  type CheckedGeometry,
  type FeatureWrite,
  type LayerGate,
  type WriteGate,
} from '../../layer-data/feature-write'
import * as sql from '../../layer-data/features.sql'
import type { GeometrySource } from '../../layer-data/geometry-input'
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

/** An insert as the service takes it: the geometry as sent (WKT, GeoJSON, a WFS client's WKT). */
export interface FeatureInsertInput {
  attributes: Record<string, unknown>
  geom?: GeometrySource | null
}

/**
 * An update as the service takes it, from the version the caller loaded; without a version
 * (a WFS Update by filter, which names none), over whatever version is current.
 */
export interface FeatureUpdateInput {
  attributes: Record<string, unknown>
  geom?: GeometrySource | null
  version?: string
}

/**
 * A layer opened for writes by one caller: the layer and the caller's flags resolved once, the
 * table's columns read once, a geometry object checked once however many features it is
 * written to, and the write gate opened once per transaction: once for all the writes of a
 * WFS Transaction, once per write through the database.
 */
interface OpenLayer {
  db: FeatureDb
  layer: CatalogueLayer
  perms: LayerPermissions
  columns(): Promise<ColumnInfo[]>
  checkGeometry(geom: GeometrySource | null | undefined): Promise<CheckedGeometry>
  write<T>(fn: (tx: Queryable, gate: LayerGate) => Promise<T>): Promise<T>
}

async function openLayer(
  gate: WriteGate,
  db: FeatureDb,
  caller: Caller,
  layerName: string,
): Promise<OpenLayer> {
  const { layer, perms } = await layerAccess(db, caller.user, layerName)
  let columns: Promise<ColumnInfo[]> | undefined
  let opened: Promise<LayerGate> | undefined
  const checked = new WeakMap<object, Promise<CheckedGeometry>>()
  return {
    db,
    layer,
    perms,
    columns: () => (columns ??= sql.featureColumns(db, layer)),
    checkGeometry(geom) {
      if (typeof geom !== 'object' || geom === null) return checkGeometry(db, layer, geom)
      let check = checked.get(geom)
      if (!check) checked.set(geom, (check = checkGeometry(db, layer, geom)))
      return check
    },
    write: (fn) =>
      'transaction' in db
        ? db.transaction(async (tx) => fn(tx, await gate(tx, caller, layer)))
        : (opened ??= gate(db, caller, layer)).then((open) => fn(db, open)),
  }
}

/**
 * What a write answers once applied, in its transaction: the feature as written (the REST
 * calls), or its id (a WFS Transaction, which answers ids only). `current` is the feature as
 * read when the write changed nothing.
 */
type Finish<T> = (tx: Queryable, id: number, current?: sql.FeatureRow) => Promise<T>

const asFeature =
  (layer: CatalogueLayer): Finish<Feature> =>
  async (tx, id, current) =>
    toFeature(layer, current ?? (await sql.readFeature(tx, layer, id))!)

const asId: Finish<number> = async (_tx, id) => id

/** Passes a write through the gate: the feature's answer, or the submission. */
async function through<T>(
  tx: Queryable,
  gate: LayerGate,
  write: FeatureWrite,
  finish: Finish<T>,
): Promise<T | ApprovalSubmitted> {
  const done = await gate(write)
  if (typeof done !== 'number') return done
  return finish(tx, write.kind === 'insert' ? done : write.id)
}

/** 400 with every field error of the attributes and the geometry, if any. */
function throwFieldErrors(attributeErrors: FieldError[], geometryError: FieldError | undefined) {
  const errors = [...attributeErrors, ...(geometryError ? [geometryError] : [])]
  if (errors.length) throw validation(errors)
}

/** Inserts a feature (createFeature): 400 with every field error. */
async function insertInto<T>(
  open: OpenLayer,
  body: FeatureInsertInput,
  finish: Finish<T>,
): Promise<T | ApprovalSubmitted> {
  const { layer, perms } = open
  requireFlag(perms.createFeature, 'features.noCreatePermission')
  requireQueryable(layer)
  const [geometry, columns] = await Promise.all([open.checkGeometry(body.geom), open.columns()])
  const checked = checkAttributes(layer, columns, body.attributes, { insert: true })
  throwFieldErrors(checked.errors, geometry.error)
  return open.write((tx, gate) =>
    through(
      tx,
      gate,
      { kind: 'insert', values: checked.values, geom: geometry.wkt ?? null, box: geometry.box },
      finish,
    ),
  )
}

/**
 * Updates a feature (updateFeature) from the version the user loaded: a newer version on the
 * server is a FeatureConflict (409, nothing written); a deleted feature must be reactivated
 * first. Only the attributes sent are written; the geometry only with `withGeom`.
 */
async function updateIn<T>(
  open: OpenLayer,
  id: number,
  body: FeatureUpdateInput,
  withGeom: boolean,
  finish: Finish<T>,
): Promise<T | ApprovalSubmitted> {
  const { layer, perms } = open
  requireFlag(perms.updateFeature, 'features.noEditPermission')
  requireQueryable(layer)
  const sent = withGeom && body.geom !== undefined
  const [geometry, columns, attachmentIds] = await Promise.all([
    sent ? open.checkGeometry(body.geom) : Promise.resolve<CheckedGeometry>({}),
    open.columns(),
    touchesAttachments(layer, body.attributes)
      ? attachmentIdsOf(open.db, layer.name, id)
      : Promise.resolve(new Set<string>()),
  ])
  const geomChange = sent && !geometry.error ? { wkt: geometry.wkt ?? null } : undefined
  if (geomChange?.wkt === null && columns.find((c) => c.name === 'geom')?.notNull) {
    throw validation([{ field: 'geom', message: t('features.value.required') }])
  }
  return open.write(async (tx, gate) => {
    const current = await sql.readFeature(tx, layer, id, { lock: true })
    if (!current) throw notFoundFeature()
    if (body.version !== undefined && current.version !== body.version) {
      throw new FeatureConflict(toFeature(layer, current), {
        attributes: body.attributes,
        version: body.version,
        geom: sent ? geometry.wkt : typeof body.geom === 'string' ? body.geom : undefined,
      })
    }
    if (current.deleted) throw new HttpError(400, t('features.deletedReadOnly'))
    const checked = checkAttributes(layer, columns, body.attributes, {
      insert: false,
      current: current.attributes,
      attachmentIds,
    })
    throwFieldErrors(checked.errors, geometry.error)
    if (checked.values.length === 0 && !geomChange) return finish(tx, id, current)
    return through(
      tx,
      gate,
      { kind: 'update', id, values: checked.values, geom: geomChange, box: geometry.box },
      finish,
    )
  })
}

/**
 * Soft delete (deleteFeature) or reactivation (updateFeature); with `version`, only of that
 * version (a WFS Delete naming it): a newer one is a FeatureConflict.
 */
async function setDeletedIn<T>(
  open: OpenLayer,
  id: number,
  deleted: boolean,
  finish: Finish<T>,
  version?: string,
): Promise<T | ApprovalSubmitted> {
  const { layer, perms } = open
  if (deleted) requireFlag(perms.deleteFeature, 'features.noDeletePermission')
  else requireFlag(perms.updateFeature, 'features.noEditPermission')
  requireQueryable(layer)
  return open.write(async (tx, gate) => {
    if (version === undefined) {
      if (!(await sql.featureExists(tx, layer, id))) throw notFoundFeature()
    } else {
      const current = await sql.readFeature(tx, layer, id, { lock: true })
      if (!current) throw notFoundFeature()
      if (current.version !== version) {
        throw new FeatureConflict(toFeature(layer, current), { version, attributes: {} })
      }
    }
    return through(tx, gate, { kind: deleted ? 'delete' : 'undelete', id }, finish)
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
 * The writes of one caller to one layer in a transaction the caller opened (a WFS
 * Transaction): the layer, flags, columns and gate resolved once; each write answers the
 * feature's id, or the submission of a moderated caller.
 */
export interface LayerWriter {
  layer: CatalogueLayer
  perms: LayerPermissions
  insert(body: FeatureInsertInput): Promise<number | ApprovalSubmitted>
  update(
    id: number,
    body: FeatureUpdateInput,
    withGeom: boolean,
  ): Promise<number | ApprovalSubmitted>
  remove(id: number, version?: string): Promise<number | ApprovalSubmitted>
}

/**
 * The feature calls with the write gate passed in (app.ts gives the approvals module's, so a
 * moderated user's change becomes an approval): this module imports nothing of approvals.
 */
export function featureService(gate: WriteGate) {
  const open = (db: FeatureDb, caller: Caller, layerName: string) =>
    openLayer(gate, db, caller, layerName)
  return {
    getFeature,
    attributes,
    /** Inserts a feature: the feature as written, or the submission. */
    async insertFeature(
      db: FeatureDb,
      caller: Caller,
      layerName: string,
      body: FeatureInsertInput,
    ) {
      const layer = await open(db, caller, layerName)
      return insertInto(layer, body, asFeature(layer.layer))
    },
    /** Updates a feature from the version loaded: the feature as written, or the submission. */
    async updateFeature(
      db: FeatureDb,
      caller: Caller,
      layerName: string,
      id: number,
      body: FeatureUpdateInput & { version: string },
      withGeom: boolean,
    ) {
      const layer = await open(db, caller, layerName)
      return updateIn(layer, id, body, withGeom, asFeature(layer.layer))
    },
    /** Soft-deletes or reactivates a feature: the feature, or the submission. */
    async setDeleted(
      db: FeatureDb,
      caller: Caller,
      layerName: string,
      id: number,
      deleted: boolean,
    ) {
      const layer = await open(db, caller, layerName)
      return setDeletedIn(layer, id, deleted, asFeature(layer.layer))
    },
    /** A layer opened for many writes in the caller's transaction (see LayerWriter). */
    async layerWriter(tx: Queryable, caller: Caller, layerName: string): Promise<LayerWriter> {
      const layer = await open(tx, caller, layerName)
      return {
        layer: layer.layer,
        perms: layer.perms,
        insert: (body) => insertInto(layer, body, asId),
        update: (id, body, withGeom) => updateIn(layer, id, body, withGeom, asId),
        remove: (id, version) => setDeletedIn(layer, id, true, asId, version),
      }
    },
  }
}

export type FeatureService = ReturnType<typeof featureService>
