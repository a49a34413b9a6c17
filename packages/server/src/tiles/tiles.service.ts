import type { Db } from '../db/types'
import type { CatalogueLayer } from '../layer-data/model'
import { dataVersion } from '../layer-data/catalogue.sql'
import { encodeMvtLayer, type TileFeature, type TileGeometry } from './mvt-encode'
import type { TileCache } from './tile-cache'
import { postgisTile, tileAttributes, tileRows } from './tiles.sql'

/** One MVT tile of a layer (EPSG:3857), without soft-deleted features; empty when none. */
export async function renderTile(
  ...at: [db: Db, layer: CatalogueLayer, z: number, x: number, y: number]
): Promise<Uint8Array> {
  return (await renderVersionedTile(...at)).tile
}

/** The layer's data version: what a tile's URL (`?v=`) and its ETag name. */
export async function tileVersion(db: Db, layer: CatalogueLayer): Promise<number> {
  return (await dataVersion(db, layer.name)) ?? 0
}

/** A tile's key in the tile cache. */
export const tileKey = (layer: CatalogueLayer, z: number, x: number, y: number) =>
  `${layer.name}/${z}/${x}/${y}`

/**
 * The tile and the layer's current data version, from the cache when the version it was made
 * at is still current (a small prepared query, no tile work). Otherwise the tile is made: on
 * PostgreSQL one statement reads the version and makes the tile in the same snapshot; on
 * PGlite the version is read first, so a tile is never older than the version it is kept at.
 */
export async function renderVersionedTile(
  db: Db,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
  cache?: TileCache,
): Promise<{ tile: Uint8Array; version: number }> {
  const key = tileKey(layer, z, x, y)
  const cached = cache?.get(key)
  if (cached) {
    const version = await tileVersion(db, layer)
    if (cached.version === version) return { tile: cached.tile, version }
  }
  const made =
    db.kind === 'postgres'
      ? await postgisTile(db, layer, z, x, y)
      : {
          version: await tileVersion(db, layer),
          tile: await nodeTile(db, layer, z, x, y),
        }
  cache?.set(key, made.version, made.tile)
  return made
}

async function nodeTile(
  db: Db,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array> {
  const rows = await tileRows(db, layer, z, x, y)
  const names = tileAttributes(layer).map((a) => a.name)
  const features: TileFeature[] = []
  for (const row of rows) {
    if (!row.g) continue
    const properties: TileFeature['properties'] = {}
    for (const n of names) properties[n] = row[n] as string | number | boolean | null
    features.push({ id: row.id, geometry: JSON.parse(row.g) as TileGeometry, properties })
  }
  return encodeMvtLayer(layer.name, features)
}
