import type { Db } from '../db/types'
import type { CatalogueLayer } from '../layer-data/model'
import { dataVersion } from '../layer-data/catalogue.sql'
import { encodeMvtLayer, type TileFeature, type TileGeometry } from './mvt-encode'
import type { TileCache } from './tile-cache'
import { pgliteTileSql, postgisTileSql, thinsPoints, tileAttributes } from './tile-sql'

/** Statement texts per layer: [every feature, one point per pixel]. */
const postgisCache = new WeakMap<CatalogueLayer, [string, string]>()
const pgliteCache = new WeakMap<CatalogueLayer, [string, string]>()

/** One MVT tile of a layer (EPSG:3857), without soft-deleted features; empty when none. */
export async function renderTile(
  db: Db,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array> {
  return (await renderVersionedTile(db, layer, z, x, y)).tile
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
    const version = (await dataVersion(db, layer.name)) ?? 0
    if (cached.version === version) return { tile: cached.tile, version }
  }
  const made =
    db.kind === 'postgres'
      ? await postgisTile(db, layer, z, x, y)
      : {
          version: (await dataVersion(db, layer.name)) ?? 0,
          tile: await nodeTile(db, layer, z, x, y),
        }
  cache?.set(key, made.version, made.tile)
  return made
}

async function postgisTile(
  db: Db,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
): Promise<{ tile: Uint8Array; version: number }> {
  let texts = postgisCache.get(layer)
  if (!texts) {
    const statement = (thin: boolean) =>
      `SELECT (SELECT data_version FROM app.layers WHERE name = $4::text) AS version,
              coalesce(m.tile, ''::bytea) AS tile FROM (${postgisTileSql(layer, thin)}) m`
    texts = [statement(false), statement(true)]
    postgisCache.set(layer, texts)
  }
  // Prepared: parsed once per connection. The bytea arrives as hex text, which PostgreSQL
  // writes and Node decodes faster than base64.
  const { rows } = await db.query<{ tile: Buffer; version: number | null }>(
    texts[thinsPoints(layer, z) ? 1 : 0],
    [z, x, y, layer.name],
    { prepare: true },
  )
  return { tile: rows[0]?.tile ?? new Uint8Array(0), version: rows[0]?.version ?? 0 }
}

async function nodeTile(
  db: Db,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array> {
  let texts = pgliteCache.get(layer)
  if (!texts) pgliteCache.set(layer, (texts = [pgliteTileSql(layer), pgliteTileSql(layer, true)]))
  const { rows } = await db.query<Record<string, unknown> & { id: number; g: string | null }>(
    texts[thinsPoints(layer, z) ? 1 : 0],
    [z, x, y],
  )
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
