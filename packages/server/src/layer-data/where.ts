import {
  COMBINATOR_SQL,
  isOperatorAllowed,
  OPERATOR_SQL,
  operatorTakesValue,
  readFilterTree,
  t,
  type AttributeType,
  type FilterFieldType,
  type FilterNode,
  type FilterOperator,
  type FilterProblem,
  type MessageKey,
} from '@gis/shared'
import { badRequest, type HttpError } from '../http/errors'
import { columnSql, fieldOf, quoteIdent, type CatalogueLayer, type LayerField } from './model'
import { parseFieldValue, SQL_CAST, type FieldValue } from './values'

/** A filter the caller must correct: where (a path or a parameter name) and why, in Portuguese. */
export class FilterError extends Error {
  constructor(readonly problem: FilterProblem) {
    super(t(problem.key, problem.params))
  }

  /** The JSON API's answer: 400 with the field error `{ field: path, message }`. */
  toHttpError(): HttpError {
    return badRequest([{ field: this.problem.path, message: this.message }])
  }
}

const refuse = (path: string, key: MessageKey, params?: Record<string, string | number>) =>
  new FilterError({ path, key, ...(params ? { params } : {}) })

/** The SQL comparison operators the compiler writes. */
export type Comparison = '=' | '<>' | '<' | '>' | '<=' | '>='

/** Parameters of one statement: `bind` appends a value and answers its placeholder. */
export class SqlParams {
  constructor(readonly values: unknown[] = []) {}
  bind(value: unknown, cast?: string): string {
    const placeholder = `$${this.values.push(value)}`
    return cast ? `${placeholder}::${cast}` : placeholder
  }
}

/**
 * A value for a field, parsed by the field's value rules and bound with the column's type.
 * `path` names the value in a refusal.
 */
export function valueSql(
  field: LayerField,
  raw: unknown,
  params: SqlParams,
  path: string,
): { sql: string; value: FieldValue } {
  if (field.type === 'geometry')
    throw refuse(path, 'filters.invalidValue', reason(field, 'values.geometry'))
  // A filter compares with any text: the field's length limit is for values written to it.
  const parsed = parseFieldValue(field.type, raw)
  if (!parsed.ok) {
    throw refuse(path, 'filters.invalidValue', {
      field: field.name,
      reason: t(parsed.key, parsed.params),
    })
  }
  if (parsed.value === null) throw refuse(path, 'filters.valueRequired', { field: field.name })
  return { sql: params.bind(parsed.value, SQL_CAST[field.type]), value: parsed.value }
}

function reason(field: LayerField, key: MessageKey) {
  return { field: field.name, reason: t(key) }
}

/** A column under an alias (`t."km"`), or bare (`"km"`) when the alias is empty (SQL display). */
function columnOf(field: Pick<LayerField, 'name'>, alias: string): string {
  return alias === '' ? quoteIdent(field.name) : columnSql(field, alias)
}

/**
 * The column as compared: numbers as float8 (every numeric column type compares alike), text
 * as text (the uuid too), the rest as stored.
 */
export function comparableColumn(field: LayerField, alias = 't'): string {
  const col = columnOf(field, alias)
  if (field.type === 'number') return `${col}::float8`
  if (field.type === 'string') return `${col}::text`
  return col
}

/** `column <op> value` with the value parsed and bound by the field's type. */
export function comparisonSql(
  field: LayerField,
  op: Comparison,
  raw: unknown,
  params: SqlParams,
  path: string,
  alias = 't',
): string {
  return `${comparableColumn(field, alias)} ${op} ${valueSql(field, raw, params, path).sql}`
}

/**
 * `column ILIKE pattern` (a PostgreSQL pattern: `%`, `_`, and `\` to escape). A pattern that
 * ends with a lone backslash escapes it, so it stands for itself (PostgreSQL would refuse it).
 */
export function likeSql(
  field: LayerField,
  pattern: string,
  params: SqlParams,
  alias = 't',
): string {
  return likeOn(columnOf(field, alias), pattern, params)
}

