import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMetres, formatUtm, readMetres, readZone, splitPastedUtm } from './utm-text'

describe('UTM written the Brazilian way', () => {
  it('shows metres with 2 decimals, a decimal comma and thousands dots', () => {
    expect(formatMetres(7_394_647.524)).toBe('7.394.647,52')
    expect(formatMetres(333_624.1)).toBe('333.624,10')
    expect(formatMetres(10_311_949.85)).toBe('10.311.949,85')
    expect(formatMetres(999.999)).toBe('1.000,00')
    expect(formatMetres(5)).toBe('5,00')
    expect(formatUtm(23, 333_624.18, 7_394_647.52)).toBe('23S 333.624,18 E 7.394.647,52 N')
  })

  it('reads typed metres: a comma, thousands dots, a dot only where it cannot group', () => {
    expect(readMetres('333.624,18')).toBe(333_624.18)
    expect(readMetres(' 333624,18 ')).toBe(333_624.18)
    expect(readMetres('7.394.647')).toBe(7_394_647)
    expect(readMetres('333.624')).toBe(333_624)
    expect(readMetres('333624.18')).toBe(333_624.18)
    expect(readMetres('7394647')).toBe(7_394_647)
    for (const text of ['', 'abc', '-333624', '33.36,2', '333.62', '1,2,3', '333 624'])
      expect(readMetres(text), text).toBeNaN()
  })

  it('reads a zone with its hemisphere or a southern band', () => {
    expect(readZone('23S')).toBe(23)
    expect(readZone(' 23 s ')).toBe(23)
    expect(readZone('23')).toBe(23)
    expect(readZone('22K')).toBe(22)
    for (const text of ['', 'S', '23N', '23X', '123', '23SS', 'zona'])
      expect(readZone(text), text).toBeNaN()
  })
})

describe('pasted UTM', () => {
  const sé = { zone: '23S', easting: '333.624,18', northing: '7.394.647,52' }

  it('reads what the panel copies, and what people and programs write', () => {
    expect(splitPastedUtm('23S 333.624,18 E 7.394.647,52 N')).toEqual(sé)
    expect(splitPastedUtm('  23S  333.624,18   7.394.647,52 \n')).toEqual(sé)
    expect(splitPastedUtm('23 S; 333.624,18; 7.394.647,52')).toEqual(sé)
    expect(splitPastedUtm('zona 23S, 333.624,18, 7.394.647,52')).toEqual(sé)
    expect(splitPastedUtm('23S E 333.624,18 N 7.394.647,52')).toEqual(sé)
    expect(splitPastedUtm('23S N 7.394.647,52 E 333.624,18')).toEqual(sé)
    expect(splitPastedUtm('23S 333.624,18 m E 7.394.647,52 m N')).toEqual(sé)
    expect(splitPastedUtm('23S 333624mE 7394647mN')).toEqual({
      zone: '23S',
      easting: '333624',
      northing: '7394647',
    })
    expect(splitPastedUtm('23K 333624.18 7394647.52')).toEqual({
      zone: '23K',
      easting: '333624.18',
      northing: '7394647.52',
    })
    expect(splitPastedUtm('UTM 23 333624.18,7394647.52')).toEqual({
      zone: '23',
      easting: '333624.18',
      northing: '7394647.52',
    })
  })

  it('refuses what is not a zone and two numbers of metres', () => {
    for (const text of [
      '',
      'abc',
      '333.624,18 7.394.647,52',
      '23S 333.624,18',
      '23S 333.624,18 7.394.647,52 12',
      '23S E 333.624,18 E 7.394.647,52',
      '23S 333.624,18 E 7.394.647,52',
      '23S 333.624,18 x 7.394.647,52',
      '23S -333624 7394647',
      '-23.55, -46.63',
      '-23,55 -46,63',
    ])
      expect(splitPastedUtm(text), text).toBeNull()
  })

  it('reads back every position it writes, to the centimetre', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 18, max: 25 }),
        fc.double({ min: 100_000, max: 900_000, noNaN: true }),
        fc.double({ min: 0, max: 20_000_000, noNaN: true }),
        (zone, easting, northing) => {
          const parts = splitPastedUtm(formatUtm(zone, easting, northing))!
          expect(readZone(parts.zone)).toBe(zone)
          expect(Math.abs(readMetres(parts.easting) - easting)).toBeLessThanOrEqual(0.005 + 1e-6)
          expect(Math.abs(readMetres(parts.northing) - northing)).toBeLessThanOrEqual(0.005 + 1e-6)
        },
      ),
    )
  })
})
