import type { Db } from '../db/types'
import type { CatalogueLayer } from '../modules/layers/catalogue'
import { dataVersion } from '../modules/layers/layers.sql'
import { encodeMvtLayer, type TileFeature, type TileGeometry } from './mvt-encode'
import type { TileCache } from './tile-cache'
import { pgliteTileSql, postgisTileSql, tileAttributes } from './tile-sql'

const postgisCache = new WeakMap<CatalogueLayer, string>()
const pgliteCache = new WeakMap<CatalogueLayer, string>()

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

/**
 * The tile and the layer's current data version, from the cache when the version it was made
 * at is still current. On PostgreSQL one statement reads the version and makes the tile only
 * when the cached one is stale (one round trip, no tile work on a hit); on PGlite the version
 * is a tiny query of its own.
 */
export async function renderVersionedTile(
  db: Db,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
  cache?: TileCache,
): Promise<{ tile: Uint8Array; version: number }> {
  const key = `${layer.name}/${z}/${x}/${y}`
  const cached = cache?.get(key)
  if (db.kind === 'postgres') {
    let text = postgisCache.get(layer)
    if (!text) {
      // base64 rather than bytea's hex text: a third less to send and decode per tile.
      text = `SELECT v.version, CASE WHEN v.version = $5::bigint THEN NULL
                ELSE coalesce(encode((${postgisTileSql(layer)}), 'base64'), '') END AS tile
                FROM (SELECT (SELECT data_version FROM app.layers WHERE name = $4::text) AS version) v`
      postgisCache.set(layer, text)
    }
    const { rows } = await db.query<{ tile: string | null; version: number | null }>(text, [
      z,
      x,
      y,
      layer.name,
      cached?.version ?? -1,
    ])
    const version = rows[0]?.version ?? 0
    const encoded = rows[0]?.tile
    if (encoded === null || encoded === undefined) {
      if (cached && cached.version === version) return { tile: cached.tile, version }
      return { tile: new Uint8Array(0), version }
    }
    const tile = encoded ? Buffer.from(encoded, 'base64') : new Uint8Array(0)
    cache?.set(key, version, tile)
    return { tile, version }
  }
  const version = (await dataVersion(db, layer.name)) ?? 0
  if (cached && cached.version === version) return { tile: cached.tile, version }
  const tile = await nodeTile(db, layer, z, x, y)
  cache?.set(key, version, tile)
  return { tile, version }
}

async function nodeTile(
  db: Db,
  layer: CatalogueLayer,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array> {
  let text = pgliteCache.get(layer)
  if (!text) pgliteCache.set(layer, (text = pgliteTileSql(layer)))
  const { rows } = await db.query<Record<string, unknown> & { id: number; g: string | null }>(
    text,
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
