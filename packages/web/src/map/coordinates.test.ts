import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatLatLon,
  movedEnough,
  parsePastedCoordinate,
  readDegrees,
  shownDegrees,
  splitPastedDegrees,
} from './coordinates'

describe('pasted coordinates', () => {
  it('reads latitude then longitude, separated by commas and/or spaces', () => {
    expect(parsePastedCoordinate('-23.55, -46.63')).toEqual({ lat: -23.55, lon: -46.63 })
    expect(parsePastedCoordinate('-23.55,-46.63')).toEqual({ lat: -23.55, lon: -46.63 })
    expect(parsePastedCoordinate('  -23.55   -46.63\n')).toEqual({ lat: -23.55, lon: -46.63 })
    expect(parsePastedCoordinate('10 20')).toEqual({ lat: 10, lon: 20 })
  })

  it('refuses anything that is not exactly two numbers in range', () => {
    for (const text of [
      'abc',
      '',
      '-23.55',
      '-23.55, -46.63, 7',
      '-23,55,-46,63',
      '-23,55, -46,63, 7',
      '1.234,5 10',
      'a, b',
      '91, 10',
      '10, 181',
      '0x10 5',
      'Infinity 3',
    ])
      expect(parsePastedCoordinate(text), text).toBeNull()
  })

  it('reads decimal commas, the Brazilian way, separated by spaces or a semicolon', () => {
    expect(parsePastedCoordinate('-23,55 -46,63')).toEqual({ lat: -23.55, lon: -46.63 })
    expect(parsePastedCoordinate('-23,550520; -46,633308')).toEqual({
      lat: -23.55052,
      lon: -46.633308,
    })
    expect(parsePastedCoordinate('-23,55, -46,63')).toEqual({ lat: -23.55, lon: -46.63 })
    expect(parsePastedCoordinate('-23,5 -46')).toEqual({ lat: -23.5, lon: -46 })
    // The spec's rule first: a comma between two whole numbers separates them.
    expect(parsePastedCoordinate('10,20')).toEqual({ lat: 10, lon: 20 })
  })

  it('keeps the numbers as written, for the fields', () => {
    expect(splitPastedDegrees('-23.550520, -46.633308')).toEqual({
      lat: { text: '-23.550520', value: -23.55052 },
      lon: { text: '-46.633308', value: -46.633308 },
    })
    expect(splitPastedDegrees('-23,550520; -46,633308')?.lat.text).toBe('-23,550520')
  })

  it('reads back every coordinate it writes', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lon) => {
          const back = parsePastedCoordinate(formatLatLon({ lat, lon }))
          expect(back).not.toBeNull()
          expect(Math.abs(back!.lat - lat)).toBeLessThanOrEqual(5e-7)
          expect(Math.abs(back!.lon - lon)).toBeLessThanOrEqual(5e-7)
        },
      ),
    )
  })

  it('refreshes the read-out only past 1e-6 degrees', () => {
    const here = { lat: -23.5, lon: -46.6 }
    expect(movedEnough(null, here)).toBe(true)
    expect(movedEnough(here, { lat: -23.5000005, lon: -46.6 })).toBe(false)
    expect(movedEnough(here, { lat: -23.5, lon: -46.600002 })).toBe(true)
  })
})

describe('typed and shown degrees', () => {
  it('reads a decimal comma or a decimal dot, nothing else', () => {
    expect(readDegrees('-23,55')).toBe(-23.55)
    expect(readDegrees(' -46.633308 ')).toBe(-46.633308)
    expect(readDegrees('47')).toBe(47)
    expect(readDegrees('1.234,5')).toBeNaN()
    expect(readDegrees('-23,5,5')).toBeNaN()
    expect(readDegrees('')).toBeNaN()
  })

  it('shows 6 decimals with a comma', () => {
    expect(shownDegrees(-23.5505)).toBe('-23,550500')
  })
})
