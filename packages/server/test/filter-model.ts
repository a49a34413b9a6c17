import type { AttributeType, FilterNode } from '@gis/shared'

export type Value = string | number | boolean | null
export type Row = Record<string, Value> & { id: number }
/** SQL's three-valued logic: null is unknown. */
export type Truth = boolean | null

/** ILIKE over ASCII text: % any run, _ one character, backslash escapes. */
export function ilike(text: string, pattern: string): boolean {
  let re = ''
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === '\\' && i + 1 < pattern.length) re += escapeRe(pattern[++i]!)
    else if (c === '%') re += '[\\s\\S]*'
    else if (c === '_') re += '[\\s\\S]'
    else re += escapeRe(c)
  }
  return new RegExp(`^${re}$`, 'i').test(text)
}
const escapeRe = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** A value as the database compares it for the attribute's type. */
export function typed(type: AttributeType, v: Value): number | string | boolean {
  if (type === 'number') return Number(v)
  if (type === 'datetime') return Date.parse(String(v))
  if (type === 'boolean') return typeof v === 'boolean' ? v : /^(true|1)$/i.test(String(v))
  if (type === 'time') return String(v).length === 5 ? `${v}:00` : String(v)
  return String(v)
}

/**
 * A filter evaluated in JavaScript, the reference the compiled SQL must agree with:
 * `typeOf` names a field's attribute type, `valueOf` reads a field of a row.
 */
export function evaluate(
  node: FilterNode,
  row: Row,
  typeOf: (field: string) => AttributeType,
  valueOf: (row: Row, field: string) => Value = (r, field) => r[field] ?? null,
): Truth {
  if (node.type === 'group') {
    if (node.rules.length === 0) return true
    const values = node.rules.map((r) => evaluate(r, row, typeOf, valueOf))
    if (node.operator === 'and') {
      return values.includes(false) ? false : values.includes(null) ? null : true
    }
    return values.includes(true) ? true : values.includes(null) ? null : false
  }
  const type = typeOf(node.field)
  const v = valueOf(row, node.field)
  if (node.operator === 'isnull') return v === null
  if (node.operator === 'isnotnull') return v !== null
  if (v === null) return null
  if (node.operator === 'like') return ilike(String(v), String(node.value))
  const a = typed(type, v)
  const b = typed(type, node.value as Value)
  switch (node.operator) {
    case 'eq':
      return a === b
    case 'ne':
      return a !== b
    case 'lt':
      return a < b
    case 'gt':
      return a > b
    case 'le':
      return a <= b
    case 'ge':
      return a >= b
  }
}
