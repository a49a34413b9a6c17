import { t, type LayerPermissions, type SessionUser } from '@gis/shared'
import { layerPermissions } from '../auth/permissions'
import type { Queryable } from '../db/types'
import { HttpError } from '../http/errors'
import { freshCatalogue, readableLayer } from './catalogue'
import type { CatalogueLayer } from './model'
import { FilterError } from './where'

type User = Pick<SessionUser, 'id' | 'admin'>

export interface LayerAccess {
  layer: CatalogueLayer
  perms: LayerPermissions
}

/**
 * The layer and the caller's flags on it, read now (a permission change counts at the next
 * request). A layer that does not exist and one the caller may not read (no readFeature) are
 * the same 404, so no answer tells which layers exist.
 */
export async function layerAccess(db: Queryable, user: User, name: string): Promise<LayerAccess> {
  const [layers, perms] = await Promise.all([freshCatalogue(db), layerPermissions(db, user)])
  const layer = layers.find((l) => l.name === name)
  const flags = perms[name]
  if (!layer || !flags?.readFeature) throw new HttpError(404, t('layers.notFoundOrDenied'))
  return { layer, perms: flags }
}

/** Every catalogue layer the caller may read, with its flags. */
export async function readableLayerAccess(db: Queryable, user: User): Promise<LayerAccess[]> {
  const [layers, perms] = await Promise.all([freshCatalogue(db), layerPermissions(db, user)])
  return layers.flatMap((layer) => {
    const flags = perms[layer.name]
    return flags?.readFeature ? [{ layer, perms: flags }] : []
  })
}

/** 403 with the message unless the flag is set. */
export function requireFlag(ok: boolean, key: Parameters<typeof t>[0]): void {
  if (!ok) throw new HttpError(403, t(key))
}

/**
 * A layer the user may read (readFeature), fresh from the database, or the 404 that a layer
 * that does not exist also gets: no answer tells which layers exist.
 */
export async function layerForUser(
  db: Queryable,
  user: User,
  name: string,
): Promise<CatalogueLayer> {
  const layer = await readableLayer(db, user, name, { fresh: true })
  if (!layer) throw new HttpError(404, t('layers.notFoundOrDenied'))
  return layer
}

/** A refused filter as the JSON API's 400, anything else as it is. */
export async function withFilterErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof FilterError) throw err.toHttpError()
    throw err
  }
}
