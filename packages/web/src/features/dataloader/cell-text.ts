import { attributeText } from '../../components/attribute-text'

/** A number as a csv writes it (a decimal point or comma: the server's NUMBER columns). */
const NUMBER_TEXT = /^\s*-?\d+([.,]\d+)?\s*$/

/**
 * A source cell as the table shows it: the values of NUMBER and DATE columns the Brazilian
 * way (`1.234,5`, dd/mm/aaaa) by the one formatter of attributes, the rest as read.
 */
export function cellText(v: unknown, columnType: string | undefined): string {
  if (v === null || v === undefined || v === '') return ''
  if (columnType === 'NUMBER') {
    if (typeof v === 'string' && NUMBER_TEXT.test(v)) {
      return attributeText(Number(v.trim().replace(',', '.')), 'number')
    }
    return typeof v === 'number' ? attributeText(v, 'number') : String(v)
  }
  if (columnType === 'DATE' && typeof v === 'string') {
    return attributeText(v, v.includes('T') ? 'datetime' : 'date')
  }
  return String(v)
}
