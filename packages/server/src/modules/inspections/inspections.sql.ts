import type { Queryable } from '../../db/types'
import { layerRead } from '../../layer-data/layer-read'
import { fieldOf, type CatalogueLayer } from '../../layer-data/model'
import { jsonColumnSql, searchWhere } from '../../layer-data/search'
import { SqlParams } from '../../layer-data/where'

/**
 * The owner of app.inspection_types, app.inspections, app.inspection_anomalies,
 * app.inspection_photos and app.inspection_history (migration 151), and the reads of the
 * bridges' layer (the layer the setting 'inspectionLayer' names).
 */

// ---------------------------------------------------------------- types

export interface TypeRow {
  id: number
  name: string
  periodicity_months: number | null
  position: number
  in_use: boolean
}

export async function listTypes(db: Queryable): Promise<TypeRow[]> {
  const { rows } = await db.query<TypeRow>(
    `SELECT ty.id::int AS id, ty.name, ty.periodicity_months, ty.position,
            EXISTS (SELECT 1 FROM app.inspections i WHERE i.type_id = ty.id) AS in_use
       FROM app.inspection_types ty ORDER BY ty.position, ty.id`,
  )
  return rows
}

export async function deleteType(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM app.inspection_types WHERE id = $1', [id])
}

export async function updateType(
  tx: Queryable,
  id: number,
  name: string,
  periodicity: number | null,
  position: number,
): Promise<void> {
  await tx.query(
    `UPDATE app.inspection_types SET name = $2, periodicity_months = $3, position = $4
      WHERE id = $1`,
    [id, name, periodicity, position],
  )
}

