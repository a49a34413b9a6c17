import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromUtm, toUtm, utmSystemName, validUtm } from './utm'

/** Reference points transformed by PROJ (`gdaltransform -s_srs EPSG:4674 -t_srs EPSG:319xx`). */
const PROJ: [string, { lat: number; lon: number }, number, number, number][] = [
  ['Praça da Sé, São Paulo', { lat: -23.55052, lon: -46.633308 }, 23, 333_287.124, 7_394_586.095],
  ['Boa Vista (north of the equator)', { lat: 2.82, lon: -60.7 }, 20, 755_693.367, 10_311_949.85],
  ['João Pessoa', { lat: -7.12, lon: -34.87 }, 25, 293_474.012, 9_212_567.668],
  ['Rio Grande do Sul', { lat: -33.69, lon: -53.37 }, 22, 280_319.513, 6_269_694.22],
  ['Acre', { lat: -9.0, lon: -72.5 }, 18, 774_868.488, 9_004_209.286],
]

describe('SIRGAS 2000 / UTM', () => {
  it('agrees with PROJ to the centimetre, in the zone of the longitude', () => {
    for (const [name, at, zone, easting, northing] of PROJ) {
      const utm = toUtm(at)
      expect(utm?.zone, name).toBe(zone)
      expect(Math.abs(utm!.easting - easting), name).toBeLessThan(0.01)
      expect(Math.abs(utm!.northing - northing), name).toBeLessThan(0.01)
      const back = fromUtm({ zone, easting, northing })!
      expect(Math.abs(back.lat - at.lat), name).toBeLessThan(1e-7)
      expect(Math.abs(back.lon - at.lon), name).toBeLessThan(1e-7)
    }
  })

  it('serves zones 18S to 25S only, within UTM latitudes', () => {
    expect(toUtm({ lat: -23.5, lon: -80 })).toBeNull() // zone 17
    expect(toUtm({ lat: -23.5, lon: -29 })).toBeNull() // zone 26
    expect(toUtm({ lat: -85, lon: -46 })).toBeNull()
    expect(toUtm({ lat: 85, lon: -46 })).toBeNull()
    expect(fromUtm({ zone: 17, easting: 500_000, northing: 7_000_000 })).toBeNull()
    expect(fromUtm({ zone: 23, easting: 50_000, northing: 7_000_000 })).toBeNull()
    expect(fromUtm({ zone: 23, easting: 500_000, northing: -1 })).toBeNull()
    expect(validUtm({ zone: 23, easting: NaN, northing: 7_000_000 })).toBe(false)
    expect(utmSystemName(23)).toBe('SIRGAS 2000 / UTM zona 23S')
  })

  it('goes there and back again anywhere in Brazil', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -34, max: 5.3, noNaN: true }),
        fc.double({ min: -77.99, max: -30.01, noNaN: true }),
        (lat, lon) => {
          const utm = toUtm({ lat, lon })!
          const back = fromUtm(utm)!
          expect(Math.abs(back.lat - lat)).toBeLessThan(1e-8)
          expect(Math.abs(back.lon - lon)).toBeLessThan(1e-8)
        },
      ),
    )
  })
})
