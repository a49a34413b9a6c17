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
})
