/**
 * How the orbit module writes and reads numbers and dates: pt-BR whatever the browser's
 * language (decimal comma, dd/mm/aaaa, 24-hour time).
 */
import { brazilianWallClock, SAO_PAULO_TIME_ZONE, wallClockIn } from '@gis/shared/dates'

const saoPaulo = wallClockIn(SAO_PAULO_TIME_ZONE)
const utcClock = wallClockIn('UTC')

const coordinate = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 6,
  maximumFractionDigits: 6,
})
const kilometre = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
})
const plain = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 })

/** Latitude or longitude with 6 decimals (spec 2 §9): `-22,905123`. */
export function formatCoordinate(value: number): string {
  return coordinate.format(value)
}

/** A km of the road, to the metre: `14,002`. */
export function formatKm(value: number): string {
  return kilometre.format(value)
}

/** A number as typed back to the user: `14`, `13,5`. */
export function formatNumber(value: number): string {
  return plain.format(value)
}

/**
 * A typed km: a decimal comma (`14,5`, the Brazilian way, thousands dots allowed before it)
 * or a decimal dot (`14.5`). undefined when it is not a number.
 */
export function parseKm(text: string): number | undefined {
  const s = text.trim()
  if (s === '') return undefined
  const normal = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(normal)) return undefined
  return Number(normal)
}

/**
 * The event's date (an ISO date-time, an instant) as dd/mm/aaaa and its time as hh:mm:ss in
 * Brazil's time (America/Sao_Paulo); the time is null when the instant is 00:00:00 UTC, a date
 * without a time (spec 2 §2.6: Hora only when not 00:00:00), whose day is then read in UTC so
 * that it does not become the day before.
 */
export function formatEventDate(iso: string): { date: string; time: string | null } {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return { date: iso, time: null }
  const dateOnly = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0
  const { date, time } = brazilianWallClock((dateOnly ? utcClock : saoPaulo)(d))
  return { date, time: dateOnly ? null : time }
}

/** An angle in degrees brought into [0, 360). */
export function normalDegrees(deg: number): number {
  return ((deg % 360) + 360) % 360
}
