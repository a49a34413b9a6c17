import { MAX_WKT_LENGTH, t, type ApprovalSubmitted } from '@gis/shared'
import type { Caller } from '../auth/caller'
import type { Queryable } from '../db/types'
import type { FieldError } from '../http/errors'
import type { ColumnValue } from './feature-values'
import * as sql from './features.sql'
import { geometryText, type GeometrySource } from './geometry-input'
import type { CatalogueLayer } from './model'

// The one write path of a layer's features (the feature API, approvals, imports): the
// geometry check before a transaction, and the checked write applied with its audit context.

/** The application name the history shows for edits made through this API (unless the caller names another). */
export const APPLICATION = 'gis-web'

/** The geometry kinds a layer of each type takes (a single part where the layer is multi). */
export const COMPATIBLE: Record<string, readonly string[]> = {
  point: ['point'],
  multipoint: ['point', 'multipoint'],
  linestring: ['linestring'],
  multilinestring: ['linestring', 'multilinestring'],
  polygon: ['polygon'],
  multipolygon: ['polygon', 'multipolygon'],
}

/** A geometry checked for a layer: its error, or the WKT (EPSG:4326) to write and its box. */
export interface CheckedGeometry {
  error?: FieldError
  /** undefined when no geometry was given, null for none (a Feature without geometry). */
  wkt?: string | null
  box?: Box
}

/**
 * Checks a geometry for the layer before any transaction, read by PostGIS in one statement
 * (WKT, EWKT with SRID 4326, GeoJSON, or a WFS client's WKT in EPSG:4326 or 3857): not empty,
 * of the layer's type (a single part is accepted where the layer is multi), with coordinates
 * within EPSG:4326. Answers the field error, or the WKT to write in EPSG:4326 and its box.
 */
export async function checkGeometry(
  db: Queryable,
  layer: CatalogueLayer,
  geom: GeometrySource | null | undefined,
  field = 'geom',
): Promise<CheckedGeometry> {
  if (geom === null || geom === undefined) return { wkt: geom }
  const text = geometryText(geom, field)
  if (text === null) return { wkt: null }
  if ('error' in text) return { error: text.error }
  const geojson = text.kind === 'geojson'
  const tabular = { error: { field, message: t('features.geometry.tabular') } }
  // A GeoJSON is read first (its own error comes before the layer's), a WKT after.
  if (layer.geometryType === 'TABULAR' && !geojson) return tabular
  const info = await sql.inspectGeometry(db, text)
  const invalid = { error: { field, message: t('features.geometry.invalid') } }
  const invalidGeoJson = { error: { field, message: t('features.geometry.invalidGeoJson') } }
  if (!info) {
    // A refused GeoJSON: not GeoJSON at all, or GeoJSON whose WKT is not a geometry.
    return geojson && !(await sql.readsAsGeoJson(db, text.text)) ? invalidGeoJson : invalid
  }
  if (info.srid !== 0 && info.srid !== 4326) return geojson ? invalidGeoJson : invalid
  if (layer.geometryType === 'TABULAR') return tabular
  const wkt = info.wkt ?? text.text
  if (geojson && wkt.length > MAX_WKT_LENGTH) {
    return { error: { field, message: t('field.tooLong', { max: MAX_WKT_LENGTH }) } }
  }
  if (info.empty || !info.box) return invalid
  if (!COMPATIBLE[layer.geometryType]!.includes(info.type)) {
    return {
      error: { field, message: t('features.geometry.wrongType', { type: layer.geometryType }) },
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
    return { error: { field, message: t('features.geometry.outOfRange') } }
  }
  return { wkt, box: info.box }
}

type Box = [number, number, number, number]

const outside = (extent: Box | null, box: Box) =>
  !extent || box[0] < extent[0] || box[1] < extent[1] || box[2] > extent[2] || box[3] > extent[3]

const union = (extent: Box | null, box: Box): Box =>
  extent
    ? [
        Math.min(extent[0], box[0]),
        Math.min(extent[1], box[1]),
        Math.max(extent[2], box[2]),
        Math.max(extent[3], box[3]),
      ]
    : box

function auditContext(caller: Caller): sql.AuditContext {
  return {
    userId: caller.user.id,
    username: caller.user.username,
    application: caller.application ?? APPLICATION,
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
  return featureWrites(tx, caller, layer)(write)
}

/**
 * Checked writes of one caller to one layer in one transaction (a WFS Transaction's, an
 * import's): the audit context is set once, before the first.
 */
export function featureWrites(
  tx: Queryable,
  caller: Caller,
  layer: CatalogueLayer,
): (write: FeatureWrite) => Promise<number> {
  let context: Promise<void> | undefined
  // The extent as this transaction left it: one refresh for a run of features past it.
  let extent = layer.extent as Box | null
  return async (write) => {
    await (context ??= sql.setAuditContext(tx, auditContext(caller)))
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
    if ('box' in write && write.box && outside(extent, write.box)) {
      await sql.refreshExtent(tx, layer)
      extent = union(extent, write.box)
    }
    return id
  }
}

/**
 * How the feature service applies a checked write: now (applyFeatureWrite), or, for a caller
 * whose edits are moderated, recorded for review (the approvals module's gate, passed in).
 * The gate is opened for one layer in one transaction (whether the caller is moderated there is
 * read once) and answers how each write of that layer goes.
 */
export type WriteGate = (tx: Queryable, caller: Caller, layer: CatalogueLayer) => Promise<LayerGate>

/** A gate opened on one layer: applies a write (answering the feature's id) or submits it. */
export type LayerGate = (write: FeatureWrite) => Promise<number | ApprovalSubmitted>
