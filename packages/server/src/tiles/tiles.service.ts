import type { Db } from '../db/types'
import type { CatalogueLayer } from '../modules/layers/catalogue'
import { encodeMvtLayer, type TileFeature, type TileGeometry } from './mvt-encode'
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
  if (db.kind === 'postgres') {
    let text = postgisCache.get(layer)
    if (!text) postgisCache.set(layer, (text = postgisTileSql(layer)))
    const { rows } = await db.query<{ tile: Uint8Array | null }>(text, [z, x, y, layer.name])
    return rows[0]?.tile ?? new Uint8Array(0)
  }
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
