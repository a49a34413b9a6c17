import {
  brDateTimeToIso,
  brDateToIso,
  dateTimeToBr,
  fieldProblem,
  formatBrNumber,
  isoDateToBr,
  normalTime,
  parseBrNumber,
} from '@gis/shared/features'

/** The kinds of value typed as Brazilian text: one input component each (BrInputs.tsx). */
export type BrKind = 'number' | 'date' | 'time' | 'datetime'

export const BR_KINDS: readonly BrKind[] = ['number', 'date', 'time', 'datetime']

export function isBrKind(type: string): type is BrKind {
  return (BR_KINDS as readonly string[]).includes(type)
}

/**
 * A value of the API (a JSON number, an ISO date, time or instant) as the text its input
 * holds, the Brazilian way: `1.234,5`, `26/11/2026`, `14:05:09`, `26/11/2026 14:05:09` (the
 * instant in the browser's time zone). What does not read as one stays as it is.
 */
export function brText(kind: BrKind, value: unknown): string {
  if (value === null || value === undefined) return ''
  switch (kind) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value)
      return Number.isFinite(n) && String(value).trim() !== '' ? formatBrNumber(n) : String(value)
    }
    case 'date':
      return isoDateToBr(String(value))
    case 'datetime': {
      const date = new Date(String(value))
      return Number.isNaN(date.getTime()) ? String(value) : dateTimeToBr(date)
    }
    case 'time':
      return String(value).slice(0, 8)
  }
}

/**
 * A typed text as the API takes it: a number, an ISO date, `hh:mm:ss`, or the instant of a
 * local date and time (ISO, UTC); empty is null. A text that does not parse is undefined:
 * the caller shows `brProblem` and sends nothing.
 */
export function brValue(kind: BrKind, text: string): number | string | null | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return null
  switch (kind) {
    case 'number':
      return parseBrNumber(trimmed)
    case 'date':
      return brProblem(kind, trimmed) ? undefined : brDateToIso(trimmed)
    case 'time':
      return normalTime(trimmed)
    case 'datetime': {
      if (brProblem(kind, trimmed)) return undefined
      const local = brDateTimeToIso(trimmed)
      const date = local ? new Date(local) : undefined
      return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined
    }
  }
}

/** What is wrong with a typed text (a Portuguese message), or undefined; empty is fine. */
export function brProblem(kind: BrKind, text: string): string | undefined {
  return fieldProblem({ name: '', type: kind, maxLength: null, required: false }, text)
}
