import { describe, expect, it } from 'vitest'
import { drawType, fromWkt, toWkt } from './use-geometry-editor'

describe('geometry editor helpers', () => {
  it('draws one part of a multi layer, nothing for a tabular one', () => {
    expect(drawType('point')).toBe('Point')
    expect(drawType('multipoint')).toBe('Point')
    expect(drawType('multilinestring')).toBe('LineString')
    expect(drawType('polygon')).toBe('Polygon')
    expect(drawType('TABULAR')).toBeNull()
  })

  it('reads and writes WKT in EPSG:4326 around the map projection', () => {
    const g = fromWkt('LINESTRING(-47.06 -22.9, -47.05 -22.91)')
    expect(g.getType()).toBe('LineString')
    // The map keeps it in metres (EPSG:3857).
    expect(Math.abs(g.getExtent()[0]!)).toBeGreaterThan(5_000_000)
    expect(toWkt(g)).toBe('LINESTRING(-47.06 -22.9,-47.05 -22.91)')
  })

  it('throws on text that is not WKT', () => {
    expect(() => fromWkt('POINT(1)x')).toThrow()
  })
})
