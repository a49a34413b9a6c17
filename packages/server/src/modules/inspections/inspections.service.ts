import {
  INSPECTION_PHOTO_TAG,
  t,
  type BridgeDetail,
  type BridgeFeatureCollection,
  type InspectionDetail,
  type InspectionInputParsed,
  type InspectionListItem,
  type InspectionType,
  type InspectionTypeInput,
  type SessionUser,
} from '@gis/shared'
import type { Caller } from '../../auth/caller'
import type { Db, Queryable } from '../../db/types'
import { badRequest, HttpError, type FieldError } from '../../http/errors'
import { requireFlag } from '../../layer-data/layer-access'
import { isModeratedEdit } from '../approvals/moderation'
import { syncBridge } from './inspections-bridge-fields'
import { bridgeRow, inspectionLayer, registerRows } from './inspections-register'
import * as sql from './inspections.sql'

/**
 * Inspections of the bridges (module oaeInspections, docs/inspections.md): reading needs
 * readFeature on the inspection layer, recording updateFeature; a moderated user's inspection
 * waits (PENDING) for an administrator. When the accepted inspections of a bridge change, its
 * note and date fields follow its latest accepted one through the feature write path.
 */

type User = Pick<SessionUser, 'id' | 'username' | 'admin'>

const notFound = () => new HttpError(404, t('inspectionApi.notFound'))

// ---------------------------------------------------------------- types

export async function listTypes(db: Queryable): Promise<InspectionType[]> {
  return (await sql.listTypes(db)).map((r) => ({
    id: r.id,
    name: r.name,
    periodicityMonths: r.periodicity_months,
    position: r.position,
    inUse: r.in_use,
  }))
}

/** PUT /types: the list in order; a type left out is removed unless it has inspections. */
export async function saveTypes(db: Db, list: InspectionTypeInput[]): Promise<InspectionType[]> {
  await db.transaction(async (tx) => {
    const current = await sql.listTypes(tx)
    const byId = new Map(current.map((r) => [r.id, r]))
    const errors: FieldError[] = []
    list.forEach((ty, i) => {
      if (ty.id !== undefined && !byId.has(ty.id)) {
        errors.push({ field: `${i}.id`, message: t('inspectionApi.typeUnknown') })
      }
    })
    const kept = new Set(list.map((ty) => ty.id))
    for (const r of current) {
      if (!kept.has(r.id) && r.in_use) {
        errors.push({ field: 'types', message: t('inspectionApi.typeInUse', { name: r.name }) })
      }
    }
    if (errors.length) throw badRequest(errors)
    for (const r of current) if (!kept.has(r.id)) await sql.deleteType(tx, r.id)
    // Names first moved aside, so that two types may swap names (the names are unique).
    for (const ty of list) {
      if (ty.id !== undefined) await sql.updateType(tx, ty.id, `~${ty.id}~`, null, 0)
    }
    for (const [i, ty] of list.entries()) {
      if (ty.id !== undefined) {
        await sql.updateType(tx, ty.id, ty.name, ty.periodicityMonths, i + 1)
      } else {
        await sql.insertType(tx, ty.name, ty.periodicityMonths, i + 1)
      }
    }
  })
  return listTypes(db)
}

// ---------------------------------------------------------------- bridges

export async function bridgesGeoJson(db: Queryable, user: User): Promise<BridgeFeatureCollection> {
  const access = await inspectionLayer(db, user)
  const rows = await registerRows(db, access)
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => {
      const { lon, lat, ...properties } = bridgeRow(r)
      return {
        type: 'Feature' as const,
        id: r.featureId,
        geometry:
          lon === null || lat === null
            ? null
            : { type: 'Point' as const, coordinates: [lon, lat] as [number, number] },
        properties,
      }
    }),
  }
}

function listItem(r: sql.InspectionRow): InspectionListItem {
  return {
    id: r.id,
    featureId: r.feature_id,
    typeId: r.type_id,
    type: r.type,
    date: r.date,
    inspector: r.inspector,
    structural: r.structural,
    functional: r.functional,
    durability: r.durability,
    worstNote: Math.min(r.structural, r.functional, r.durability),
    status: r.status,
    anomalyCount: r.anomaly_count,
    photoCount: r.photo_count,
    createdBy: r.created_by_name,
    created: r.created,
  }
}

