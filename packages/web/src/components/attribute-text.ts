import type { AttributeType } from '@gis/shared'
import { t } from '@gis/shared/i18n'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' })
const localDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })
const utcDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' })
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 })

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/

/**
 * An attribute's value as every screen shows it (spec 2 §2.3): '-' for none, 'Sim'/'Não',
 * numbers with the pt-BR decimal comma, dates as dd/mm/aaaa, date-times with their time unless
 * it is midnight. One formatter, so the drawer, the feature window, the history, the review
 * window and the search results read the same value the same way.
 */
export function attributeText(value: unknown, type: AttributeType | undefined): string {
  if (value === null || value === undefined || value === '') return '-'
  if (type === 'boolean' || typeof value === 'boolean') {
    return value === true || value === 't' || value === 'true' ? t('common.yes') : t('common.no')
  }
  switch (type) {
    case 'number':
      if (typeof value === 'number') return number.format(value)
      // numeric columns arrive as text from PostgreSQL and keep their digits in JSON
      return typeof value === 'string' && NUMERIC_TEXT.test(value)
        ? number.format(Number(value))
        : String(value)
    case 'date': {
      const d = new Date(`${String(value).slice(0, 10)}T00:00:00Z`)
      return Number.isNaN(d.getTime()) ? String(value) : utcDate.format(d)
    }
    case 'datetime': {
      const d = new Date(String(value))
      if (Number.isNaN(d.getTime())) return String(value)
      const midnight = d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0
      return midnight ? localDate.format(d) : dateTime.format(d)
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value)
  }
}