export async function insertType(
  tx: Queryable,
  name: string,
  periodicity: number | null,
  position: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO app.inspection_types (name, periodicity_months, position) VALUES ($1, $2, $3)`,
    [name, periodicity, position],
  )
}

// ---------------------------------------------------------------- bridges

/** The bridge fields the module reads (a field the layer lacks reads as null). */
export const BRIDGE_FIELDS = [
  'codigo',
  'codigo_artesp',
  'tipo',
  'rodovia',
  'km',
  'sentido',
] as const

export interface BridgeFeatureRow {
  id: number
  codigo: string | null
  codigo_artesp: string | null
  tipo: string | null
  rodovia: string | null
  km: number | null
  sentido: string | null
  lon: number | null
  lat: number | null
}

/** The live bridges a filter tree (the filter builder's, compiled by the search) selects. */
export async function bridgeFeatures(
  db: Queryable,
  layer: CatalogueLayer,
  opts: { filter?: unknown; id?: number } = {},
): Promise<BridgeFeatureRow[]> {
  const params = new SqlParams()
  let where = searchWhere(layer, { filter: opts.filter, liveOnly: true }, params)
  if (opts.id !== undefined) where += ` AND t.id = ${params.bind(opts.id, 'bigint')}`
  const columns = BRIDGE_FIELDS.map((name) => {
    const field = fieldOf(layer, name)
    if (!field) return `NULL AS ${name}`
    const value = jsonColumnSql(field)
    return `${name === 'km' ? `(${value})::float8` : `(${value})::text`} AS ${name}`
  })
  const point =
    layer.geometryType === 'TABULAR'
      ? 'NULL::float8 AS lon, NULL::float8 AS lat'
      : `ST_X(ST_PointOnSurface(t.geom))::float8 AS lon, ST_Y(ST_PointOnSurface(t.geom))::float8 AS lat`
  const { rows } = await db.query<BridgeFeatureRow>(
    `SELECT t.id::float8 AS id, ${columns.join(', ')}, ${point}
       FROM ${layerRead(layer).from} WHERE ${where}`,
    params.values,
  )
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

/** Whether a live feature of the layer has this id. */
export async function liveBridgeExists(
  db: Queryable,
  layer: CatalogueLayer,
  id: number,
): Promise<boolean> {
  const t = layerRead(layer)
  const { rows } = await db.query(`SELECT 1 FROM ${t.from} WHERE t.id = $1 AND ${t.live}`, [id])
  return rows.length > 0
}

// ---------------------------------------------------------------- inspections of a layer

/** The latest accepted date of each bridge and type. */
export interface LatestByType {
  feature_id: number
  type_id: number
  date: string
}

export async function acceptedLatestByType(db: Queryable, layer: string): Promise<LatestByType[]> {
  const { rows } = await db.query<LatestByType>(
    `SELECT feature_id::float8 AS feature_id, type_id::int AS type_id,
            to_char(max(inspected_on), 'YYYY-MM-DD') AS date
       FROM app.inspections
      WHERE layer_name = $1 AND status = 'ACCEPTED' AND deleted_at IS NULL
      GROUP BY feature_id, type_id`,
    [layer],
  )
  return rows.map((r) => ({ ...r, feature_id: Number(r.feature_id) }))
}

export interface LatestRow {
  feature_id: number
  id: number
  date: string
  type: string
  structural: number
  functional: number
  durability: number
}

const LATEST_SELECT = `SELECT DISTINCT ON (i.feature_id) i.feature_id::float8 AS feature_id,
    i.id::int AS id, to_char(i.inspected_on, 'YYYY-MM-DD') AS date, ty.name AS type,
    i.structural::int AS structural, i.functional::int AS functional, i.durability::int AS durability
  FROM app.inspections i JOIN app.inspection_types ty ON ty.id = i.type_id
 WHERE i.layer_name = $1 AND i.status = 'ACCEPTED' AND i.deleted_at IS NULL`

/** The latest accepted inspection of each bridge of the layer (of one bridge when given). */
export async function acceptedLatest(
  db: Queryable,
  layer: string,
  featureId?: number,
): Promise<LatestRow[]> {
  const { rows } = await db.query<LatestRow>(
    `${LATEST_SELECT} AND ($2::bigint IS NULL OR i.feature_id = $2::bigint)
      ORDER BY i.feature_id, i.inspected_on DESC, i.id DESC`,
    [layer, featureId ?? null],
  )
  return rows.map((r) => ({ ...r, feature_id: Number(r.feature_id) }))
}

/** Pending inspections per bridge. */
export async function pendingByBridge(
  db: Queryable,
  layer: string,
): Promise<{ feature_id: number; n: number }[]> {
  const { rows } = await db.query<{ feature_id: number; n: number }>(
    `SELECT feature_id::float8 AS feature_id, count(*)::int AS n FROM app.inspections
      WHERE layer_name = $1 AND status = 'PENDING' AND deleted_at IS NULL GROUP BY feature_id`,
    [layer],
  )
  return rows.map((r) => ({ ...r, feature_id: Number(r.feature_id) }))
}

/** Accepted inspections per bridge and year (the summary keeps the readable bridges'). */
export async function acceptedByYear(
  db: Queryable,
  layer: string,
): Promise<{ feature_id: number; year: number; n: number }[]> {
  const { rows } = await db.query<{ feature_id: number; year: number; n: number }>(
    `SELECT feature_id::float8 AS feature_id, extract(year FROM inspected_on)::int AS year,
            count(*)::int AS n
       FROM app.inspections
      WHERE layer_name = $1 AND status = 'ACCEPTED' AND deleted_at IS NULL
      GROUP BY feature_id, year`,
    [layer],
  )
  return rows.map((r) => ({ ...r, feature_id: Number(r.feature_id) }))
}

// ---------------------------------------------------------------- one inspection

export interface InspectionRow {
  id: number
  layer_name: string
  feature_id: number
  type_id: number
  type: string
  date: string
  inspector: string
  structural: number
  functional: number
  durability: number
  recommendations: string
  status: 'ACCEPTED' | 'PENDING' | 'REJECTED'
  created_by: number | null
  created_by_name: string | null
  created: string
  updated: string
  reviewed_by_name: string | null
  reviewed: string | null
  anomaly_count: number
  photo_count: number
}

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const INSPECTION_SELECT = `SELECT i.id::int AS id, i.layer_name, i.feature_id::float8 AS feature_id,
    i.type_id::int AS type_id, ty.name AS type, to_char(i.inspected_on, 'YYYY-MM-DD') AS date,
    i.inspector, i.structural::int AS structural, i.functional::int AS functional,
    i.durability::int AS durability, i.recommendations, i.status,
    i.created_by::int AS created_by, cu.username AS created_by_name, ${ISO('i.created_at')} AS created,
    ${ISO('i.updated_at')} AS updated, ru.username AS reviewed_by_name,
    ${ISO('i.reviewed_at')} AS reviewed,
    (SELECT count(*)::int FROM app.inspection_anomalies a WHERE a.inspection_id = i.id) AS anomaly_count,
    (SELECT count(*)::int FROM app.inspection_photos p WHERE p.inspection_id = i.id) AS photo_count
  FROM app.inspections i
  JOIN app.inspection_types ty ON ty.id = i.type_id
  LEFT JOIN app.users cu ON cu.id = i.created_by
  LEFT JOIN app.users ru ON ru.id = i.reviewed_by`

const fixRow = (r: InspectionRow): InspectionRow => ({ ...r, feature_id: Number(r.feature_id) })

/** One inspection not deleted. `lock` takes its row lock. */
export async function findInspection(
  db: Queryable,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<InspectionRow | undefined> {
  if (opts.lock) await db.query('SELECT 1 FROM app.inspections WHERE id = $1 FOR UPDATE', [id])
  const { rows } = await db.query<InspectionRow>(
    `${INSPECTION_SELECT} WHERE i.id = $1 AND i.deleted_at IS NULL`,
    [id],
  )
  return rows[0] && fixRow(rows[0])
}

/** The inspections of a bridge not deleted, newest first. */
export async function inspectionsOfBridge(
  db: Queryable,
  layer: string,
  featureId: number,
): Promise<InspectionRow[]> {
  const { rows } = await db.query<InspectionRow>(
    `${INSPECTION_SELECT} WHERE i.layer_name = $1 AND i.feature_id = $2 AND i.deleted_at IS NULL
      ORDER BY i.inspected_on DESC, i.id DESC`,
    [layer, featureId],
  )
  return rows.map(fixRow)
}

export interface AnomalyRow {
  id: number
  element: string
  description: string
  note: number | null
}

export async function anomaliesOf(db: Queryable, inspectionId: number): Promise<AnomalyRow[]> {
  const { rows } = await db.query<AnomalyRow>(
    `SELECT id::int AS id, element, description, note::int AS note
       FROM app.inspection_anomalies WHERE inspection_id = $1 ORDER BY position, id`,
    [inspectionId],
  )
  return rows
}

export interface PhotoRow {
  id: number
  anomaly_id: number | null
  content_id: number
  caption: string
  filename: string
  content_type: string
  size: number
  thumbnail: boolean
}

export async function photosOf(db: Queryable, inspectionId: number): Promise<PhotoRow[]> {
  const { rows } = await db.query<PhotoRow>(
    `SELECT p.id::int AS id, p.anomaly_id::int AS anomaly_id, p.content_id::int AS content_id,
            p.caption, c.filename, c.content_type, c.size::float8 AS size,
            c.thumbnail_key IS NOT NULL AS thumbnail
       FROM app.inspection_photos p JOIN app.contents c ON c.id = p.content_id
      WHERE p.inspection_id = $1 ORDER BY p.id`,
    [inspectionId],
  )
  return rows
}

/**
 * Of these content ids, those a photo may use: tagged `tag` and uploaded by the user, or
 * already a photo of the inspection being changed.
 */
export async function usablePhotoContents(
  db: Queryable,
  ids: readonly number[],
  tag: string,
  userId: number,
  inspectionId: number | null,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const { rows } = await db.query<{ id: number }>(
    `SELECT c.id::int AS id FROM app.contents c
      WHERE c.id = ANY($1::bigint[]) AND c.tag = $2
        AND (c.created_by = $3 OR EXISTS (SELECT 1 FROM app.inspection_photos p
              WHERE p.content_id = c.id AND p.inspection_id = $4::bigint))`,
    [[...ids], tag, userId, inspectionId],
  )
  return new Set(rows.map((r) => r.id))
}

export async function typeExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM app.inspection_types WHERE id = $1', [id])
  return rows.length > 0
}

export interface InspectionValues {
  featureId: number
  typeId: number
  date: string
  inspector: string
  structural: number
  functional: number
  durability: number
  recommendations: string
}

export async function insertInspection(
  tx: Queryable,
  layer: string,
  v: InspectionValues,
  status: string,
  userId: number,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO app.inspections (layer_name, feature_id, type_id, inspected_on, inspector,
       structural, functional, durability, recommendations, status, created_by)
     VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $10, $11) RETURNING id::int AS id`,
    [
      layer,
      v.featureId,
      v.typeId,
      v.date,
      v.inspector,
      v.structural,
      v.functional,
      v.durability,
      v.recommendations,
      status,
      userId,
    ],
  )
  return rows[0]!.id
}

