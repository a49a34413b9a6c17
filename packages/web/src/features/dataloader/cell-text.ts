import { parseBrNumber } from '@gis/shared/features'
import { attributeText } from '../../components/attribute-text'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const POINT_NUMBER = /^\s*[+-]?\d+(\.\d+)?\s*$/

/** How a column writes its numbers (the server decides it from the file, decision 90). */
export type NumberStyle = 'br' | 'point'

/**
 * A source cell as the table shows it: a NUMBER column's values as they will be read, the
 * Brazilian way (`45.7` of a column written with points shows `45,7`; `1.234,5` stays), ISO dates
 * as dd/mm/aaaa, by the one formatter of attributes; anything else as the file wrote it.
 */
export function cellText(
  v: unknown,
  columnType: string | undefined,
  style: NumberStyle = 'point',
): string {
  if (v === null || v === undefined || v === '') return ''
  if (typeof v === 'number') return attributeText(v, 'number')
  if (columnType === 'NUMBER' && typeof v === 'string') {
    const n = style === 'br' ? parseBrNumber(v) : POINT_NUMBER.test(v) ? Number(v) : undefined
    return n === undefined ? v : attributeText(n, 'number')
  }
  if ((columnType === 'DATE' || columnType === 'DATETIME') && typeof v === 'string') {
    if (ISO_DATE.test(v)) return attributeText(v, 'date')
    if (ISO_DATE_TIME.test(v)) return attributeText(v, 'datetime')
  }
  return String(v)
}
