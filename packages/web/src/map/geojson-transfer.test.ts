import { fromLonLat } from 'ol/proj'
import { describe, expect, it } from 'vitest'
import { readForTransfer, toRenderFeatures, transferables } from './geojson-transfer'

const collection = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 76,
      properties: { name: 'Brasil' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [-48, -23],
              [-47, -23],
              [-47, -22],
              [-48, -23],
            ],
          ],
          [
            [
              [-40, -10],
              [-39, -10],
              [-39, -9],
              [-40, -10],
            ],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { name: 'ponto' },
      geometry: { type: 'Point', coordinates: [-46.6, -23.5] },
    },
  ],
})

describe('GeoJSON read in a worker', () => {
  it('crosses as flat coordinates in the map projection and comes back as render features', () => {
    const sent = readForTransfer(collection, 'EPSG:3857')
    expect(sent.map((f) => f.type)).toEqual(['Polygon', 'Point'])
    expect(transferables(sent)).toHaveLength(2)
    const [country, point] = toRenderFeatures(sent)
    expect(country!.getId()).toBe(76)
    expect(country!.get('name')).toBe('Brasil')
    // Two polygons of one ring each: the ends of both rings, 4 points of 2 coordinates.
    expect(country!.getEnds()).toEqual([8, 16])
    const [x, y] = fromLonLat([-48, -23])
    expect(country!.getFlatCoordinates()[0]).toBeCloseTo(x!, 6)
    expect(country!.getFlatCoordinates()[1]).toBeCloseTo(y!, 6)
    expect(point!.getFlatCoordinates()).toHaveLength(2)
    expect(point!.get('name')).toBe('ponto')
  })
})
