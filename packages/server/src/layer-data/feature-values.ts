import { MIN_ATTRIBUTE_YEAR, t, type MessageKey } from '@gis/shared'
import type { FieldError } from '../http/errors'
import { fieldOf, type CatalogueLayer, type LayerField } from './model'
import { parseFieldValue, SQL_CAST, type FieldValue } from './values'

/** What the database says about a column of a layer table (see featureColumns). */
export interface ColumnInfo {
  name: string
  /** `format_type` of the column: `integer`, `numeric(9,3)`, `character varying(24)`, … */
  sqlType: string
  notNull: boolean
  hasDefault: boolean
}

/** One value to write: the column, the value and the SQL type it is bound as. */
export interface ColumnValue {
  field: LayerField
  value: FieldValue
  cast: string
}

export interface CheckedValues {
  values: ColumnValue[]
  errors: FieldError[]
}

const INTEGER_RANGES: Record<string, number> = {
  smallint: 32_767,
  integer: 2_147_483_647,
  // bigint holds more, but a JavaScript number is exact only up to 2^53 - 1.
  bigint: Number.MAX_SAFE_INTEGER,
}

const YEAR = /^(\d{4})-/

const err = (field: string, key: MessageKey, params?: Record<string, string | number>) => ({
  field,
  message: t(key, params),
})

/** The column's own limits: integer ranges, numeric precision, varchar length. */
function columnProblem(
  field: LayerField,
  column: ColumnInfo | undefined,
  value: FieldValue,
): FieldError | undefined {
  if (!column || value === null) return undefined
  if (typeof value === 'number') {
    const range = INTEGER_RANGES[column.sqlType]
    if (range !== undefined) {
      if (!Number.isInteger(value)) return err(field.name, 'features.value.integer')
      if (Math.abs(value) > range) return err(field.name, 'features.value.outOfRange')
    }
    const numeric = /^numeric\((\d+),(\d+)\)$/.exec(column.sqlType)
    if (numeric) {
      const [precision, scale] = [Number(numeric[1]), Number(numeric[2])]
      // Rounded to the scale, the value must keep at most precision - scale integer digits.
      const rounded = Math.abs(Number(value.toFixed(scale)))
      if (rounded >= 10 ** (precision - scale)) return err(field.name, 'features.value.outOfRange')
    }
  }
  if (typeof value === 'string') {
    const varchar = /^character varying\((\d+)\)$/.exec(column.sqlType)
    if (varchar && [...value].length > Number(varchar[1])) {
      return err(field.name, 'values.tooLong', { max: Number(varchar[1]) })
    }
  }
  return undefined
}

/** A value of a selectable domain must be one of its values (numbers compare as numbers). */
function inDomain(values: readonly (string | number)[], value: FieldValue): boolean {
  return values.some((v) =>
    typeof v === 'number' || typeof value === 'number'
      ? Number(v) === Number(value)
      : String(v) === String(value),
  )
}

export interface CheckOptions {
  /** Insert: every NOT NULL column without a default must be given. */
  insert: boolean
  /** The feature's current attributes (update): system fields sent unchanged are ignored. */
  current?: Record<string, unknown>
  /** Ids of the feature's attachments: the only values a file or photo field may take. */
  attachmentIds?: ReadonlySet<string>
}

/**
 * Checks an attribute map for a write and turns it into values to bind. Rules, each a field
 * error in Portuguese (all of them, not the first only):
 * - the field must be one of the layer's; `id` and the other system fields are never written
 *   (sent unchanged on an update they are ignored);
 * - the value must suit the attribute's type (layer-data's value rules), dates must be in
 *   year 1900 or later, texts within the attribute's maxLength and the column's length;
 * - integers must be whole and in range, numerics within their precision;
 * - a selectable domain takes only its values; a file or photo field only an attachment of
 *   the feature (none before the feature exists);
 * - a NOT NULL column cannot be emptied, and an insert must give every NOT NULL column
 *   without a default.
 */
export function checkAttributes(
  layer: CatalogueLayer,
  columns: readonly ColumnInfo[],
  attributes: Record<string, unknown>,
  opts: CheckOptions,
): CheckedValues {
  const byName = new Map(columns.map((c) => [c.name, c]))
  const values: ColumnValue[] = []
  const errors: FieldError[] = []
  for (const [name, raw] of Object.entries(attributes)) {
    const field = fieldOf(layer, name, { internal: true })
    if (!field || field.type === 'geometry') {
      errors.push(err(name, field ? 'features.value.systemField' : 'features.value.unknownField'))
      continue
    }
    if (field.system) {
      const unchanged =
        opts.current !== undefined &&
        (raw === opts.current[name] || String(raw) === String(opts.current[name]))
      if (!unchanged) {
        errors.push(
          err(name, name === 'id' ? 'features.value.idReadOnly' : 'features.value.systemField'),
        )
      }
      continue
    }
    const parsed = parseFieldValue(field.type, raw, { maxLength: field.maxLength })
    if (!parsed.ok) {
      errors.push(err(name, parsed.key, parsed.params))
      continue
    }
    const value = field.type === 'string' && parsed.value === '' ? null : parsed.value
    if ((field.type === 'date' || field.type === 'datetime') && typeof value === 'string') {
      const year = Number(YEAR.exec(value)?.[1] ?? 0)
      if (year < MIN_ATTRIBUTE_YEAR) {
        errors.push(err(name, 'features.value.yearMin'))
        continue
      }
    }
    const column = byName.get(name)
    const problem = columnProblem(field, column, value)
    if (problem) {
      errors.push(problem)
      continue
    }
    const domain = layer.domains[name]
    if (domain && value !== null) {
      if (
        domain.type === 'selectable' &&
        domain.values.length > 0 &&
        !inDomain(domain.values, value)
      ) {
        errors.push(err(name, 'features.value.selectOption'))
        continue
      }
      if (domain.type === 'file' || domain.type === 'photo') {
        if (!opts.attachmentIds) {
          errors.push(err(name, 'features.createFirst'))
          continue
        }
        if (!opts.attachmentIds.has(String(value))) {
          errors.push(err(name, 'features.value.attachment'))
          continue
        }
      }
    }
    if (value === null && column?.notNull) {
      errors.push(err(name, 'features.value.required'))
      continue
    }
    values.push({ field, value, cast: SQL_CAST[field.type] })
  }
  if (opts.insert) {
    for (const column of columns) {
      const field = fieldOf(layer, column.name, { internal: true })
      if (!field || field.system || !column.notNull || column.hasDefault) continue
      if (!(column.name in attributes)) errors.push(err(column.name, 'features.value.required'))
    }
  }
  return { values, errors }
}
