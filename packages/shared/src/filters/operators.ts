/**
 * The one filter operator table (spec 3, sections 3 and 5). The server compiles a filter tree
 * to SQL only through it, and the web's filter builder offers the same operators per field
 * type. Pure data and types: no zod, so the web app may import it as it imports the texts.
 */
import { ATTRIBUTE_TYPES } from '../layers/attribute-types'

/** Operators of a rule. */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'gt',
  'le',
  'ge',
  'like',
  'isnull',
  'isnotnull',
] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/** Combinators of a group. */
export const FILTER_COMBINATORS = ['and', 'or'] as const
export type FilterCombinator = (typeof FILTER_COMBINATORS)[number]

/** Field types that decide which operators a rule may use: a layer's, and the audit's two. */
export const FILTER_FIELD_TYPES = [...ATTRIBUTE_TYPES, 'audit-action', 'layer'] as const
export type FilterFieldType = (typeof FILTER_FIELD_TYPES)[number]

const ORDERED = ['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'isnull', 'isnotnull'] as const

/** Operators allowed per field type, in the order the filter builder lists them. */
export const OPERATORS_BY_TYPE: Readonly<Record<FilterFieldType, readonly FilterOperator[]>> = {
  string: ['eq', 'ne', 'like', 'isnull', 'isnotnull'],
  number: ORDERED,
  datetime: ORDERED,
  date: ORDERED,
  time: ORDERED,
  'audit-action': ['eq', 'ne'],
  layer: ['eq', 'ne'],
  boolean: ['eq', 'ne'],
  geometry: ['isnull', 'isnotnull'],
}

/** How each operator reads as SQL (and in the filter builder's SQL preview). */
export const OPERATOR_SQL: Readonly<Record<FilterOperator, string>> = {
  eq: '=',
  ne: '<>',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  like: 'ILIKE',
  isnull: 'IS NULL',
  isnotnull: 'IS NOT NULL',
}

export const COMBINATOR_SQL: Readonly<Record<FilterCombinator, string>> = {
  and: 'AND',
  or: 'OR',
}

/** isnull and isnotnull take no value (the builder shows no value input for them). */
export function operatorTakesValue(operator: FilterOperator): boolean {
  return operator !== 'isnull' && operator !== 'isnotnull'
}

export function isOperatorAllowed(type: FilterFieldType, operator: FilterOperator): boolean {
  return OPERATORS_BY_TYPE[type].includes(operator)
}

/** The value a new rule starts with: 0 for numbers, empty for the rest. */
export function defaultRuleValue(type: FilterFieldType): string | number {
  return type === 'number' ? 0 : ''
}

/** Bounds of one filter tree: nesting, groups and rules together, and each text value. */
export const FILTER_LIMITS = {
  maxDepth: 16,
  maxNodes: 256,
  /** Bytes of a value in UTF-8. */
  maxValueBytes: 4096,
} as const

/** A rule of the serialised query. */
export interface FilterRule {
  type: 'rule'
  id?: string
  field: string
  operator: FilterOperator
  value?: string | number | boolean | null
}

/** A group of the serialised query: rules and nested groups joined by its operator. */
export interface FilterGroup {
  type: 'group'
  id?: string
  operator: FilterCombinator
  rules: FilterNode[]
}

export type FilterNode = FilterRule | FilterGroup

/** Depth (a lone rule is 1) and number of nodes of a tree, as the limits count them. */
export function filterShape(node: FilterNode): { depth: number; nodes: number } {
  if (node.type === 'rule') return { depth: 1, nodes: 1 }
  let depth = 0
  let nodes = 1
  for (const child of node.rules) {
    const s = filterShape(child)
    depth = Math.max(depth, s.depth)
    nodes += s.nodes
  }
  return { depth: depth + 1, nodes }
}
