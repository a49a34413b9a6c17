import { SEARCH_MAX_IDS, t, type SampleValue, type SearchRow } from '@gis/shared'
import { likePattern } from '../db/like'
import type { Queryable } from '../db/types'
import { badRequest, fieldError } from '../http/errors'
import { liveSql } from './layer-read'
import {
  columnSql,
  fieldOf,
  layerFields,
  tableSql,
  type CatalogueLayer,
  type LayerField,
} from './model'
import { compileFilter, SqlParams } from './where'

/**
 * The feature search (spec 2 section 7.4): the records of a layer that a filter tree (and
 * optionally a list of ids) selects, sorted and paged. It is the features API, so the
 * soft-delete flag may be named and deleted rows come back marked.
 */
export interface SearchSpec {
  /** The filter builder's serialised query; absent or an empty group selects every row. */
  filter?: unknown
  /** Only these ids (a selection). */
  ids?: readonly number[]
  /** Only rows that have a geometry (formats that carry nothing else: DXF, DGN). */
  withGeometry?: boolean
  /** Leave the deleted rows out (exports unless asked, reports, the regulator's KMZ). */
  liveOnly?: boolean
}

export interface SortSpec {
  field: string
  descending: boolean
}

/** The WHERE expression of a search over the layer table under alias `t`. */
export function searchWhere(layer: CatalogueLayer, spec: SearchSpec, params: SqlParams): string {
  const parts: string[] = []
  if (spec.filter !== undefined && spec.filter !== null) {
    parts.push(compileFilter(layer, spec.filter, params, { internal: true }))
  }
  if (spec.ids) {
    if (spec.ids.length > SEARCH_MAX_IDS) {
      throw badRequest([{ field: 'ids', message: t('search.tooManyIds', { max: SEARCH_MAX_IDS }) }])
    }
    parts.push(`t.id = ANY(${params.bind([...spec.ids], 'bigint[]')})`)
  }
  if (spec.withGeometry) parts.push('t.geom IS NOT NULL')
  if (spec.liveOnly) parts.push(liveSql())
  return parts.length ? parts.join(' AND ') : 'true'
}

/**
 * Reads the sort of a search: `sort` names a field (a `-` prefix descends) and `order`
 * (asc/desc) may say the direction. Unknown fields and the geometry are the caller's 400.
 */
export function readSort(
  layer: CatalogueLayer,
  sort: string | undefined,
  order?: 'asc' | 'desc',
): SortSpec {
  if (!sort) return { field: 'id', descending: order === 'desc' }
  const prefixed = sort.startsWith('-')
  const name = prefixed ? sort.slice(1) : sort
  const field = fieldOf(layer, name, { internal: true })
  if (!field) throw fieldError('sort', 'paging.sortInvalid')
  if (field.type === 'geometry') throw fieldError('sort', 'search.geometryNotSortable')
  return { field: field.name, descending: order ? order === 'desc' : prefixed }
}

/** `ORDER BY` of a search: the field (empty values last), then the id, in one direction. */
export function orderBySql(layer: CatalogueLayer, sort: SortSpec): string {
  const field = fieldOf(layer, sort.field, { internal: true })!
  const direction = sort.descending ? 'DESC' : 'ASC'
  const column = field.type === 'string' ? `${columnSql(field)}::text` : columnSql(field)
  if (field.name === 'id') return `ORDER BY t.id ${direction}`
  return `ORDER BY ${column} ${direction} NULLS LAST, t.id ${direction}`
}

/**
 * How a field is read for JSON: numbers as numbers, dates as `YYYY-MM-DD`, date-times as ISO
 * text in UTC (milliseconds), times as `hh:mm:ss`, the uuid as text, the geometry as its type.
 */
export function jsonColumnSql(field: LayerField, alias = 't'): string {
  const col = columnSql(field, alias)
  switch (field.type) {
    case 'number':
      return field.name === 'id' ? col : `${col}::float8`
    case 'date':
      return `to_char(${col}, 'YYYY-MM-DD')`
    case 'datetime':
      return `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    case 'time':
      return `${col}::text`
    case 'geometry':
      return `GeometryType(${col})`
    case 'string':
      return `${col}::text`
    case 'boolean':
      return col
  }
}

/** The fields of a search row: every field of the layer, the soft-delete flag included. */
export function searchFields(layer: CatalogueLayer): readonly LayerField[] {
  return layerFields(layer)
}

export interface SearchPage {
  rows: SearchRow[]
  total: number
}

/** One page of a search and the number of rows the search selects. */
export async function searchFeatures(
  db: Queryable,
  layer: CatalogueLayer,
  spec: SearchSpec,
  sort: SortSpec,
  page: { limit: number; offset: number },
): Promise<SearchPage> {
  const params = new SqlParams()
  const where = searchWhere(layer, spec, params)
  const select = searchFields(layer)
    .map((f) => `${jsonColumnSql(f)} AS ${quoted(f.name)}`)
    .join(', ')
  const from = `${tableSql(layer)} t WHERE ${where}`
  const countParams = params.values.slice()
  const rowsSql = `SELECT ${select} FROM ${from} ${orderBySql(layer, sort)}
    LIMIT ${params.bind(page.limit, 'int')} OFFSET ${params.bind(page.offset, 'bigint')}`
  const { rows } = await db.query<SearchRow>(rowsSql, params.values)
  // The count is needed only when the page does not tell it already.
  let total: number
  if (rows.length > 0 && rows.length < page.limit) total = page.offset + rows.length
  else if (rows.length === 0 && page.offset === 0) total = 0
  else {
    const { rows: n } = await db.query<{ n: number }>(
      `SELECT count(*)::float8 AS n FROM ${from}`,
      countParams,
    )
    total = n[0]!.n
  }
  return { rows, total }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Values of a field for the filter builder's suggestions: distinct, most frequent first,
 * those whose text contains `contains` (any case) when given.
 */
export async function fieldSamples(
  db: Queryable,
  layer: CatalogueLayer,
  name: string,
  opts: { limit: number; contains?: string },
): Promise<SampleValue[]> {
  const field = fieldOf(layer, name, { internal: true })
  if (!field) {
    throw badRequest([{ field: 'field', message: t('filters.unknownField', { field: name }) }])
  }
  if (field.type === 'geometry') throw fieldError('field', 'search.noSamplesForGeometry')
  const params = new SqlParams()
  const col = columnSql(field)
  const conditions = [`${col} IS NOT NULL`]
  if (opts.contains) {
    conditions.push(`${col}::text ILIKE ${params.bind(likePattern(opts.contains), 'text')}`)
  }
  const value = jsonColumnSql(field)
  const { rows } = await db.query<{ v: SampleValue }>(
    `SELECT v FROM (
       SELECT ${value} AS v, count(*) AS n FROM ${tableSql(layer)} t
        WHERE ${conditions.join(' AND ')} GROUP BY 1) s
      ORDER BY n DESC, v LIMIT ${params.bind(opts.limit, 'int')}`,
    params.values,
  )
  return rows.map((r) => r.v)
}
