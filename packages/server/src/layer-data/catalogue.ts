import type { SessionUser } from '@gis/shared'
import { layerPermissions, permissionEpoch } from '../auth/permissions'
import { sharedEpoch } from '../db/cache-epoch'
import type { Queryable } from '../db/types'
import { listLayers } from './catalogue.sql'
import type { CatalogueLayer } from './model'

type User = Pick<SessionUser, 'id' | 'admin'>

// The catalogue changes rarely (administration) and is read on every tile and WFS request:
// it is kept for a few seconds per process, while the shared cache epoch stays where it was
// (an administrator's change through any process moves it). Data versions are always read
// fresh.
const CACHE_MS = 5_000
const caches = new WeakMap<
  Queryable,
  { at: number; epoch: number; layers: Promise<CatalogueLayer[]> }
>()

/** Every layer of the catalogue, cached for a few seconds per database (tiles, OGC). */
export async function catalogue(db: Queryable): Promise<CatalogueLayer[]> {
  const epoch = await sharedEpoch(db)
  const hit = caches.get(db)
  if (hit && hit.epoch === epoch && Date.now() - hit.at < CACHE_MS) return hit.layers
  const layers = listLayers(db)
  caches.set(db, { at: Date.now(), epoch, layers })
  layers.catch(() => caches.delete(db))
  return layers
}

/** Every layer of the catalogue, read now (the JSON API, after an administrator's change). */
export function freshCatalogue(db: Queryable): Promise<CatalogueLayer[]> {
  return listLayers(db)
}

/** Forgets the cached catalogue (after an administrator changes it). */
export function invalidateCatalogue(db: Queryable): void {
  caches.delete(db)
}

export async function findLayer(db: Queryable, name: string): Promise<CatalogueLayer | undefined> {
  return (await catalogue(db)).find((l) => l.name === name)
}

/** Names of the layers the user may read (readFeature): every layer for administrators. */
export async function readableLayerNames(db: Queryable, user: User): Promise<Set<string>> {
  const perms = await layerPermissions(db, user)
  return new Set(
    Object.entries(perms)
      .filter(([, p]) => p.readFeature)
      .map(([name]) => name),
  )
}

// Tiles and OGC requests come in bursts from one client: the user's readable layers are
// remembered for a moment. A permission change applies to the next request, through this
// process (its permission epoch moves) or another (the shared cache epoch moves).
const PERMISSIONS_MS = 2_000
const permissionCaches = new WeakMap<
  Queryable,
  Map<string, { at: number; epoch: string; names: Promise<Set<string>> }>
>()

/** As readableLayerNames, remembered for two seconds per user (hot paths: tiles, WFS). */
export async function readableLayerNamesCached(db: Queryable, user: User): Promise<Set<string>> {
  const epoch = `${permissionEpoch()}:${await sharedEpoch(db)}`
  let cache = permissionCaches.get(db)
  if (!cache) permissionCaches.set(db, (cache = new Map()))
  const key = `${user.id}:${user.admin}`
  const hit = cache.get(key)
  if (hit && hit.epoch === epoch && Date.now() - hit.at < PERMISSIONS_MS) return hit.names
  if (cache.size > 10_000) cache.clear()
  const names = readableLayerNames(db, user)
  cache.set(key, { at: Date.now(), epoch, names })
  names.catch(() => cache.delete(key))
  return names
}

/**
 * The catalogue layers the user may read, in catalogue order. `fresh` reads the catalogue and
 * the permissions now (the JSON API); otherwise both come from their short caches (tiles, OGC).
 */
export async function readableLayers(
  db: Queryable,
  user: User,
  opts: { fresh?: boolean } = {},
): Promise<CatalogueLayer[]> {
  const [layers, names] = await Promise.all(
    opts.fresh
      ? [freshCatalogue(db), readableLayerNames(db, user)]
      : [catalogue(db), readableLayerNamesCached(db, user)],
  )
  return layers.filter((l) => names.has(l.name))
}

/** A public layer by name (its tiles are anyone's, decision 85), or undefined. */
export async function publicLayer(
  db: Queryable,
  name: string,
): Promise<CatalogueLayer | undefined> {
  return (await catalogue(db)).find((l) => l.name === name && l.public)
}

/**
 * One layer the user may read, by name, or undefined: a layer that does not exist and one
 * the user may not read are the same answer, so no caller can tell them apart.
 */
export async function readableLayer(
  db: Queryable,
  user: User,
  name: string,
  opts: { fresh?: boolean } = {},
): Promise<CatalogueLayer | undefined> {
  return (await readableLayers(db, user, opts)).find((l) => l.name === name)
}
