import type { FilterNode } from '@gis/shared'
import { fieldOf, type CatalogueLayer } from '../layer-data/model'
import { SqlParams } from '../layer-data/where'
import { parseFieldValue } from '../layer-data/values'
import { envelope } from './crs'
import { parseCql2Json } from './ogcapi-cql2-json'
import { parseCql2Text } from './ogcapi-cql2-text'
import { readOapiCrs, type OapiCrs } from './ogcapi-crs'
import { badParameter } from './ogcapi-errors'
import { cql2Sql, treeSql } from './ogcapi-filter'
import { checkProperty, filterSql } from './wfs-filter'

/** Items of a page: 10 unless asked, at most this many (a larger limit is this one). */
export const LIMIT_DEFAULT = 10
export const LIMIT_MAX = 10_000

/** The field `datetime` selects on: every layer's update time (the one date all have). */
export const DATETIME_FIELD = 'm_o_d_i_f_'

/** The parameters of an items request besides the queryables' `name=value`. */
const KNOWN = new Set([
  'f',
  'token',
  'limit',
  'offset',
  'bbox',
  'bbox-crs',
  'crs',
  'datetime',
  'properties',
  'filter',
  'filter-lang',
  'filter-crs',
])

/** An items request read and checked: its page, its system, its fields and its condition. */
export interface ItemsQuery {
  limit: number
  offset: number
  crs: OapiCrs
  /** The fields asked for (`properties`), undefined for all. */
  properties?: string[]
  where: string
  params: unknown[]
}

type Query = Record<string, unknown>

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : Array.isArray(v) ? String(v[v.length - 1]) : undefined

function integer(value: unknown, name: string, min: number): number | undefined {
  const s = text(value)
  if (s === undefined || s === '') return undefined
  if (!/^\d{1,9}$/.test(s) || Number(s) < min) {
    throw name === 'limit'
      ? badParameter('ogcapi.invalidLimit', { max: LIMIT_MAX })
      : badParameter('ogcapi.invalidParameter', { name })
  }
  return Number(s)
}

/** Checks the format asked for: JSON only (`f=json`, `f=geojson` or none). */
export function checkFormat(query: Query): void {
  const f = text(query.f)
  if (f !== undefined && !/^(json|geojson|application\/(geo\+)?json)$/i.test(f)) {
    throw badParameter('ogcapi.unsupportedFormat', { name: f.slice(0, 40) })
  }
}

/**
 * Reads the items parameters of a collection (Parts 1–3). A parameter that is neither one of
 * them nor a queryable's `name=value` (an equality through the search's translator) is a 400,
 * as Part 1 asks, so a misspelt filter never answers everything.
 */
export function readItemsQuery(layer: CatalogueLayer, query: Query): ItemsQuery {
  checkFormat(query)
  const params = new SqlParams()
  const where: string[] = []
  const bbox = text(query.bbox)
  if (bbox)
    where.push(bboxSql(layer, bbox, readOapiCrs(text(query['bbox-crs']), 'bbox-crs'), params))
  const datetime = text(query.datetime)
  if (datetime) where.push(treeSql(layer, datetimeTree(datetime), params))
  const filter = text(query.filter)
  if (filter) where.push(filterWhere(layer, filter, query, params))
  const equalities = propertyEqualities(layer, query)
  if (equalities) where.push(treeSql(layer, equalities, params))
  const limit = integer(query.limit, 'limit', 1) ?? LIMIT_DEFAULT
  return {
    limit: Math.min(limit, LIMIT_MAX),
    offset: integer(query.offset, 'offset', 0) ?? 0,
    crs: readOapiCrs(text(query.crs), 'crs'),
    properties: readProperties(layer, text(query.properties)),
    where: where.join(' AND '),
    params: params.values,
  }
}

function readProperties(layer: CatalogueLayer, value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  return names.map((n) => checkProperty(layer, n).name)
}

/** bbox (2D or 3D) in bbox-crs, through the WFS's BBOX (an envelope intersecting the geometry). */
function bboxSql(layer: CatalogueLayer, value: string, crs: OapiCrs, params: SqlParams): string {
  const n = value.split(',').map((v) => (v.trim() === '' ? NaN : Number(v)))
  if ((n.length !== 4 && n.length !== 6) || n.some((v) => !Number.isFinite(v))) {
    throw badParameter('ogcapi.invalidBbox')
  }
  const [lower, upper] =
    n.length === 4 ? [n.slice(0, 2), n.slice(2)] : [n.slice(0, 2), n.slice(3, 5)]
  if (layer.geometryType === 'TABULAR') throw badParameter('ogcapi.noGeometry', { name: 'bbox' })
  const env = envelope(lower, upper, crs.crs, 'bbox')
  return filterSql(layer, { op: 'bbox', env }, params)
}

/** datetime: an instant (a day alone is the whole day) or an interval with open ends `..`. */
export function datetimeTree(value: string): FilterNode {
  const valid = (v: string) => parseFieldValue('datetime', v).ok
  const at = (operator: 'ge' | 'le' | 'lt' | 'eq', value: string): FilterNode => ({
    type: 'rule',
    field: DATETIME_FIELD,
    operator,
    value,
  })
  const and = (rules: FilterNode[]): FilterNode => ({ type: 'group', operator: 'and', rules })
  const parts = value.split('/')
  const open = (v: string | undefined) => v === undefined || v === '' || v === '..'
  if (parts.length === 1 && valid(value)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return at('eq', value)
    const next = new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    return and([at('ge', value), at('lt', next)])
  }
  const [start, end] = parts
  if (parts.length !== 2 || (open(start) && open(end))) {
    throw badParameter('ogcapi.invalidDatetime')
  }
  const rules: FilterNode[] = []
  for (const [v, op] of [
    [start, 'ge'],
    [end, 'le'],
  ] as const) {
    if (open(v)) continue
    if (!valid(v!)) throw badParameter('ogcapi.invalidDatetime')
    rules.push(at(op, v!))
  }
  return and(rules)
}

function filterWhere(layer: CatalogueLayer, filter: string, query: Query, params: SqlParams) {
  const lang = text(query['filter-lang']) ?? 'cql2-text'
  if (lang !== 'cql2-text' && lang !== 'cql2-json') {
    throw badParameter('ogcapi.unsupportedFilterLang', { name: lang.slice(0, 40) })
  }
  const tree = lang === 'cql2-json' ? parseCql2Json(filter) : parseCql2Text(filter)
  return cql2Sql(layer, tree, readOapiCrs(text(query['filter-crs']), 'filter-crs').crs, params)
}

/** `name=value` of a queryable (Part 3): an equality; any other unknown parameter a 400. */
function propertyEqualities(layer: CatalogueLayer, query: Query): FilterNode | undefined {
  const rules: FilterNode[] = []
  for (const [name, value] of Object.entries(query)) {
    if (KNOWN.has(name)) continue
    const field = fieldOf(layer, name)
    if (!field || field.type === 'geometry') {
      throw badParameter('ogcapi.unknownParameter', { name: name.slice(0, 64) })
    }
    rules.push({ type: 'rule', field: field.name, operator: 'eq', value: text(value) ?? '' })
  }
  return rules.length ? { type: 'group', operator: 'and', rules } : undefined
}
