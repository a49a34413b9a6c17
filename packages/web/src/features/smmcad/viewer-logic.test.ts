import type { ViewerEntry } from '@gis/shared/imagery'
import { describe, expect, it } from 'vitest'
import {
  LruCache,
  cameraImageUrl,
  closestQuery,
  cycleCamera,
  fitView,
  formatKm,
  levelForScale,
  sortByGpsTime,
  sortFrames,
  stepEvent,
  wheelFactor,
  zoomAt,
} from './viewer-logic'

function entry(id: number, weekGps: number, secondGps: number): ViewerEntry {
  return {
    event: {
      eventId: id,
      id,
      latitude: -23,
      longitude: -47,
      road: 'SP-280',
      way: 'Crescente',
      survey: '2025-03',
      date: '2025-03-18T12:00:00Z',
      azimuth: 0,
      localization: 13,
      weekGps,
      secondGps,
      orbitEventId: String(id),
      orbitEventDir: 'demo/1',
      panorama: null,
    },
    frames: [],
  }
}

describe('levelForScale', () => {
  it('takes the first level whose scale reaches the drawn one', () => {
    expect(levelForScale(0.05)).toBe(0)
    expect(levelForScale(0.2)).toBe(0)
    expect(levelForScale(0.21)).toBe(1)
    expect(levelForScale(0.4)).toBe(1)
    expect(levelForScale(0.5)).toBe(2)
    expect(levelForScale(0.75)).toBe(3)
    expect(levelForScale(0.9)).toBe(4)
    expect(levelForScale(1)).toBe(4)
    expect(levelForScale(3)).toBe(4)
  })
})

describe('LruCache', () => {
  it('forgets the least recently used past its capacity, telling who went', () => {
    const gone: string[] = []
    const cache = new LruCache<string, number>(3, (k) => gone.push(k))
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect(cache.get('a')).toBe(1) // a is now the most recent
    cache.set('d', 4)
    expect(gone).toEqual(['b'])
    expect(cache.keys()).toEqual(['c', 'a', 'd'])
    cache.set('c', 30) // a rewrite refreshes
    cache.set('e', 5)
    expect(gone).toEqual(['b', 'a'])
    expect(cache.size).toBe(3)
    expect(cache.get('b')).toBeUndefined()
  })

  it('holds 20 images by default', () => {
    const cache = new LruCache<number, number>()
    for (let i = 0; i < 25; i++) cache.set(i, i)
    expect(cache.size).toBe(20)
    expect(cache.has(4)).toBe(false)
    expect(cache.has(5)).toBe(true)
  })
})

describe('neighbour stepping', () => {
  const list = sortByGpsTime([entry(3, 2360, 5), entry(1, 2359, 500), entry(2, 2360, 1.5)])

  it('orders by GPS week, then second', () => {
    expect(list.map((e) => e.event.id)).toEqual([1, 2, 3])
  })

  it('steps up and down, and says end at either end', () => {
    expect(stepEvent(list, 1, 1)).toEqual({ kind: 'event', entry: list[1] })
    expect(stepEvent(list, 3, -1)).toEqual({ kind: 'event', entry: list[1] })
    expect(stepEvent(list, 3, 1)).toEqual({ kind: 'end' })
    expect(stepEvent(list, 1, -1)).toEqual({ kind: 'end' })
    expect(stepEvent(list, 99, 1)).toEqual({ kind: 'end' })
  })
})

describe('cameras', () => {
  it('sorts frames by rotation and cycles around both ways', () => {
    const frame = (cameraId: number, rotationcamrelativeimu: number) => ({
      cameraId,
      path: `p/${cameraId}`,
      width: 1920,
      height: 1080,
      fovGeometry: null,
      rotationcamrelativeimu,
    })
    const sorted = sortFrames([frame(1, 270), frame(2, 0), frame(3, 90), frame(4, 180)])
    expect(sorted.map((f) => f.cameraId)).toEqual([2, 3, 4, 1])
    expect(cycleCamera(3, 4, 1)).toBe(0)
    expect(cycleCamera(0, 4, -1)).toBe(3)
    expect(cycleCamera(1, 4, 1)).toBe(2)
  })
})

describe('texts and addresses', () => {
  it('writes km the Brazilian way and coordinates with 6 decimals', () => {
    expect(formatKm(13.4567)).toBe('13,457')
    expect(formatKm(1234.5)).toBe('1.234,500')
    expect(closestQuery(-22.9, -47.06123449)).toBe('lat=-22.900000&lon=-47.061234')
  })

  it('builds a camera image address with its level and token', () => {
    expect(cameraImageUrl('/api/images', 'demo/1/5/2', 3, 'a b')).toBe(
      '/api/images/cameras/demo/1/5/2/3.jpg?token=a%20b',
    )
  })
})

describe('pan and zoom', () => {
  it('fits the image centred and zooms around the pointer by 0.8 a tick', () => {
    expect(fitView(1920, 1080, 960, 960)).toEqual({ scale: 0.5, x: 0, y: 210 })
    expect(wheelFactor(100)).toBe(0.8)
    expect(wheelFactor(-100)).toBeCloseTo(1.25)
    const z = zoomAt({ scale: 1, x: 0, y: 0 }, 0.8, 100, 100)
    expect(z.scale).toBe(0.8)
    // The image point under the pointer stays there.
    expect((100 - z.x) / z.scale).toBeCloseTo(100)
  })
})
