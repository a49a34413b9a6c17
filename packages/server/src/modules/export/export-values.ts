import { neutraliseFormula, SAO_PAULO_TIME_ZONE, t, wallClockIn } from '@gis/shared'
import type { LayerField } from '../../layer-data/model'

/** Date-times of the spreadsheet and KML formats are written in this zone unless asked. */
export const DEFAULT_EXPORT_TIME_ZONE = SAO_PAULO_TIME_ZONE

const two = (n: number) => String(n).padStart(2, '0')

/** `YYYY-MM-DD` as `DD/MM/YYYY`. */
export function brazilianDate(date: string): string {
  const [y, m, d] = date.split('-')
  return `${d}/${m}/${y}`
}

/** A number with a decimal comma (no thousands separator, every digit kept). */
export function decimalComma(n: number): string {
  return String(n).replace('.', ',')
}

/**
 * Values as people read them in the CSV and KML exports, the way the search window shows
 * them: 'Sim'/'Não', numbers with a decimal comma, dates as DD/MM/YYYY, date-times in the
 * export's zone, empty for null. Texts are neutralised when `spreadsheet` (CSV).
 */
export function humanFormatter(
  timeZone: string,
  opts: { spreadsheet: boolean },
): (field: LayerField, value: unknown) => string {
  const clock = wallClockIn(timeZone)
  const yes = t('common.yes')
  const no = t('common.no')
  return (field, value) => {
    if (value === null || value === undefined) return ''
    switch (field.type) {
      case 'boolean':
        return value ? yes : no
      case 'number':
        return decimalComma(Number(value))
      case 'date':
        return brazilianDate(String(value))
      case 'datetime': {
        const c = clock(String(value))
        return `${two(c.day)}/${two(c.month)}/${c.year} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`
      }
      case 'string':
        return opts.spreadsheet ? neutraliseFormula(String(value)) : String(value)
      default:
        return String(value)
    }
  }
}

/** Excel refuses longer text in a cell. */
export const XLSX_MAX_CELL_TEXT = 32_767

export type XlsxCell = string | number | Date | null

/** A UTC date from its parts (years below 100 too, which Date.UTC would move to the 1900s). */
function utcDate(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date {
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms))
  date.setUTCFullYear(y)
  return date
}

/**
 * A value as an xlsx cell: numbers as numbers, dates and date-times as dates (the date-time's
 * wall clock in the export's zone: spreadsheets have no zones), booleans as 'Sim'/'Não',
 * texts neutralised.
 */
export function xlsxFormatter(timeZone: string): (field: LayerField, value: unknown) => XlsxCell {
  const clock = wallClockIn(timeZone)
  const yes = t('common.yes')
  const no = t('common.no')
  return (field, value) => {
    if (value === null || value === undefined) return null
    switch (field.type) {
      case 'boolean':
        return value ? yes : no
      case 'number':
        return Number(value)
      case 'date': {
        const [y, m, d] = String(value).split('-').map(Number)
        return utcDate(y!, m!, d!)
      }
      case 'datetime': {
        // To the second, as every other format and the search window show it: with the
        // milliseconds a spreadsheet (and GDAL reading it) rounds 28,6 s up to 29.
        const c = clock(String(value))
        return utcDate(c.year, c.month, c.day, c.hour, c.minute, c.second)
      }
      case 'string':
        return neutraliseFormula(String(value))
      default:
        return String(value)
    }
  }
}