export async function bridgeDetail(
  db: Queryable,
  user: User,
  featureId: number,
): Promise<BridgeDetail> {
  const access = await inspectionLayer(db, user)
  const [row] = await registerRows(db, access, { id: featureId })
  if (!row) throw new HttpError(404, t('inspectionApi.bridgeUnknown'))
  const [inspections, moderated] = await Promise.all([
    sql.inspectionsOfBridge(db, access.layer.name, featureId),
    isModeratedEdit(db, user, access.layer.name),
  ])
  const accepted = inspections.filter((i) => i.status === 'ACCEPTED').reverse()
  return {
    ...bridgeRow(row),
    inspections: inspections.map(listItem),
    dues: row.dues,
    trend: accepted.map((i) => ({
      date: i.date,
      structural: i.structural,
      functional: i.functional,
      durability: i.durability,
    })),
    canRecord: access.perms.updateFeature,
    moderated,
  }
}

// ---------------------------------------------------------------- one inspection

/** An inspection the caller may read (readFeature on its layer), else the 404. */
async function readable(db: Queryable, user: User, id: number, lock = false) {
  const row = await sql.findInspection(db, id, { lock })
  if (!row) throw notFound()
  const access = await inspectionLayer(db, user).catch(() => {
    throw notFound()
  })
  if (access.layer.name !== row.layer_name) throw notFound()
  return { row, access }
}

const canEdit = (user: User, r: sql.InspectionRow) =>
  user.admin || (r.status === 'PENDING' && r.created_by === user.id)

export async function inspectionDetail(
  db: Queryable,
  user: User,
  id: number,
): Promise<InspectionDetail> {
  const { row, access } = await readable(db, user, id)
  const [anomalies, photos, [bridge]] = await Promise.all([
    sql.anomaliesOf(db, id),
    sql.photosOf(db, id),
    registerRows(db, access, { id: row.feature_id }),
  ])
  const photo = (p: sql.PhotoRow) => ({
    id: p.id,
    contentId: p.content_id,
    caption: p.caption,
    filename: p.filename,
    contentType: p.content_type,
    size: Number(p.size),
    thumbnail: p.thumbnail,
  })
  return {
    ...listItem(row),
    layer: row.layer_name,
    recommendations: row.recommendations,
    anomalies: anomalies.map((a) => ({
      ...a,
      photos: photos.filter((p) => p.anomaly_id === a.id).map(photo),
    })),
    photos: photos.filter((p) => p.anomaly_id === null).map(photo),
    updated: row.updated,
    reviewedBy: row.reviewed_by_name,
    reviewed: row.reviewed,
    canEdit: canEdit(user, row),
    canReview: user.admin,
    bridge: {
      codigo: bridge?.codigo ?? null,
      rodovia: bridge?.rodovia ?? null,
      km: bridge?.km ?? null,
    },
  }
}

export async function inspectionHistory(db: Queryable, user: User, id: number) {
  await readable(db, user, id)
  return sql.historyOf(db, id)
}

/** Field errors of an input: the bridge (live, of the layer), the type, the photos. */
async function checkInput(
  db: Queryable,
  layer: Parameters<typeof sql.liveBridgeExists>[1],
  user: User,
  input: InspectionInputParsed,
  inspectionId: number | null,
): Promise<void> {
  const errors: FieldError[] = []
  if (!(await sql.liveBridgeExists(db, layer, input.featureId))) {
    errors.push({ field: 'featureId', message: t('inspectionApi.bridgeUnknown') })
  }
  if (!(await sql.typeExists(db, input.typeId))) {
    errors.push({ field: 'typeId', message: t('inspectionApi.typeUnknown') })
  }
  const refs = [
    ...input.photos.map((p, i) => ({ id: p.contentId, field: `photos.${i}.contentId` })),
    ...input.anomalies.flatMap((a, j) =>
      a.photos.map((p, i) => ({ id: p.contentId, field: `anomalies.${j}.photos.${i}.contentId` })),
    ),
  ]
  const usable = await sql.usablePhotoContents(
    db,
    refs.map((r) => r.id),
    INSPECTION_PHOTO_TAG,
    user.id,
    inspectionId,
  )
  for (const r of refs) {
    if (!usable.has(r.id)) {
      errors.push({ field: r.field, message: t('inspectionApi.photoInvalid', { id: r.id }) })
    }
  }
  if (errors.length) throw badRequest(errors)
}

