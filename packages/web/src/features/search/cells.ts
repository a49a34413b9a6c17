import type { AttributeType } from '@gis/shared'
import { t, type MessageKey } from '@gis/shared/i18n'
import { attributeText } from '../../components/attribute-text'

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
  if (type === 'geometry' && value !== null && value !== undefined && value !== '') {
    return t(GEOMETRY_KEYS[String(value).toUpperCase()] ?? 'search.geometryOther')
  }
  return attributeText(value, type)
}
