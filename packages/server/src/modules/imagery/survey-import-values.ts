import { SAO_PAULO_TIME_ZONE, wallClockIn } from '@gis/shared'

/**
 * The values of a survey's files (docs/imagery.md): capture dates in São Paulo's local time
 * unless they carry a zone, and the great-circle distance that gives EXIF panoramas their km.
 */

const saoPaulo = wallClockIn(SAO_PAULO_TIME_ZONE)

/** How far São Paulo's wall clock is ahead of UTC at an instant (negative: behind), ms. */
function zoneOffsetMs(utcMs: number): number {
  const c = saoPaulo(new Date(utcMs))
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second)
  return wall - Math.floor(utcMs / 1000) * 1000
}

/** A wall-clock time of São Paulo (given as if it were UTC) as the UTC instant, ms. */
function fromSaoPaulo(wallMs: number): number {
  const first = wallMs - zoneOffsetMs(wallMs)
  return wallMs - zoneOffsetMs(first)
}

/** Milliseconds of a fraction written after the seconds ('.5', ',25'). */
const fractionMs = (f: string | undefined) => (f ? Math.round(Number(`0.${f.slice(1)}`) * 1000) : 0)

function wallClock(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
): number | undefined {
  if (y < 1980 || y > 2100 || h > 23 || mi > 59 || s > 59) return undefined
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms)
  const date = new Date(t)
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined
  return t
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i
const BR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ T]+(\d{1,2}):(\d{2})(?::(\d{2})([.,]\d+)?)?$/
/** EXIF's DateTimeOriginal: 2025:03:18 10:00:05. */
const EXIF = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

/** A zone as written after a time (Z, -03:00, -0300, -03) in ms ahead of UTC. */
function zoneMs(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!
  const ms = (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000
  return m[1] === '-' ? -ms : ms
}

/**
 * A capture date-time of events.csv: ISO 8601 (yyyy-mm-ddThh:mm[:ss[.fff]], with or without a
 * zone) or dd/mm/aaaa hh:mm[:ss[,fff]]; without a zone it is São Paulo's local time. Undefined
 * when it is not one.
 */
export function parseCaptureDate(text: string): Date | undefined {
  const s = text.trim()
  const iso = ISO.exec(s)
  const br = iso ? null : BR.exec(s)
  const m = iso ?? br
  if (!m) return undefined
  const [y, mo, d] = iso
    ? [Number(m[1]), Number(m[2]), Number(m[3])]
    : [Number(m[3]), Number(m[2]), Number(m[1])]
  const wall = wallClock(y, mo, d, Number(m[4]), Number(m[5]), Number(m[6] ?? 0), fractionMs(m[7]))
  if (wall === undefined) return undefined
  const zone = iso?.[8]
  if (zone && !/^(Z|[+-]\d{2}(:?\d{2})?)$/i.test(zone)) return undefined
  return new Date(zone ? wall - zoneMs(zone) : fromSaoPaulo(wall))
}

/**
 * EXIF's DateTimeOriginal (with its OffsetTimeOriginal and SubSecTimeOriginal when the camera
 * wrote them); without an offset, São Paulo's local time.
 */
export function parseExifDate(
  text: unknown,
  offset?: unknown,
  subSeconds?: unknown,
): Date | undefined {
  const m = typeof text === 'string' ? EXIF.exec(text.trim()) : null
  if (!m) return undefined
  const sub = /^\d+$/.test(String(subSeconds ?? '').trim())
    ? fractionMs(`.${String(subSeconds).trim()}`)
    : 0
  const wall = wallClock(
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
    sub,
  )
  if (wall === undefined) return undefined
  const zone = typeof offset === 'string' ? offset.trim() : ''
  return new Date(
    /^(Z|[+-]\d{2}(:?\d{2})?)$/i.test(zone) ? wall - zoneMs(zone) : fromSaoPaulo(wall),
  )
}

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function distanceMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** An azimuth in [0, 360). */
export const normalizeAzimuth = (a: number) => ((a % 360) + 360) % 360
