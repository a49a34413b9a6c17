import type { AttributeType, MessageKey } from '@gis/shared'

/** A value of a layer field as JavaScript holds it (dates and times as ISO text). */
export type FieldValue = string | number | boolean | null

export type ValueResult =
  | { ok: true; value: FieldValue }
  | { ok: false; key: MessageKey; params?: Record<string, string | number> }

/** The SQL type a value of each attribute type is bound as. */
export const SQL_CAST: Record<Exclude<AttributeType, 'geometry'>, string> = {
  string: 'text',
  number: 'float8',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  time: 'time',
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?$/
const ZONE = /^(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/
const DATETIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?$/

/** A calendar date from year 1 to 9999 (what PostgreSQL and every client agree on). */
function validDate(text: string): boolean {
  const m = DATE.exec(text)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false
  const days = [
    31,
    y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ]
  return d <= days[mo - 1]!
}

function validTime(text: string): boolean {
  const m = TIME.exec(text)
  if (!m) return false
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)]
  return h <= 23 && mi <= 59 && s <= 59
}

function validZone(text: string | undefined): boolean {
  if (!text) return true
  const m = ZONE.exec(text)
  return !!m && Number(m[1] ?? 0) <= 14 && Number(m[2] ?? 0) <= 59
}

const refuse = (key: MessageKey, params?: Record<string, string | number>): ValueResult => ({
  ok: false,
  key,
  ...(params ? { params } : {}),
})

/**
 * Reads a value for a field of the given type, from JSON or from text (a WFS literal, a form).
 * Empty text and null give null for every type but text. Accepted forms:
 * - number: a finite JSON number or decimal text (`-12.5`, `1e3`);
 * - boolean: true/false, or the text `true`, `false`, `1`, `0`;
 * - date: `YYYY-MM-DD` (a real calendar day, years 1 to 9999), optionally with a zone (`Z`);
 * - datetime: a date, or a date and time `YYYY-MM-DDThh:mm[:ss[.fff]]` with an optional zone;
 * - time: `hh:mm[:ss[.ffffff]]`;
 * - string: any text (numbers and booleans are taken as their text), at most `maxLength`
 *   characters when the field has one.
 * Whatever passes is a value PostgreSQL accepts for the column's type, so a bad value is
 * always the caller's 400 and never a database error.
 */
export function parseFieldValue(
  type: AttributeType,
  raw: unknown,
  opts: { maxLength?: number | null } = {},
): ValueResult {
  if (raw === null || raw === undefined) return { ok: true, value: null }
  if (type === 'string') {
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      return refuse('values.text')
    }
    const text = String(raw)
    if (opts.maxLength && [...text].length > opts.maxLength) {
      return refuse('values.tooLong', { max: opts.maxLength })
    }
    // PostgreSQL text cannot hold NUL.
    if (text.includes('\u0000')) return refuse('values.text')
    return { ok: true, value: text }
  }
  if (typeof raw === 'string' && raw.trim() === '') return { ok: true, value: null }
  switch (type) {
    case 'number': {
      const n =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && NUMBER.test(raw.trim())
            ? Number(raw.trim())
            : NaN
      return Number.isFinite(n) ? { ok: true, value: n } : refuse('values.number')
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw }
      const text = String(raw).trim().toLowerCase()
      if (text === 'true' || text === '1') return { ok: true, value: true }
      if (text === 'false' || text === '0') return { ok: true, value: false }
      return refuse('values.boolean')
    }
    case 'date': {
      if (typeof raw !== 'string') return refuse('values.date')
      const text = raw.trim()
      const m = /^(\d{4}-\d{2}-\d{2})(Z|[+-]\d{2}:?\d{2})?$/.exec(text)
      return m && validDate(m[1]!) && validZone(m[2])
        ? { ok: true, value: m[1]! }
        : refuse('values.date')
    }
    case 'datetime': {
      if (typeof raw !== 'string') return refuse('values.datetime')
      const text = raw.trim()
      const m = DATETIME.exec(text)
      if (
        !m ||
        !validDate(m[1]!) ||
        (m[2] && !validTime(m[2].replace(/(\.\d{6})\d+$/, '$1'))) ||
        !validZone(m[3])
      ) {
        return refuse('values.datetime')
      }
      return { ok: true, value: text.replace(' ', 'T') }
    }
    case 'time': {
      if (typeof raw !== 'string') return refuse('values.time')
      const text = raw.trim()
      return validTime(text) ? { ok: true, value: text } : refuse('values.time')
    }
    case 'geometry':
      return refuse('values.geometry')
  }
}
