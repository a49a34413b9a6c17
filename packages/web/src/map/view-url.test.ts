import { describe, expect, it } from 'vitest'
import { readViewParams, writeViewParams } from './view-url'

describe('map view in the URL', () => {
  it('round-trips centre, zoom and shown layers', () => {
    const params = writeViewParams(
      new URLSearchParams('other=1'),
      { center: [-46.6333339, -23.55], zoom: 12 },
      ['rodovias', 'oae', 'base_1'],
    )
    expect(params.toString()).toBe(
      'other=1&lat=-23.550000&lon=-46.633334&z=12&l=rodovias%2Coae%2Cbase_1',
    )
    expect(readViewParams(params)).toEqual({
      view: { center: [-46.633334, -23.55], zoom: 12 },
      visible: ['rodovias', 'oae', 'base_1'],
    })
  })

  it('clamps the zoom and ignores what is malformed', () => {
    expect(readViewParams(new URLSearchParams('lat=1&lon=2&z=99')).view?.zoom).toBe(23)
    expect(readViewParams(new URLSearchParams('lat=1&lon=2&z=1')).view?.zoom).toBe(4)
    expect(readViewParams(new URLSearchParams('lat=100&lon=2&z=5')).view).toBeUndefined()
    expect(readViewParams(new URLSearchParams('lat=&lon=2')).view).toBeUndefined()
    expect(readViewParams(new URLSearchParams('lat=x&lon=2')).view).toBeUndefined()
    expect(readViewParams(new URLSearchParams('l=a,<b>,c')).visible).toEqual(['a', 'c'])
    expect(readViewParams(new URLSearchParams('l=')).visible).toEqual([])
    expect(readViewParams(new URLSearchParams('')).visible).toBeUndefined()
  })
})
