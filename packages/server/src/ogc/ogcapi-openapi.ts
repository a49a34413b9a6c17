import { t } from '@gis/shared'
import type { CatalogueLayer } from '../layer-data/model'
import { GEOJSON_TYPE, JSON_TYPE, type Base } from './ogcapi-documents'
import { CRS84, OAPI_CRS } from './ogcapi-crs'
import { LIMIT_DEFAULT, LIMIT_MAX } from './ogcapi-params'

type Schema = Record<string, unknown>

const param = (name: string, schema: Schema, description: string, where = 'query'): Schema => ({
  name,
  in: where,
  required: where === 'path',
  description,
  schema,
  ...(where === 'query' && name === 'bbox' ? { style: 'form', explode: false } : {}),
})

const json = (schema: Schema, type = JSON_TYPE) => ({ content: { [type]: { schema } } })
const answer = (description: string, type = JSON_TYPE) => ({
  description,
  ...json({ type: 'object' }, type),
})
const exception = {
  description: 'Erro: { code, description } em português',
  ...json({ type: 'object' }),
}
const errors = { 400: exception, 401: exception, 403: exception, 404: exception }

const crsParam = (name: string, description: string) =>
  param(name, { type: 'string', format: 'uri', enum: OAPI_CRS, default: CRS84 }, description)

const ITEMS_PARAMS = [
  param(
    'limit',
    { type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: LIMIT_DEFAULT },
    `Feições por página (acima de ${LIMIT_MAX}, ${LIMIT_MAX})`,
  ),
  param('offset', { type: 'integer', minimum: 0, default: 0 }, 'Feições puladas (paginação)'),
  param(
    'bbox',
    { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
    'Caixa: mínimo x, mínimo y, máximo x, máximo y, no sistema de bbox-crs',
  ),
  crsParam('bbox-crs', 'Sistema do bbox'),
  crsParam('crs', 'Sistema das coordenadas da resposta (cabeçalho Content-Crs)'),
  param(
    'datetime',
    { type: 'string' },
    'Instante ou intervalo (a/b, ../b, a/..) da última modificação (m_o_d_i_f_)',
  ),
  param('properties', { type: 'array', items: { type: 'string' } }, 'Campos da resposta'),
  param('filter', { type: 'string' }, 'Filtro CQL2'),
  param(
    'filter-lang',
    { type: 'string', enum: ['cql2-text', 'cql2-json'], default: 'cql2-text' },
    'Codificação do filtro',
  ),
  crsParam('filter-crs', 'Sistema das geometrias do filtro'),
]

const collectionId = (layers: CatalogueLayer[]) =>
  param('collectionId', { type: 'string', enum: layers.map((l) => l.name) }, 'Coleção', 'path')
const featureId = param('featureId', { type: 'integer' }, 'Id da feição', 'path')
const ifMatch = param('If-Match', { type: 'string' }, 'ETag lido (412 se a feição mudou)', 'header')
const featureBody = { required: true, ...json({ type: 'object' }, GEOJSON_TYPE) }

const writes = {
  put: {
    summary: 'Substitui a feição (campos ausentes ficam vazios)',
    parameters: [ifMatch],
    requestBody: featureBody,
    responses: {
      204: { description: 'Gravada (novo ETag)' },
      202: answer('Enviada para aprovação'),
      412: exception,
      ...errors,
    },
  },
  patch: {
    summary: 'Altera os campos enviados (JSON Merge Patch)',
    parameters: [ifMatch],
    requestBody: { required: true, ...json({ type: 'object' }, 'application/merge-patch+json') },
    responses: {
      204: { description: 'Gravada (novo ETag)' },
      202: answer('Enviada para aprovação'),
      412: exception,
      ...errors,
    },
  },
  delete: {
    summary: 'Exclui a feição (exclusão lógica)',
    parameters: [ifMatch],
    responses: {
      204: { description: 'Excluída' },
      202: answer('Enviada para aprovação'),
      412: exception,
      ...errors,
    },
  },
}

/** The OpenAPI 3.0 document of the service as the caller sees it (its collections only). */
export function openApiDocument(layers: CatalogueLayer[], base: Base) {
  const get = (summary: string, type = JSON_TYPE, parameters: Schema[] = []) => ({
    get: { summary, parameters, responses: { 200: answer(summary, type), ...errors } },
  })
  const ids = [collectionId(layers)]
  return {
    openapi: '3.0.3',
    info: { title: t('ogcapi.title'), description: t('ogcapi.description'), version: '1.0.0' },
    servers: [{ url: base.url }],
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic' },
        bearer: { type: 'http', scheme: 'bearer' },
        token: { type: 'apiKey', in: 'query', name: 'token' },
      },
    },
    security: [{ basic: [] }, { bearer: [] }, { token: [] }],
    paths: {
      '/': get('Página inicial'),
      '/conformance': get('Classes de conformidade'),
      '/api': get('Este documento', 'application/vnd.oai.openapi+json;version=3.0'),
      '/collections': get('Coleções'),
      '/collections/{collectionId}': get('Coleção', JSON_TYPE, ids),
      '/collections/{collectionId}/queryables': get(
        'Campos filtráveis',
        'application/schema+json',
        ids,
      ),
      '/collections/{collectionId}/items': {
        ...get('Feições', GEOJSON_TYPE, [...ids, ...ITEMS_PARAMS]),
        post: {
          summary: 'Cria uma feição (Location da nova)',
          parameters: ids,
          requestBody: featureBody,
          responses: {
            201: { description: 'Criada' },
            202: answer('Enviada para aprovação'),
            ...errors,
          },
        },
      },
      '/collections/{collectionId}/items/{featureId}': {
        ...get('Feição (com ETag)', GEOJSON_TYPE, [...ids, featureId, ITEMS_PARAMS[4]!]),
        put: { ...writes.put, parameters: [...ids, featureId, ifMatch] },
        patch: { ...writes.patch, parameters: [...ids, featureId, ifMatch] },
        delete: { ...writes.delete, parameters: [...ids, featureId, ifMatch] },
      },
    },
  }
}
