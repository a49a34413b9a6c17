import { t, type ApprovalSubmitted } from '@gis/shared'
import type { Caller } from '../auth/caller'
import type { Queryable } from '../db/types'
import type { FieldError } from '../http/errors'
import type { ColumnValue } from './feature-values'
import * as sql from './features.sql'
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

/**
 * How the feature service applies a checked write: now (applyFeatureWrite), or, for a caller
 * whose edits are moderated, recorded for review (the approvals module's gate, passed in).
 */
export type WriteGate = (
  tx: Queryable,
  caller: Caller,
  layer: CatalogueLayer,
  write: FeatureWrite,
) => Promise<number | ApprovalSubmitted>
