import { describe, expect, it } from 'vitest'
import { bigramSimilarity as similarity } from '@gis/shared'
import { autoMap } from './auto-map'

const m = (source: string, index: number) => ({
  index,
  source,
  destiny: null,
  type: 'direct',
  primaryKey: false,
})

describe('autoMap', () => {
  it('rates names by bigrams without spaces', () => {
    expect(similarity('Rodovia', 'rodovia')).toBe(1)
    expect(similarity('Data Implantação', 'data_implantacao')).toBeGreaterThan(0.4)
    expect(similarity('lon', 'rodovia')).toBeLessThan(0.4)
  })

  it('uses each destination once, only above 0.4, and makes id the key', () => {
    const out = autoMap(
      [m('ID', 0), m('Rodovia', 1), m('rodovia2', 2), m('lat', 3)],
      [
        { name: 'id', title: 'Id' },
        { name: 'rodovia', title: 'Rodovia' },
        { name: 'km', title: 'Km' },
      ],
    )
    expect(out.map((x) => [x.destiny, x.primaryKey])).toEqual([
      ['id', true],
      ['rodovia', false],
      [null, false],
      [null, false],
    ])
  })
})
