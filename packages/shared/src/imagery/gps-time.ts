/** GPS time (domain.md): UTC = 1980-01-06T00:00Z + week × 604800 s + second − 18 leap seconds. */
const GPS_EPOCH_MS = Date.UTC(1980, 0, 6)
const WEEK_S = 604800
export const GPS_LEAP_SECONDS = 18

/** The UTC instant of a GPS week and second. */
export function gpsToUtc(week: number, second: number): Date {
  return new Date(GPS_EPOCH_MS + (week * WEEK_S + second - GPS_LEAP_SECONDS) * 1000)
}

/** The GPS week and second of a UTC instant. */
export function utcToGps(date: Date): { week: number; second: number } {
  const total = (date.getTime() - GPS_EPOCH_MS) / 1000 + GPS_LEAP_SECONDS
  const week = Math.floor(total / WEEK_S)
  return { week, second: Math.round((total - week * WEEK_S) * 1000) / 1000 }
}
