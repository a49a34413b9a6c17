import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { TileCache } from './tile-cache'

const bytes = (n: number) => new Uint8Array(n)

describe('TileCache', () => {
  it('keeps tiles with their version and forgets the least recently used past its bytes', () => {
    const cache = new TileCache(1600)
    cache.set('a', 1, bytes(100))
    cache.set('b', 1, bytes(100))
    expect(cache.get('a')?.version).toBe(1)
    for (let i = 0; i < 15; i++) cache.set(`c${i}`, 2, bytes(100))
    // 'b' was the least recently used ('a' was read): it went first.
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    cache.set('a', 3, bytes(50))
    expect(cache.get('a')?.version).toBe(3)
  })

  it('does not keep tiles larger than a sixteenth of it, nor anything when off', () => {
    const cache = new TileCache(1600)
    cache.set('big', 1, bytes(101))
    expect(cache.get('big')).toBeUndefined()
    const off = new TileCache(0)
    off.set('a', 1, bytes(1))
    expect(off.get('a')).toBeUndefined()
  })

  it('compresses a cached tile with brotli once per version, and counts those bytes too', async () => {
    const cache = new TileCache(160_000)
    const tile = new Uint8Array(Buffer.from('placa;'.repeat(1000)))
    cache.set('t', 1, tile)
    const br = await cache.brotli('t', 1, tile)
    expect(Buffer.from(zlib.brotliDecompressSync(br)).equals(Buffer.from(tile))).toBe(true)
    expect(br.byteLength).toBeLessThan(tile.byteLength / 10)
    expect(await cache.brotli('t', 1, tile)).toBe(br)
    // A new version of the tile: compressed again, not served from the old one.
    cache.set('t', 2, tile)
    const again = await cache.brotli('t', 2, tile)
    expect(again).not.toBe(br)
    expect(await cache.brotli('t', 2, tile)).toBe(again)
    // Not cached (or cache off): compressed each time, nothing kept.
    const off = new TileCache(0)
    expect(await off.brotli('t', 1, tile)).not.toBe(await off.brotli('t', 1, tile))
  })
})
