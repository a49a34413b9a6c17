import type { SessionUser } from '@gis/shared'
import { layerPermissions } from '../../auth/permissions'
import type { Queryable } from '../../db/types'
import * as sql from './layers.sql'
import type { CatalogueLayer } from './layers.sql'

export type { CatalogueLayer }

// The catalogue changes rarely (administration) and is read on every tile and WFS request:
// it is kept for a few seconds per process. Data versions are always read fresh.
const CACHE_MS = 5_000
const caches = new WeakMap<Queryable, { at: number; layers: Promise<CatalogueLayer[]> }>()

/** Every layer of the catalogue, cached for a few seconds per database. */
export async function catalogue(db: Queryable): Promise<CatalogueLayer[]> {
  const hit = caches.get(db)
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.layers
  const layers = sql.listLayers(db)
  caches.set(db, { at: Date.now(), layers })
  layers.catch(() => caches.delete(db))
  return layers
}

/** Forgets the cached catalogue (after an administrator changes it). */
export function invalidateCatalogue(db: Queryable): void {
  caches.delete(db)
}

export async function findLayer(db: Queryable, name: string): Promise<CatalogueLayer | undefined> {
  return (await catalogue(db)).find((l) => l.name === name)
}

/** Names of the layers the user may read: every layer for administrators. */
export async function readableLayerNames(
  db: Queryable,
  user: Pick<SessionUser, 'id' | 'admin'>,
): Promise<Set<string>> {
  const perms = await layerPermissions(db, user)
  return new Set(
    Object.entries(perms)
      .filter(([, p]) => p.readFeature)
      .map(([name]) => name),
  )
}

/** The catalogue layers the user may read, in catalogue order. */
export async function readableLayers(
  db: Queryable,
  user: Pick<SessionUser, 'id' | 'admin'>,
): Promise<CatalogueLayer[]> {
  const [layers, names] = await Promise.all([catalogue(db), readableLayerNames(db, user)])
  return layers.filter((l) => names.has(l.name))
}
