/**
 * Numbers, dates and times as Brazilian users type and read them, whatever the browser's
 * language: `1.234,5` (a comma before the decimals, dots grouping thousands), `26/11/2026`,
 * `14:05:09` and `26/11/2026 14:05:09`. The API speaks JSON numbers and ISO texts; these turn
 * one into the other and never guess: a text that does not parse is undefined (an error in
 * the field), so a typed value is never silently changed (decision 63).
 */

/** Digits grouped by dots (or not grouped), an optional comma and decimals, a leading minus. */
const BR_NUMBER = /^-?(\d{1,3}(\.\d{3})+|\d+)?(,\d+)?$/
const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/

/** `1.234,56` → 1234.56; `-0,5`, `,5`, `1234` too. Anything else (`11.5`, `1,2,3`): undefined. */
export function parseBrNumber(text: string): number | undefined {
  const s = text.trim()
  if (s === '' || s === '-' || s === ',' || s === '-,' || !BR_NUMBER.test(s)) return undefined
  const n = Number(s.replace(/\./g, '').replace(',', '.'))
  return Number.isFinite(n) ? n : undefined
}

/** The digits of a number as JavaScript writes it shortest, the exponent written out. */
function plainDigits(n: number): string {
  const s = String(n)
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s)
  if (!m) return s
  const digits = m[2]! + (m[3] ?? '')
  const point = 1 + Number(m[4])
  const body =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`
  return m[1] + body
}

/** 1234.56 → `1.234,56`: every digit kept (no rounding), thousands grouped. */
export function formatBrNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const [int = '', frac] = plainDigits(n).split('.')
  const sign = int.startsWith('-') ? '-' : ''
  const grouped = int.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${sign}${grouped}${frac ? `,${frac}` : ''}`
}

const pad = (n: number | string) => String(n).padStart(2, '0')

/** `26/11/2026` → `2026-11-26` (not checked against the calendar: see `dateProblem`). */
export function brDateToIso(text: string): string | undefined {
  const m = BR_DATE.exec(text.trim())
  return m ? `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}` : undefined
}

/** `2026-11-26` (or a longer ISO text) → `26/11/2026`; another text stays as it is. */
export function isoDateToBr(text: string): string {
  const m = ISO_DATE.exec(text.slice(0, 10))
  return m ? `${m[3]}/${m[2]}/${m[1]}` : text
}

/** `9:05` → `09:05:00`; undefined when not a time of day. */
export function normalTime(text: string): string | undefined {
  const m = TIME.exec(text.trim())
  if (!m) return undefined
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)]
  if (h > 23 || min > 59 || s > 59) return undefined
  return `${pad(h)}:${pad(min)}:${pad(s)}`
}

/** `26/11/2026 14:05:09` (seconds optional) → `2026-11-26T14:05:09`, a local date and time. */
export function brDateTimeToIso(text: string): string | undefined {
  const [date, time, ...rest] = text.trim().split(/\s+/)
  if (!date || !time || rest.length > 0) return undefined
  const iso = brDateToIso(date)
  const clock = normalTime(time)
  return iso && clock ? `${iso}T${clock}` : undefined
}

/** A local `Date` → `26/11/2026 14:05:09`. */
export function dateTimeToBr(date: Date): string {
  return (
    `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}
