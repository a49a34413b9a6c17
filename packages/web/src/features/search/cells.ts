import type { AttributeType } from '@gis/shared'
import { t, type MessageKey } from '@gis/shared/i18n'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' })
const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })
const utcDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' })
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 })

const GEOMETRY_KEYS: Record<string, MessageKey> = {
  POINT: 'search.geometryPoint',
  MULTIPOINT: 'search.geometryMultiPoint',
  LINESTRING: 'search.geometryLineString',
  MULTILINESTRING: 'search.geometryMultiLineString',
  POLYGON: 'search.geometryPolygon',
  MULTIPOLYGON: 'search.geometryMultiPolygon',
}

/**
 * A search result cell as spec 2 §2.3 shows it: booleans 'Sim' or 'Não', null '-', date-times
 * as a date plus a time unless the time is midnight, dates in pt-BR, the geometry by its type (PostGIS GeometryType).
 */
export function cellText(value: unknown, type: AttributeType | undefined): string {
  if (value === null || value === undefined || value === '') return '-'
  switch (type) {
    case 'boolean':
      return value === true ? t('common.yes') : t('common.no')
    case 'number':
      return typeof value === 'number' ? number.format(value) : String(value)
    case 'date': {
      const d = new Date(`${String(value).slice(0, 10)}T00:00:00Z`)
      return Number.isNaN(d.getTime()) ? String(value) : utcDate.format(d)
    }
    case 'datetime': {
      const d = new Date(String(value))
      if (Number.isNaN(d.getTime())) return String(value)
      const midnight = d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0
      return midnight ? dateOnly.format(d) : dateTime.format(d)
    }
    case 'geometry':
      return t(GEOMETRY_KEYS[String(value).toUpperCase()] ?? 'search.geometryOther')
    default:
      return String(value)
  }
}
