import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  COORDINATE_SYSTEM_KEY,
  parsePastedPosition,
  positionText,
  readCoordinateSystem,
  readUtmFields,
  saveCoordinateSystem,
  shownPosition,
} from './coordinate-system'

const SÉ = { lat: -23.55052, lon: -46.633308 }

describe('the map coordinates in the chosen system', () => {
  it('shows and copies degrees, or UTM with its zone, the Brazilian way', () => {
    expect(shownPosition(SÉ, 'degrees')).toEqual({
      system: 'degrees',
      lat: '-23,550520',
      lon: '-46,633308',
      outsideUtm: false,
    })
    expect(shownPosition(SÉ, 'utm')).toEqual({
      system: 'utm',
      zone: 23,
      easting: '333.287,12',
      northing: '7.394.586,09',
    })
    expect(positionText(SÉ, 'degrees')).toBe('-23.550520, -46.633308')
    expect(positionText(SÉ, 'utm')).toBe('23S 333.287,12 E 7.394.586,09 N')
  })

  it('falls back to degrees, and says so, outside zones 18S to 25S', () => {
    const lisbon = { lat: 38.72, lon: -9.14 }
    expect(shownPosition(lisbon, 'utm')).toMatchObject({ system: 'degrees', outsideUtm: true })
    expect(positionText(lisbon, 'utm')).toBe('38.720000, -9.140000')
  })

  it('pastes either system, keeping the text as written', () => {
    expect(parsePastedPosition('-23.55, -46.63')).toEqual({
      system: 'degrees',
      lat: '-23.55',
      lon: '-46.63',
    })
    expect(parsePastedPosition('-23,55 -46,63')).toEqual({
      system: 'degrees',
      lat: '-23,55',
      lon: '-46,63',
    })
    // What the field cannot read is written plainly (the value is the same).
    expect(parsePastedPosition('1e1 2e1')).toEqual({ system: 'degrees', lat: '10', lon: '20' })
    expect(parsePastedPosition('23S 333.287,12 E 7.394.586,09 N')).toEqual({
      system: 'utm',
      zone: '23S',
      easting: '333.287,12',
      northing: '7.394.586,09',
    })
    for (const text of ['abc', '17S 333.287,12 7.394.586,09', '23S 33.287,12 7.394.586,09'])
      expect(parsePastedPosition(text), text).toBeNull()
  })

  it('reads typed UTM fields to a place', () => {
    const { at } = readUtmFields({ zone: '23s', easting: '333287,12', northing: '7.394.586,09' })
    expect(at!.lat).toBeCloseTo(SÉ.lat, 6)
    expect(at!.lon).toBeCloseTo(SÉ.lon, 6)
    expect(readUtmFields({ zone: '', easting: '333287', northing: '7394586' }).at).toBeNull()
  })
})

describe('the chosen system', () => {
  const stored = new Map<string, string>()
  beforeEach(() => {
    stored.clear()
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('is degrees until UTM is chosen, and is kept in local storage', () => {
    expect(readCoordinateSystem()).toBe('degrees')
    saveCoordinateSystem('utm')
    expect(stored.get(COORDINATE_SYSTEM_KEY)).toBe('utm')
    expect(readCoordinateSystem()).toBe('utm')
    stored.set(COORDINATE_SYSTEM_KEY, 'something else')
    expect(readCoordinateSystem()).toBe('degrees')
  })
})
