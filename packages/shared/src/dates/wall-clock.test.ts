import { describe, expect, it } from 'vitest'
import { brazilianWallClock, SAO_PAULO_TIME_ZONE, wallClockIn } from './wall-clock'

describe('wall clock', () => {
  it('reads an instant in São Paulo (UTC−3, and −2 in the summer time of 2018) and writes it pt-BR', () => {
    const sp = wallClockIn(SAO_PAULO_TIME_ZONE)
    expect(brazilianWallClock(sp('2025-03-18T13:05:09Z'))).toEqual({
      date: '18/03/2025',
      time: '10:05:09',
    })
    expect(sp(new Date('2018-12-01T02:30:00Z'))).toEqual({
      year: 2018,
      month: 12,
      day: 1,
      hour: 0,
      minute: 30,
      second: 0,
    })
    // Midnight is 00, never 24.
    expect(brazilianWallClock(wallClockIn('UTC')('2025-01-01T00:00:00Z')).time).toBe('00:00:00')
  })
})