function likeOn(column: string, pattern: string, params: SqlParams): string {
  const trailing = /\\*$/.exec(pattern)![0].length
  const safe = trailing % 2 === 1 ? `${pattern}\\` : pattern
  return `${column}::text ILIKE ${params.bind(safe, 'text')}`
}

export function nullSql(field: LayerField, negate: boolean, alias = 't'): string {
  return `${columnOf(field, alias)} ${negate ? 'IS NOT NULL' : 'IS NULL'}`
}

export interface FilterOptions {
  /** Path of the tree in refusals (the request's field name). */
  path?: string
  /** Whether the internal fields (the soft-delete flag) may be named. */
  internal?: boolean
  /** Alias of the layer table in the statement ('' for bare column names, as the SQL display). */
  alias?: string
}

/**
 * A field of a fixed list, not of a layer table (the audit log's: spec 3 §3, Audit record).
 * `type` picks the operators from the shared table ('audit-action' and 'layer' included),
 * `valueType` reads and binds the value, `sql` is the expression compared (the server's own
 * text, never the client's), and `values`, when given, are the only values accepted.
 */
export interface FixedFilterField {
  name: string
  type: FilterFieldType
  valueType: Exclude<AttributeType, 'geometry'>
  sql: string
  values?: readonly string[]
}

/** The fields a filter may name outside a layer: a fixed list, looked up by name. */
export class FixedFilterFields {
  readonly byName: ReadonlyMap<string, FixedFilterField>
  constructor(readonly list: readonly FixedFilterField[]) {
    this.byName = new Map(list.map((f) => [f.name, f]))
  }
}

/** What a filter names its fields in: a layer's catalogue, or a fixed list. */
export type FilterSource = CatalogueLayer | FixedFilterFields

/**
 * Compiles a serialised query (the filter builder's tree of groups and rules) over a layer
 * to a parameterised boolean SQL expression, with its values appended to `params`. Only
 * through the operator table of packages/shared: each rule's field must exist in the layer
 * (and be readable: internal fields only with `internal`), its operator must be one of its
 * type's, and its value must pass the field's value rules. The tree is read from untrusted
 * JSON within the shared limits (depth, nodes, value size). Any refusal is a FilterError.
 */
export function compileFilter(
  layer: FilterSource,
  input: unknown,
  params: SqlParams,
  opts: FilterOptions = {},
): string {
  const path = opts.path ?? 'filter'
  const read = readFilterTree(input, path)
  if (!read.ok) throw new FilterError(read.problem)
  return nodeSql(layer, read.tree, params, path, opts)
}

function nodeSql(
  layer: FilterSource,
  node: FilterNode,
  params: SqlParams,
  path: string,
  opts: FilterOptions,
): string {
  if (node.type === 'group') {
    // An empty group selects everything, as an empty filter does.
    if (node.rules.length === 0) return 'true'
    const parts = node.rules.map((child, i) =>
      nodeSql(layer, child, params, `${path}.rules.${i}`, opts),
    )
    return parts.length === 1 ? parts[0]! : `(${parts.join(` ${COMBINATOR_SQL[node.operator]} `)})`
  }
  if (layer instanceof FixedFilterFields) {
    const fixed = layer.byName.get(node.field)
    if (!fixed) throw refuse(`${path}.field`, 'filters.unknownField', { field: node.field })
    return fixedRuleSql(fixed, node.operator, node.value, params, `${path}.value`)
  }
  const field = fieldOf(layer, node.field, { internal: opts.internal })
  if (!field) throw refuse(`${path}.field`, 'filters.unknownField', { field: node.field })
  return ruleSql(field, node.operator, node.value, params, `${path}.value`, opts.alias)
}

/** One rule: the operator must be allowed for the field's type by the operator table. */
export function ruleSql(
  field: LayerField,
  operator: FilterOperator,
  value: unknown,
  params: SqlParams,
  path: string,
  alias = 't',
): string {
  return operandRuleSql(
    {
      name: field.name,
      type: field.type,
      column: columnOf(field, alias),
      compared: comparableColumn(field, alias),
      bind: (raw) => valueSql(field, raw, params, path).sql,
    },
    operator,
    value,
    params,
    path,
  )
}

