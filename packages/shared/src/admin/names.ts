import { SYSTEM_FIELD_NAMES } from '../layers/schemas'
import type { MessageKey } from '../i18n/messages'

/**
 * Names of tables and fields (spec 3 §5): letters, digits and underscore, not starting with a
 * digit. Letters are ASCII lower case: the name is also the layer's WFS type name and a column
 * every client (QGIS, GDAL, shapefile exports) must read unquoted; the form lowers what is typed
 * and drops accents (`Situação` → `situacao`).
 */
export const NAME_PATTERN = /^[a-z_][a-z0-9_]*$/

/** PostgreSQL keeps the first 63 bytes of an identifier (NAMEDATALEN - 1). */
export const MAX_NAME_BYTES = 63

/**
 * PostgreSQL's reserved key words (`pg_get_keywords()` categories R and T, PostgreSQL 15 to
 * 17): a test checks the running database has no other. Refused as table and field names.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check
  collate collation column concurrently constraint create cross current_catalog current_date
  current_role current_schema current_time current_timestamp current_user default deferrable desc
  distinct do else end except false fetch for foreign freeze from full grant group having ilike
  in initially inner intersect into is isnull join lateral leading left like limit localtime
  localtimestamp natural not notnull null offset on only or order outer overlaps placing primary
  references returning right select session_user similar some symmetric system_user table
  tablesample then to trailing true union unique user using variadic verbose when where window
  with`.split(/\s+/),
)

/**
 * Our special fields (every layer table has them) and PostgreSQL's system columns: no user
 * field may take these names.
 */
export const SPECIAL_FIELD_NAMES: ReadonlySet<string> = new Set([
  ...SYSTEM_FIELD_NAMES,
  'tableoid',
  'xmin',
  'xmax',
  'cmin',
  'cmax',
  'ctid',
  'oid',
])

/** Words of the feature API's own paths (`/api/features/remapindex`): never a layer's name. */
export const ROUTE_WORDS: ReadonlySet<string> = new Set([
  'remapindex',
  'searchcoord',
  'createreport',
  'parametersreport',
  'unregistered',
])

/** Size of a name in UTF-8 bytes, as PostgreSQL counts it. */
export function nameBytes(name: string): number {
  return new TextEncoder().encode(name).length
}

/** The part of a name PostgreSQL keeps: its first 63 bytes. */
export function significantName(name: string): string {
  const bytes = new TextEncoder().encode(name)
  if (bytes.length <= MAX_NAME_BYTES) return name
  return new TextDecoder().decode(bytes.slice(0, MAX_NAME_BYTES)).replace(/\uFFFD+$/, '')
}

/** Two names PostgreSQL would take for the same identifier. */
export function sameName(a: string, b: string): boolean {
  return significantName(a) === significantName(b)
}

/**
 * What the name box keeps while the user types: letters lowered and without accents, spaces and
 * hyphens as underscores; anything else (or a leading digit) is refused, keeping `previous`.
 */
export function typedName(text: string, previous: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s-]/g, '_')
  return plain === '' || NAME_PATTERN.test(plain) ? plain : previous
}

export interface NameProblem {
  key: MessageKey
  params?: Record<string, string>
}

/**
 * The problem of a field name among the table's other field names, or undefined. Order: empty,
 * not a name, too long, a special field or reserved word, taken (in its first 63 bytes).
 */
export function fieldNameProblem(name: string, others: readonly string[]): NameProblem | undefined {
  if (name.trim() === '') return { key: 'admin.schema.fieldNameEmpty' }
  if (!NAME_PATTERN.test(name)) return { key: 'admin.schema.fieldNameInvalid' }
  if (others.some((o) => sameName(o, name))) return { key: 'admin.schema.fieldNameExists' }
  if (nameBytes(name) > MAX_NAME_BYTES) return { key: 'admin.schema.fieldNameInvalid' }
  if (SPECIAL_FIELD_NAMES.has(name) || RESERVED_WORDS.has(name)) {
    return { key: 'admin.schema.fieldNameReserved', params: { name } }
  }
  return undefined
}

/** The problem of a new table's name among the relations of schema data, or undefined. */
export function tableNameProblem(
  name: string,
  existing: readonly string[] = [],
): NameProblem | undefined {
  if (name.trim() === '') return { key: 'admin.schema.tableNameRequired' }
  if (!NAME_PATTERN.test(name)) return { key: 'admin.schema.tableNameInvalid' }
  if (existing.some((o) => sameName(o, name))) return { key: 'admin.schema.tableNameExists' }
  if (nameBytes(name) > MAX_NAME_BYTES) return { key: 'admin.schema.tableNameInvalid' }
  if (RESERVED_WORDS.has(name) || ROUTE_WORDS.has(name)) {
    return { key: 'admin.schema.tableNameReserved', params: { name } }
  }
  return undefined
}
