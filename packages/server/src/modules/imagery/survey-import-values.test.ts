import { describe, expect, it } from 'vitest'
import { surveyDate, surveyNumber } from '@gis/shared'
import { distanceMetres, parseCaptureDate, parseExifDate } from './survey-import-values'

const iso = (d: Date | undefined) => d?.toISOString()

describe('the values of a survey’s files', () => {
  it('reads capture dates in São Paulo’s time unless they carry a zone', () => {
    expect(iso(parseCaptureDate('18/03/2025 10:00:00'))).toBe('2025-03-18T13:00:00.000Z')
    expect(iso(parseCaptureDate('18/03/2025 10:00:00,25'))).toBe('2025-03-18T13:00:00.250Z')
    expect(iso(parseCaptureDate('2025-03-18T10:00'))).toBe('2025-03-18T13:00:00.000Z')
    expect(iso(parseCaptureDate('2025-03-18 13:00:00Z'))).toBe('2025-03-18T13:00:00.000Z')
    expect(iso(parseCaptureDate('2025-03-18T10:00:00-02:00'))).toBe('2025-03-18T12:00:00.000Z')
    // Summer time, as São Paulo had it until 2019: UTC−2.
    expect(iso(parseCaptureDate('15/01/2018 10:00:00'))).toBe('2018-01-15T12:00:00.000Z')
    for (const bad of ['31/02/2025 10:00:00', '2025-13-01T00:00', '18/03/2025', 'ontem', '']) {
      expect(parseCaptureDate(bad), bad).toBeUndefined()
    }
  })

  it('reads EXIF dates with their offset and fractions', () => {
    expect(iso(parseExifDate('2026:05:06 09:00:00'))).toBe('2026-05-06T12:00:00.000Z')
    expect(iso(parseExifDate('2026:05:06 09:00:00', '+00:00', '5'))).toBe(
      '2026-05-06T09:00:00.500Z',
    )
    expect(parseExifDate('2026-05-06 09:00:00')).toBeUndefined()
  })

  it('reads the form’s date and numbers the Brazilian way', () => {
    expect(surveyDate('18/03/2025')).toBe('2025-03-18')
    expect(surveyDate('2025-03-18')).toBe('2025-03-18')
    expect(surveyDate('29/02/2025')).toBeUndefined()
    expect(surveyNumber('13,5')).toBe(13.5)
    expect(surveyNumber('1.234,5')).toBe(1234.5)
    expect(surveyNumber('-47.06')).toBe(-47.06)
    expect(surveyNumber('abc')).toBeUndefined()
  })

  it('measures great-circle distances in metres', () => {
    // 0.001° of latitude is about 111 m.
    expect(distanceMetres({ lat: -23, lon: -46 }, { lat: -23.001, lon: -46 })).toBeCloseTo(111.2, 0)
  })
})
