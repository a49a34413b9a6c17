import { VectorTile } from '@mapbox/vector-tile'
import { PbfReader } from 'pbf'
import { describe, expect, it } from 'vitest'
import { encodeMvtLayer } from './mvt-encode'

function decode(bytes: Uint8Array) {
  const layer = new VectorTile(new PbfReader(Uint8Array.from(bytes))).layers.l!
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i))
}

describe('encodeMvtLayer', () => {
  it('encodes points, lines and properties with feature ids', () => {
    const [p, l] = decode(
      encodeMvtLayer('l', [
        {
          id: 7,
          geometry: { type: 'Point', coordinates: [10, 20] },
          properties: { a: 'x', n: 2.5, b: true, z: null },
        },
        {
          id: 8,
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [0, 0],
              [5, 5],
              [9, 1],
            ],
          },
          properties: { a: 'x' },
        },
      ]),
    )
    expect(p!.id).toBe(7)
    expect(p!.type).toBe(1)
    expect(p!.properties).toEqual({ a: 'x', n: 2.5, b: true })
    expect(p!.loadGeometry()).toEqual([[{ x: 10, y: 20 }]])
    expect(l!.type).toBe(2)
    // The repeated vertex is dropped.
    expect(l!.loadGeometry()[0]!.map((q) => [q.x, q.y])).toEqual([
      [0, 0],
      [5, 5],
      [9, 1],
    ])
  })

  it('writes exterior rings with positive area and holes negative, whatever the input winding', () => {
    // Exterior counter-clockwise on screen and hole clockwise: both must be flipped.
    const outer = [
      [0, 0],
      [0, 100],
      [100, 100],
      [100, 0],
      [0, 0],
    ]
    const hole = [
      [20, 20],
      [80, 20],
      [80, 80],
      [20, 80],
      [20, 20],
    ]
    const [f] = decode(
      encodeMvtLayer('l', [
        { id: 1, geometry: { type: 'Polygon', coordinates: [outer, hole] }, properties: {} },
      ]),
    )
    expect(f!.type).toBe(3)
    const geo = f!.toGeoJSON(0, 0, 0).geometry as { type: string; coordinates: number[][][] }
    expect(geo.type).toBe('Polygon')
    expect(geo.coordinates).toHaveLength(2)
  })

  it('keeps the highest dimension of a clipped collection and drops empty features', () => {
    const features = decode(
      encodeMvtLayer('l', [
        {
          id: 1,
          geometry: {
            type: 'GeometryCollection',
            geometries: [
              { type: 'Point', coordinates: [1, 1] },
              {
                type: 'LineString',
                coordinates: [
                  [0, 0],
                  [10, 0],
                ],
              },
            ],
          },
          properties: {},
        },
        {
          id: 2,
          geometry: {
            type: 'LineString',
            coordinates: [
              [3, 3],
              [3, 3],
            ],
          },
          properties: {},
        },
      ]),
    )
    expect(features.map((f) => [f.id, f.type])).toEqual([[1, 2]])
    expect(encodeMvtLayer('l', [])).toHaveLength(0)
  })
})
