import type { MessageKey } from '../i18n/messages'
import {
  FILTER_COMBINATORS,
  FILTER_LIMITS,
  FILTER_OPERATORS,
  operatorTakesValue,
  type FilterCombinator,
  type FilterNode,
  type FilterOperator,
} from './operators'

/** Why a tree was refused: where (a dotted path from `filter`) and which message. */
export interface FilterProblem {
  path: string
  key: MessageKey
  params?: Record<string, string | number>
}

export type FilterRead = { ok: true; tree: FilterNode } | { ok: false; problem: FilterProblem }

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

const utf8Bytes = (s: string) => {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3
  }
  return n
}

class Refused extends Error {
  constructor(readonly problem: FilterProblem) {
    super(problem.key)
  }
}

/**
 * Reads a serialised query (groups `{ type: 'group', operator, rules }` and rules
 * `{ type: 'rule', field, operator, value }`) from untrusted JSON: the structure, the
 * operators and the limits of FILTER_LIMITS. It never descends past the depth limit nor
 * counts past the node limit, so no input can exhaust the stack or the CPU. Whether a field
 * exists and takes the operator and the value is the compiler's business (it knows the layer).
 * A group may also list nested groups under `groups` (the spec's shape); they join its rules.
 */
export function readFilterTree(input: unknown, path = 'filter'): FilterRead {
  let nodes = 0
  const read = (value: unknown, at: string, depth: number): FilterNode => {
    if (depth > FILTER_LIMITS.maxDepth) {
      throw new Refused({
        path: at,
        key: 'filters.tooDeep',
        params: { max: FILTER_LIMITS.maxDepth },
      })
    }
    if (++nodes > FILTER_LIMITS.maxNodes) {
      throw new Refused({
        path: at,
        key: 'filters.tooManyNodes',
        params: { max: FILTER_LIMITS.maxNodes },
      })
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Refused({ path: at, key: 'filters.invalid' })
    }
    const node = value as Record<string, unknown>
    const id =
      typeof node.id === 'string' || typeof node.id === 'number' ? String(node.id) : undefined
    if (node.type === 'group') {
      if (!FILTER_COMBINATORS.includes(node.operator as FilterCombinator)) {
        throw new Refused({ path: `${at}.operator`, key: 'filters.invalid' })
      }
      const lists: [string, unknown][] = [
        ['rules', node.rules],
        ['groups', node.groups],
      ]
      const rules: FilterNode[] = []
      for (const [name, list] of lists) {
        if (list === undefined || list === null) continue
        if (!Array.isArray(list))
          throw new Refused({ path: `${at}.${name}`, key: 'filters.invalid' })
        for (let i = 0; i < list.length; i++) {
          rules.push(read(list[i], `${at}.${name}.${i}`, depth + 1))
        }
      }
      return {
        type: 'group',
        ...(id ? { id } : {}),
        operator: node.operator as FilterCombinator,
        rules,
      }
    }
    if (node.type !== 'rule') throw new Refused({ path: at, key: 'filters.invalid' })
    const field = node.field
    if (typeof field !== 'string' || !FIELD_NAME.test(field)) {
      throw new Refused({
        path: `${at}.field`,
        key: 'filters.unknownField',
        params: { field: typeof field === 'string' ? field.slice(0, 63) : '' },
      })
    }
    const operator = node.operator as FilterOperator
    if (!FILTER_OPERATORS.includes(operator)) {
      throw new Refused({
        path: `${at}.operator`,
        key: 'filters.unknownOperator',
        params: { operator: String(node.operator).slice(0, 20) },
      })
    }
    const raw = node.value
    if (!operatorTakesValue(operator)) {
      return { type: 'rule', ...(id ? { id } : {}), field, operator }
    }
    if (raw === undefined || raw === null) {
      throw new Refused({ path: `${at}.value`, key: 'filters.valueRequired', params: { field } })
    }
    if (typeof raw === 'string') {
      if (utf8Bytes(raw) > FILTER_LIMITS.maxValueBytes) {
        throw new Refused({
          path: `${at}.value`,
          key: 'filters.valueTooLong',
          params: { max: FILTER_LIMITS.maxValueBytes },
        })
      }
    } else if (typeof raw !== 'number' && typeof raw !== 'boolean') {
      throw new Refused({ path: `${at}.value`, key: 'filters.invalidValue', params: { field } })
    }
    return { type: 'rule', ...(id ? { id } : {}), field, operator, value: raw }
  }
  try {
    return { ok: true, tree: read(input, path, 1) }
  } catch (err) {
    if (err instanceof Refused) return { ok: false, problem: err.problem }
    throw err
  }
}
