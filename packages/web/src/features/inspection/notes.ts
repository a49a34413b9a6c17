import { t } from '@gis/shared/i18n'
import { bridgeStatusName, inspectionNoteName, type BridgeStatus } from '@gis/shared/inspections'

/** The colour of a worst note: 5 green … 1 dark red; none grey. */
export const NOTE_COLOURS: Record<number, string> = {
  5: '#2e7d32',
  4: '#7cb342',
  3: '#f9a825',
  2: '#e65100',
  1: '#7f0000',
}
export const NO_NOTE_COLOUR = '#9e9e9e'

export function noteColour(note: number | null | undefined): string {
  return (note && NOTE_COLOURS[note]) || NO_NOTE_COLOUR
}

/** The colour of a status chip. */
export const STATUS_COLOURS: Record<BridgeStatus, string> = {
  OVERDUE: '#c62828',
  NEVER: '#6a1b9a',
  DUE_30: '#e65100',
  DUE_90: '#f9a825',
  OK: '#2e7d32',
}

/** '5 - Excelente' … '1 - Crítica'; '-' for none. */
export function noteLabel(note: number | null | undefined): string {
  return note ? t('inspection.note.label', { note, name: inspectionNoteName(note) }) : '-'
}

export const statusLabel = bridgeStatusName

/** An overdue bridge (or one never inspected) is marked on the map. */
export const isLate = (status: BridgeStatus) => status === 'OVERDUE' || status === 'NEVER'

const utcDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' })

/** An ISO date (yyyy-mm-dd…) as dd/mm/aaaa; '-' for none. */
export function dateText(iso: string | null | undefined): string {
  if (!iso) return '-'
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? iso : utcDate.format(d)
}

const kmFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
})

/** A km as the regulator writes it: 23,450. */
export function kmText(km: number | string | null | undefined): string {
  if (km === null || km === undefined || km === '') return '-'
  const n = Number(km)
  return Number.isFinite(n) ? kmFormat.format(n) : String(km)
}