function values(input: InspectionInputParsed): sql.InspectionValues {
  return {
    featureId: input.featureId,
    typeId: input.typeId,
    date: input.date,
    inspector: input.inspector,
    structural: input.structural,
    functional: input.functional,
    durability: input.durability,
    recommendations: input.recommendations,
  }
}

const photoRefs = (list: InspectionInputParsed['photos']) =>
  list.map((p) => ({ contentId: p.contentId, caption: p.caption ?? '' }))

async function writeDetails(tx: Queryable, id: number, input: InspectionInputParsed) {
  await sql.replaceDetails(
    tx,
    id,
    input.anomalies.map((a) => ({
      element: a.element,
      description: a.description,
      note: a.note ?? null,
      photos: photoRefs(a.photos),
    })),
    photoRefs(input.photos),
  )
}

const summaryOf = (input: InspectionInputParsed) => ({
  featureId: input.featureId,
  typeId: input.typeId,
  date: input.date,
  structural: input.structural,
  functional: input.functional,
  durability: input.durability,
  anomalies: input.anomalies.length,
  photos: input.photos.length + input.anomalies.reduce((n, a) => n + a.photos.length, 0),
})

/** POST /: ACCEPTED (the bridge's fields follow), or PENDING for a moderated user. */
export async function createInspection(
  db: Db,
  caller: Caller,
  input: InspectionInputParsed,
): Promise<InspectionDetail> {
  const { user } = caller
  const { layer, perms } = await inspectionLayer(db, user)
  requireFlag(perms.updateFeature, 'features.noEditPermission')
  await checkInput(db, layer, user, input, null)
  const id = await db.transaction(async (tx) => {
    const status = (await isModeratedEdit(tx, user, layer.name)) ? 'PENDING' : 'ACCEPTED'
    const id = await sql.insertInspection(tx, layer.name, values(input), status, user.id)
    await writeDetails(tx, id, input)
    await sql.addHistory(tx, id, 'CREATE', { status, ...summaryOf(input) }, user)
    if (status === 'ACCEPTED') await syncBridge(tx, caller, layer, input.featureId)
    return id
  })
  return inspectionDetail(db, user, id)
}

/** PUT /{id}: its creator while PENDING, or an administrator; the status stays. */
export async function updateInspection(
  db: Db,
  caller: Caller,
  id: number,
  input: InspectionInputParsed,
): Promise<InspectionDetail> {
  const { user } = caller
  await db.transaction(async (tx) => {
    const { row, access } = await readable(tx, user, id, true)
    if (!canEdit(user, row)) throw new HttpError(403, t('inspectionApi.cannotEdit'))
    requireFlag(access.perms.updateFeature, 'features.noEditPermission')
    await checkInput(tx, access.layer, user, input, id)
    await sql.updateInspection(tx, id, values(input))
    await writeDetails(tx, id, input)
    await sql.addHistory(tx, id, 'UPDATE', summaryOf(input), user)
    if (row.status === 'ACCEPTED') {
      await syncBridge(tx, caller, access.layer, input.featureId)
      if (row.feature_id !== input.featureId) {
        await syncBridge(tx, caller, access.layer, row.feature_id)
      }
    }
  })
  return inspectionDetail(db, user, id)
}

/** POST /{id}/approve and /reject (administrators): only a PENDING inspection. */
export async function review(
  db: Db,
  caller: Caller,
  id: number,
  decision: 'APPROVE' | 'REJECT',
  reason = '',
): Promise<InspectionDetail> {
  const { user } = caller
  await db.transaction(async (tx) => {
    const { row, access } = await readable(tx, user, id, true)
    if (row.status !== 'PENDING') throw new HttpError(400, t('inspectionApi.notPending'))
    const status = decision === 'APPROVE' ? 'ACCEPTED' : 'REJECTED'
    await sql.setStatus(tx, id, status, user.id)
    await sql.addHistory(tx, id, decision, reason ? { reason } : {}, user)
    if (status === 'ACCEPTED') await syncBridge(tx, caller, access.layer, row.feature_id)
  })
  return inspectionDetail(db, user, id)
}

/** DELETE /{id} (administrators): soft; the bridge's fields follow what stays accepted. */
export async function deleteInspection(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { row, access } = await readable(tx, caller.user, id, true)
    await sql.softDelete(tx, id)
    await sql.addHistory(tx, id, 'DELETE', {}, caller.user)
    if (row.status === 'ACCEPTED') await syncBridge(tx, caller, access.layer, row.feature_id)
  })
}