/** One rule over a field of a fixed list: its expression, its value rules and values. */
function fixedRuleSql(
  field: FixedFilterField,
  operator: FilterOperator,
  value: unknown,
  params: SqlParams,
  path: string,
): string {
  const bind = (raw: unknown) => {
    const parsed = parseFieldValue(field.valueType, raw)
    if (!parsed.ok) {
      throw refuse(path, 'filters.invalidValue', {
        field: field.name,
        reason: t(parsed.key, parsed.params),
      })
    }
    if (parsed.value === null) throw refuse(path, 'filters.valueRequired', { field: field.name })
    if (field.values && !field.values.includes(String(parsed.value))) {
      throw refuse(path, 'filters.invalidValue', {
        field: field.name,
        reason: t('filters.oneOf', { values: field.values.join(', ') }),
      })
    }
    return params.bind(parsed.value, SQL_CAST[field.valueType])
  }
  const operand = { name: field.name, type: field.type, column: field.sql, compared: field.sql }
  return operandRuleSql({ ...operand, bind }, operator, value, params, path)
}

/** What a rule compiles against: a column (layer or fixed list) and how a value is bound. */
interface Operand {
  name: string
  /** The type that picks the operators from the shared table. */
  type: FilterFieldType
  /** The column for null tests and ILIKE, and as compared with a bound value. */
  column: string
  compared: string
  bind: (raw: unknown) => string
}

/** A rule: the operator must be allowed for the operand's type by the operator table. */
function operandRuleSql(
  field: Operand,
  operator: FilterOperator,
  value: unknown,
  params: SqlParams,
  path: string,
): string {
  if (!isOperatorAllowed(field.type, operator)) {
    throw refuse(path.replace(/\.value$/, '.operator'), 'filters.operatorNotAllowed', {
      operator: OPERATOR_SQL[operator],
      field: field.name,
    })
  }
  if (!operatorTakesValue(operator)) {
    return `${field.column} ${operator === 'isnotnull' ? 'IS NOT NULL' : 'IS NULL'}`
  }
  if (operator === 'like') {
    const pattern = parseFieldValue('string', value)
    if (!pattern.ok || pattern.value === null) {
      throw refuse(path, 'filters.valueRequired', { field: field.name })
    }
    return likeOn(field.column, String(pattern.value), params)
  }
  return `${field.compared} ${OPERATOR_SQL[operator]} ${field.bind(value)}`
}

/**
 * A bound value written as an SQL literal, for the SQL display of a filter (the filter
 * builder's 'Validar') and for tools that take a whole statement as text (`ogr2ogr -sql`).
 * Only the values the compiler binds reach it: finite numbers, booleans, texts without NUL
 * (dates and times are texts of a checked shape), and arrays of integers. Texts are written
 * as escape strings (E'…', backslash and quote doubled), which read the same whatever
 * standard_conforming_strings says.
 */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('non-finite number in SQL literal')
    const text = String(value)
    return value < 0 || Object.is(value, -0) ? `(${text})` : text
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new Error('NUL in SQL literal')
    return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`
  }
  if (Array.isArray(value) && value.every((v) => Number.isSafeInteger(v))) {
    return `ARRAY[${value.join(',')}]`
  }
  throw new Error(`unsupported SQL literal: ${typeof value}`)
}

/**
 * A statement with its placeholders (`$1`…) replaced by the literals of their values. The
 * statements the compiler writes hold no text of the client: identifiers come quoted from the
 * catalogue and every value is a placeholder, so each `$n` is a placeholder.
 */
export function inlineParams(sql: string, values: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_whole, n: string) => {
    const i = Number(n) - 1
    if (i < 0 || i >= values.length) throw new Error(`no value for $${n}`)
    return sqlLiteral(values[i])
  })
}

/**
 * The SQL display of a filter tree over a layer (POST /api/debug/getquery): the WHERE
 * expression with bare column names and literal values, as the compiler would run it.
 */
export function filterDisplaySql(
  layer: CatalogueLayer,
  input: unknown,
  opts: Omit<FilterOptions, 'alias'> = {},
): string {
  const params = new SqlParams()
  const where = compileFilter(layer, input, params, { ...opts, alias: '' })
  return inlineParams(where, params.values)
}