export async function updateInspection(
  tx: Queryable,
  id: number,
  v: InspectionValues,
): Promise<void> {
  await tx.query(
    `UPDATE app.inspections SET feature_id = $2, type_id = $3, inspected_on = $4::date,
       inspector = $5, structural = $6, functional = $7, durability = $8, recommendations = $9,
       updated_at = now()
     WHERE id = $1`,
    [
      id,
      v.featureId,
      v.typeId,
      v.date,
      v.inspector,
      v.structural,
      v.functional,
      v.durability,
      v.recommendations,
    ],
  )
}

/** Replaces the anomalies and photos of an inspection. */
export async function replaceDetails(
  tx: Queryable,
  id: number,
  anomalies: readonly {
    element: string
    description: string
    note: number | null
    photos: readonly { contentId: number; caption: string }[]
  }[],
  photos: readonly { contentId: number; caption: string }[],
): Promise<void> {
  await tx.query('DELETE FROM app.inspection_photos WHERE inspection_id = $1', [id])
  await tx.query('DELETE FROM app.inspection_anomalies WHERE inspection_id = $1', [id])
  for (const [position, a] of anomalies.entries()) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO app.inspection_anomalies (inspection_id, position, element, description, note)
       VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
      [id, position, a.element, a.description, a.note],
    )
    for (const p of a.photos) await insertPhoto(tx, id, rows[0]!.id, p)
  }
  for (const p of photos) await insertPhoto(tx, id, null, p)
}

