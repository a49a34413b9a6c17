import { t } from '@gis/shared'
import { publicFields, type CatalogueLayer, type LayerField } from '../layer-data/model'
import { CRS84, OAPI_CRS } from './ogcapi-crs'
import type { Link } from './ogcapi-items'

export const JSON_TYPE = 'application/json'
export const GEOJSON_TYPE = 'application/geo+json'
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0'
export const SCHEMA_TYPE = 'application/schema+json'

/** Where the answers point: the service's public address and the caller's `?token=`, if any. */
export interface Base {
  url: string
  /** `token=…` to keep on every link (empty: none). */
  query: string
}

/** A link to a path under the service, the token kept and `extra` parameters added. */
export function href(base: Base, path: string, extra = ''): string {
  const query = [base.query, extra].filter(Boolean).join('&')
  return `${base.url}${path}${query ? `?${query}` : ''}`
}

const F1 = 'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf'
const F2 = 'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf'
const F3 = 'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf'
const F4 = 'http://www.opengis.net/spec/ogcapi-features-4/1.0/conf'
const CQL2 = 'http://www.opengis.net/spec/cql2/1.0/conf'

/** What the service conforms to: Parts 1–4 as served, CQL2 as the filter module reads it. */
export const CONFORMANCE = [
  `${F1}/core`,
  `${F1}/geojson`,
  `${F1}/oas30`,
  `${F2}/crs`,
  `${F3}/queryables`,
  `${F3}/queryables-query-parameters`,
  `${F3}/filter`,
  `${F3}/features-filter`,
  `${CQL2}/cql2-text`,
  `${CQL2}/cql2-json`,
  `${CQL2}/basic-cql2`,
  `${CQL2}/advanced-comparison-operators`,
  `${CQL2}/basic-spatial-functions`,
  `${CQL2}/basic-spatial-functions-plus`,
  `${CQL2}/spatial-functions`,
  `${F4}/create-replace-delete`,
  `${F4}/update`,
  `${F4}/optimistic-locking-etags`,
  `${F4}/features`,
]

export function landingPage(base: Base) {
  return {
    title: t('ogcapi.title'),
    description: t('ogcapi.description'),
    links: [
      { href: href(base, ''), rel: 'self', type: JSON_TYPE, title: 'Este documento' },
      { href: href(base, '/api'), rel: 'service-desc', type: OPENAPI_TYPE, title: 'OpenAPI 3.0' },
      { href: href(base, '/conformance'), rel: 'conformance', type: JSON_TYPE },
      { href: href(base, '/collections'), rel: 'data', type: JSON_TYPE, title: 'Coleções' },
    ] satisfies Link[],
  }
}

export function conformance(base: Base) {
  return {
    links: [{ href: href(base, '/conformance'), rel: 'self', type: JSON_TYPE }],
    conformsTo: CONFORMANCE,
  }
}

/** A collection: its extent in CRS84, its systems (Part 2), its items and queryables. */
export function collectionDocument(layer: CatalogueLayer, base: Base) {
  const path = `/collections/${layer.name}`
  return {
    id: layer.name,
    title: layer.title,
    itemType: 'feature',
    ...(layer.extent ? { extent: { spatial: { bbox: [layer.extent], crs: CRS84 } } } : {}),
    crs: OAPI_CRS,
    storageCrs: CRS84,
    links: [
      { href: href(base, path), rel: 'self', type: JSON_TYPE, title: layer.title },
      { href: href(base, `${path}/items`), rel: 'items', type: GEOJSON_TYPE, title: layer.title },
      {
        href: href(base, `${path}/queryables`),
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
        type: SCHEMA_TYPE,
      },
    ] satisfies Link[],
  }
}

export function collectionsDocument(layers: CatalogueLayer[], base: Base) {
  return {
    links: [{ href: href(base, '/collections'), rel: 'self', type: JSON_TYPE }],
    crs: OAPI_CRS,
    collections: layers.map((l) => collectionDocument(l, base)),
  }
}

const GEOMETRY_FORMATS: Record<string, string> = {
  point: 'geometry-point',
  multipoint: 'geometry-multipoint',
  linestring: 'geometry-linestring',
  multilinestring: 'geometry-multilinestring',
  polygon: 'geometry-polygon',
  multipolygon: 'geometry-multipolygon',
}

function schemaOf(layer: CatalogueLayer, f: LayerField): Record<string, unknown> {
  const title = { title: f.title }
  if (f.type === 'geometry') {
    return {
      ...title,
      format: GEOMETRY_FORMATS[layer.geometryType],
      'x-ogc-role': 'primary-geometry',
    }
  }
  if (f.name === 'id') return { ...title, type: 'integer', 'x-ogc-role': 'id' }
  if (f.type === 'number' || f.type === 'boolean') return { ...title, type: f.type }
  const format = { date: 'date', datetime: 'date-time', time: 'time' }[f.type as string]
  return {
    ...title,
    type: 'string',
    ...(format ? { format } : {}),
    ...(f.maxLength ? { maxLength: f.maxLength } : {}),
  }
}

/** The queryables (Part 3): a JSON Schema of the fields a filter may name, the WFS's fields. */
export function queryablesDocument(layer: CatalogueLayer, base: Base) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: href(base, `/collections/${layer.name}/queryables`),
    type: 'object',
    title: layer.title,
    properties: Object.fromEntries(publicFields(layer).map((f) => [f.name, schemaOf(layer, f)])),
    additionalProperties: false,
  }
}
