import { parseBrNumber } from '@gis/shared'

/*
 * The values of an imported file as Brazilian files write them (issue 42, decision 90): numbers
 * `1.234,5` or `1234.5`, dates `15/03/2026`, `2026-03-15` or GDAL's `2026/03/15`, date-times
 * with a time after the date, booleans `true`/`false` or `sim`/`não`. A column reads its
 * numbers one way, decided from all its values; a value that does not read is an error of its
 * row, never a guess.
 */

/**
 * How a column writes its numbers: the Brazilian way (a comma before the decimals, dots
 * grouping thousands: `1.234,5`) or with a decimal point and no grouping (`1234.5`, as GDAL,
 * QGIS and a comma-separated csv write them).
 */
export type NumberStyle = 'br' | 'point'

/** A number as a Brazilian file writes it, without leading zeros (so codes like 007 stay text). */
const BR_NUMBER_TEXT = /^-?(0|[1-9]\d{0,2}(\.\d{3})+|[1-9]\d*)(,\d+)?$/
/** A number with a decimal point, without leading zeros nor grouping. */
const POINT_NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/
/** Any decimal text with a point (the execution takes leading zeros: the user mapped a number). */
const POINT_NUMBER = /^[+-]?\d+(\.\d+)?$/

/** Whether a cell's text looks like a number of that style (type inference). */
export function looksLikeNumber(text: string, style: NumberStyle): boolean {
  return (style === 'br' ? BR_NUMBER_TEXT : POINT_NUMBER_TEXT).test(text.trim())
}

/** A cell's text as a number of the column's style, or undefined. */
export function readNumber(text: string, style: NumberStyle): number | undefined {
  const s = text.trim()
  if (style === 'br') return parseBrNumber(s)
  return POINT_NUMBER.test(s) ? Number(s) : undefined
}

const pad = (n: string) => n.padStart(2, '0')

const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)

function calendarDay(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false
  const days = [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return d <= days[m - 1]!
}

const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/
const YMD_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/

/** `15/03/2026`, `2026-03-15` or `2026/03/15` → `2026-03-15` (a real calendar day), else undefined. */
export function readDate(text: string): string | undefined {
  const s = text.trim()
  const br = BR_DATE.exec(s)
  const ymd = br ? undefined : YMD_DATE.exec(s)
  const [y, m, d] = br ? [br[3]!, br[2]!, br[1]!] : ymd ? [ymd[1]!, ymd[2]!, ymd[3]!] : []
  if (!y || !m || !d || !calendarDay(Number(y), Number(m), Number(d))) return undefined
  return `${y}-${pad(m)}-${pad(d)}`
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?$/
const ZONED = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})$/

/**
 * A date and a time (`15/03/2026 14:30`, `2026-03-15T14:30:00`, `2026/03/15 14:30:00`) → a
 * local `2026-03-15T14:30:00`; a text with its zone (`…Z`, `…-03:00`) is kept as it is.
 * Undefined when it is not one.
 */
export function readDateTime(text: string): string | undefined {
  const s = text.trim()
  if (ZONED.test(s)) return s
  const [datePart, timePart, ...rest] = s.split(/[T\s]+/)
  if (!datePart || !timePart || rest.length) return undefined
  const date = readDate(datePart)
  const time = TIME.exec(timePart)
  if (!date || !time) return undefined
  const [h, min, sec] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)]
  if (h > 23 || min > 59 || sec > 59) return undefined
  return `${date}T${pad(String(h))}:${pad(String(min))}:${pad(String(sec))}`
}

/** A local date-time of the product's zone (São Paulo) with its offset then, for the API. */
export function saoPauloDateTime(local: string): string {
  if (ZONED.test(local)) return local
  const [date, time = '00:00:00'] = local.split('T')
  const [y, mo, d] = date!.split('-').map(Number)
  const [h, mi, s] = time.split(':').map(Number)
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0)
  // The zone's offset at that instant, found by formatting a first guess there.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Sao_Paulo',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(wall + 3 * 3600_000))
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  const shown = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  )
  const offsetMin = Math.round((shown - (wall + 3 * 3600_000)) / 60_000)
  const sign = offsetMin < 0 ? '-' : '+'
  const abs = Math.abs(offsetMin)
  return `${local.length === 10 ? `${local}T00:00:00` : local}${sign}${pad(String(Math.floor(abs / 60)))}:${pad(String(abs % 60))}`
}

// Not 'S'/'N': a column of them is as likely Sul/Norte as sim/não.
const TRUE = new Set(['true', 'sim', 'verdadeiro'])
const FALSE = new Set(['false', 'não', 'nao', 'falso'])

/** `true`/`false`, `sim`/`não` (any case) → a boolean, else undefined. */
export function readBoolean(text: string): boolean | undefined {
  const s = text.trim().toLowerCase()
  return TRUE.has(s) ? true : FALSE.has(s) ? false : undefined
}
