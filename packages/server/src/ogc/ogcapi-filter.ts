import type { FilterCombinator, FilterNode, FilterOperator } from '@gis/shared'
import { columnSql, fieldOf, type CatalogueLayer } from '../layer-data/model'
import { compileFilter, type SqlParams } from '../layer-data/where'
import type { Crs } from './crs'
import {
  checkShape,
  filterError,
  geometryWkt,
  type Cql2,
  type Cql2Comparison,
  type Cql2Value,
  type SpatialFunction,
} from './ogcapi-cql2'

/**
 * A CQL2 filter as SQL over `t`, through the search's translator: every comparison, LIKE,
 * IN, BETWEEN and null test becomes a rule of the filter builder's tree (groups of `and`/`or`,
 * NOT carried down to the rules by De Morgan: `NOT a < 5` is `a >= 5`, both unknown on a null
 * as SQL and CQL2 say), so one operator table checks the fields, their operators and values
 * and writes the SQL (layer-data/where.ts). What that tree cannot say (NOT LIKE, the spatial
 * functions) is written around its compiled parts.
 */
export function cql2Sql(layer: CatalogueLayer, filter: Cql2, crs: Crs, params: SqlParams): string {
  return compile(translate(filter, false, { layer, crs }), params, layer)
}

/**
 * The datetime parameter as a tree of the search (instant or interval over the update time
 * `m_o_d_i_f_`), compiled by the same translator.
 */
export function treeSql(layer: CatalogueLayer, tree: FilterNode, params: SqlParams): string {
  return compileFilter(layer, tree, params, { path: 'filter' })
}

interface Context {
  layer: CatalogueLayer
  crs: Crs
}

type Piece = { tree: FilterNode } | { sql: (params: SqlParams) => string }

const OPERATOR: Record<Cql2Comparison, FilterOperator> = {
  '=': 'eq',
  '<>': 'ne',
  '<': 'lt',
  '>': 'gt',
  '<=': 'le',
  '>=': 'ge',
}
const NEGATED: Record<Cql2Comparison, FilterOperator> = {
  '=': 'ne',
  '<>': 'eq',
  '<': 'ge',
  '>': 'le',
  '<=': 'gt',
  '>=': 'lt',
}

const SPATIAL_SQL: Record<SpatialFunction, string> = {
  s_intersects: 'ST_Intersects',
  s_disjoint: 'ST_Disjoint',
  s_equals: 'ST_Equals',
  s_touches: 'ST_Touches',
  s_within: 'ST_Within',
  s_overlaps: 'ST_Overlaps',
  s_crosses: 'ST_Crosses',
  s_contains: 'ST_Contains',
}

const rule = (field: string, operator: FilterOperator, value?: Cql2Value): FilterNode => ({
  type: 'rule',
  field,
  operator,
  ...(value === undefined ? {} : { value }),
})
const group = (operator: FilterCombinator, rules: FilterNode[]): Piece => ({
  tree: { type: 'group', operator, rules },
})

function compile(piece: Piece, params: SqlParams, layer: CatalogueLayer): string {
  return 'tree' in piece ? treeSql(layer, piece.tree, params) : piece.sql(params)
}

/** A property of the layer the filter may name, else the 400 of an unknown one. */
function known(ctx: Context, name: string): string {
  if (!fieldOf(ctx.layer, name)) throw filterError('ogcapi.unknownQueryable', { name })
  return name
}

function translate(e: Cql2, negated: boolean, ctx: Context): Piece {
  switch (e.op) {
    case 'and':
    case 'or':
      return junction(e.op, e.args, negated, ctx)
    case 'not':
      return translate(e.arg, !negated, ctx)
    case 'bool':
      return { sql: () => (e.value !== negated ? 'true' : 'false') }
    case 'cmp':
      return { tree: rule(known(ctx, e.prop), (negated ? NEGATED : OPERATOR)[e.cmp], e.value) }
    case 'isNull':
      return { tree: rule(known(ctx, e.prop), negated ? 'isnotnull' : 'isnull') }
    case 'in': {
      const prop = known(ctx, e.prop)
      const rules = e.values.map((v) => rule(prop, negated ? 'ne' : 'eq', v))
      return group(negated ? 'and' : 'or', rules)
    }
    case 'between': {
      const prop = known(ctx, e.prop)
      return negated
        ? group('or', [rule(prop, 'lt', e.lower), rule(prop, 'gt', e.upper)])
        : group('and', [rule(prop, 'ge', e.lower), rule(prop, 'le', e.upper)])
    }
    case 'like': {
      const like: Piece = { tree: rule(known(ctx, e.prop), 'like', e.pattern) }
      return negated ? { sql: (p) => `(NOT ${compile(like, p, ctx.layer)})` } : like
    }
    case 'spatial': {
      const sql = spatialSql(e, ctx)
      return negated ? { sql: (p) => `(NOT ${sql(p)})` } : { sql }
    }
  }
}

/** `and`/`or` (flipped under a NOT): one group of the tree while every part is one. */
function junction(op: FilterCombinator, args: Cql2[], negated: boolean, ctx: Context): Piece {
  const combinator: FilterCombinator = negated ? (op === 'and' ? 'or' : 'and') : op
  const parts = args.map((a) => translate(a, negated, ctx))
  const trees = parts.flatMap((p) => ('tree' in p ? [p.tree] : []))
  if (trees.length === parts.length) return group(combinator, trees)
  const word = combinator === 'and' ? ' AND ' : ' OR '
  return { sql: (p) => `(${parts.map((x) => compile(x, p, ctx.layer)).join(word)})` }
}

/**
 * A spatial function of the geometry and a literal in the filter's CRS (`filter-crs`), the
 * literal transformed once per statement (an InitPlan) to the layers' EPSG:4326.
 */
function spatialSql(
  e: Extract<Cql2, { op: 'spatial' }>,
  ctx: Context,
): (params: SqlParams) => string {
  const field = fieldOf(ctx.layer, e.prop)
  if (!field) throw filterError('ogcapi.unknownQueryable', { name: e.prop })
  if (field.type !== 'geometry') throw filterError('ogcapi.filterNotGeometry', { name: e.prop })
  checkShape(e.geometry)
  const wkt = geometryWkt(e.geometry, ctx.crs.latLon)
  const srid = Math.trunc(ctx.crs.srid)
  return (params) => {
    const g = `ST_GeomFromText(${params.bind(wkt, 'text')}, ${srid})`
    const stored = srid === 4326 ? g : `ST_Transform(${g}, 4326)`
    return `${SPATIAL_SQL[e.fn]}(${columnSql(field)}, (SELECT ${stored}))`
  }
}
