import { describe, expect, it } from 'vitest'
import { formatArea, formatLength, geodesicArea, geodesicLength } from './geodesic'

describe('geodesic measures', () => {
  it('measures a degree of longitude at São Paulo on the ellipsoid', () => {
    // One degree of longitude at 23.55° S on WGS 84: 102,117.6 m (geographiclib / PROJ).
    const m = geodesicLength([
      [-46.63, -23.55],
      [-45.63, -23.55],
    ])
    expect(m).toBeGreaterThan(102_000)
    expect(m).toBeLessThan(102_200)
    // Web Mercator would say 111,319.5 m there: about 9% too long.
    expect(111_319.49 / m).toBeGreaterThan(1.08)
  })

  it('measures a known meridian arc', () => {
    // Equator to 1° N along a meridian: 110,574.4 m on WGS 84.
    expect(
      geodesicLength([
        [0, 0],
        [0, 1],
      ]),
    ).toBeCloseTo(110_574.39, 0)
  })

  it('adds the segments of a line', () => {
    const a = geodesicLength([
      [-47, -23],
      [-47.1, -23.1],
    ])
    const b = geodesicLength([
      [-47.1, -23.1],
      [-47.3, -23.1],
    ])
    expect(
      geodesicLength([
        [-47, -23],
        [-47.1, -23.1],
        [-47.3, -23.1],
      ]),
    ).toBeCloseTo(a + b, 6)
  })

  it('gives the area of a ring whichever way it turns, closed or not', () => {
    const square = [
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
      [0, 0.01],
    ]
    const area = geodesicArea(square)
    // 0.01° × 0.01° at the equator: 1,113.19 m × 1,105.74 m.
    expect(area).toBeCloseTo(1_230_900, -3)
    expect(geodesicArea([...square].reverse())).toBeCloseTo(area, 6)
    expect(geodesicArea([...square, [0, 0]])).toBeCloseTo(area, 6)
    expect(geodesicArea(square.slice(0, 2))).toBe(0)
  })

  it('formats lengths and areas as the spec says, in pt-BR', () => {
    expect(formatLength(0)).toBe('0,00 m')
    expect(formatLength(99.994)).toBe('99,99 m')
    expect(formatLength(100)).toBe('100,00 m')
    expect(formatLength(100.5)).toBe('0,10 km')
    expect(formatLength(102_117.63)).toBe('102,12 km')
    expect(formatLength(1_234_567)).toBe('1.234,57 km')
    expect(formatArea(9_999.999)).toBe('10.000,00 m²')
    expect(formatArea(10_000)).toBe('10.000,00 m²')
    expect(formatArea(10_001)).toBe('0,01 km²')
    expect(formatArea(1_230_900)).toBe('1,23 km²')
  })
})