async function insertPhoto(
  tx: Queryable,
  inspectionId: number,
  anomalyId: number | null,
  p: { contentId: number; caption: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO app.inspection_photos (inspection_id, anomaly_id, content_id, caption)
     VALUES ($1, $2, $3, $4)`,
    [inspectionId, anomalyId, p.contentId, p.caption],
  )
}

export async function setStatus(
  tx: Queryable,
  id: number,
  status: 'ACCEPTED' | 'REJECTED',
  reviewerId: number,
): Promise<void> {
  await tx.query(
    `UPDATE app.inspections SET status = $2, reviewed_by = $3, reviewed_at = now(),
       updated_at = now() WHERE id = $1`,
    [id, status, reviewerId],
  )
}

export async function softDelete(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE app.inspections SET deleted_at = now() WHERE id = $1', [id])
}

export async function addHistory(
  tx: Queryable,
  id: number,
  action: string,
  detail: Record<string, unknown>,
  user: { id: number; username: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO app.inspection_history (inspection_id, action, detail, user_id, username)
     VALUES ($1, $2, $3::text::jsonb, $4, $5)`,
    [id, action, JSON.stringify(detail), user.id, user.username],
  )
}

export async function historyOf(
  db: Queryable,
  id: number,
): Promise<{ action: string; detail: Record<string, unknown>; username: string; at: string }[]> {
  const { rows } = await db.query<{
    action: string
    detail: Record<string, unknown> | string
    username: string
    at: string
  }>(
    `SELECT action, detail::text AS detail, username, ${ISO('at')} AS at
       FROM app.inspection_history WHERE inspection_id = $1 ORDER BY at DESC, id DESC`,
    [id],
  )
  return rows.map((r) => ({
    ...r,
    detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
  }))
}
