import type { BridgeDue, BridgeStatus } from '@gis/shared'

/**
 * The due rule (docs/inspections.md): for each periodic type, due = the date of the latest
 * accepted inspection of that type (or, when the bridge has none of it, of its latest accepted
 * inspection of any type) + the type's periodicity in months. A bridge without any accepted
 * inspection is NEVER. Its status: OVERDUE when some due is before today, else DUE_30 / DUE_90
 * when the nearest due is at most 30 / 90 days after today, else OK. Dates are YYYY-MM-DD
 * and today is São Paulo's.
 */

export interface PeriodicType {
  id: number
  name: string
  periodicityMonths: number
}

const MS_DAY = 86_400_000

function parts(iso: string): [number, number, number] {
  return [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))]
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** A date plus months, the day kept within the month (as PostgreSQL's `+ interval`: 31/01 + 1 → 28/02). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date)
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return iso(year, month, Math.min(d, last))
}

/** A date plus days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date)
  return new Date(Date.UTC(y, m - 1, d) + days * MS_DAY).toISOString().slice(0, 10)
}

/** The status of one due date seen from today. */
export function dueStatus(due: string, today: string): BridgeStatus {
  if (due < today) return 'OVERDUE'
  if (due <= addDays(today, 30)) return 'DUE_30'
  if (due <= addDays(today, 90)) return 'DUE_90'
  return 'OK'
}

export interface BridgeDues {
  status: BridgeStatus
  nextDue: string | null
  nextDueType: string | null
  dues: BridgeDue[]
}

/**
 * The dues and status of a bridge from its latest accepted date per type (`latestByType`,
 * type id → date) and its latest accepted date of any type (null: never inspected).
 */
export function bridgeDues(
  types: readonly PeriodicType[],
  latestByType: ReadonlyMap<number, string>,
  latestAny: string | null,
  today: string,
): BridgeDues {
  if (latestAny === null) {
    return {
      status: 'NEVER',
      nextDue: null,
      nextDueType: null,
      dues: types.map((ty) => ({
        type: ty.name,
        typeId: ty.id,
        periodicityMonths: ty.periodicityMonths,
        due: null,
        lastDate: null,
        status: 'NEVER' as const,
      })),
    }
  }
  const dues: BridgeDue[] = types.map((ty) => {
    const own = latestByType.get(ty.id) ?? null
    const due = addMonths(own ?? latestAny, ty.periodicityMonths)
    return {
      type: ty.name,
      typeId: ty.id,
      periodicityMonths: ty.periodicityMonths,
      due,
      lastDate: own,
      status: dueStatus(due, today),
    }
  })
  let next: BridgeDue | undefined
  for (const d of dues) if (!next || d.due! < next.due!) next = d
  return {
    status: next ? dueStatus(next.due!, today) : 'OK',
    nextDue: next?.due ?? null,
    nextDueType: next?.type ?? null,
    dues,
  }
}
