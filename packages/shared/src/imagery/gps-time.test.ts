import { describe, expect, it } from 'vitest'
import { gpsToUtc, utcToGps } from './gps-time'

describe('GPS time', () => {
  it('converts both ways with the 18 leap seconds', () => {
    // 2025-03-18T12:00:00Z: GPS week 2358, second 2 × 86400 + 12 × 3600 + 18.
    const utc = new Date('2025-03-18T12:00:00Z')
    expect(utcToGps(utc)).toEqual({ week: 2358, second: 216018 })
    expect(gpsToUtc(2358, 216018).toISOString()).toBe('2025-03-18T12:00:00.000Z')
  })
})
