import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'

const require = createRequire(import.meta.url)

let cached: Promise<{ body: string; etag: string }> | undefined

/**
 * Country borders of Natural Earth (1:50m, public domain) from the world-atlas package, as
 * GeoJSON in EPSG:4326: the offline base layer, so the map is never blank without internet.
 */
export function naturalEarthCountries(): Promise<{ body: string; etag: string }> {
  cached ??= (async () => {
    const file = require.resolve('world-atlas/countries-50m.json')
    const topology = JSON.parse(await readFile(file, 'utf8')) as Topology
    const collection = feature(
      topology,
      topology.objects.countries as GeometryCollection<{ name: string }>,
    )
    const body = JSON.stringify(collection)
    const etag = `"ne-${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`
    return { body, etag }
  })()
  cached.catch(() => {
    cached = undefined
  })
  return cached
}
