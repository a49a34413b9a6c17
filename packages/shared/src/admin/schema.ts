import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import type { LayerGeometryType } from '../layers/schemas'

installZodErrorMap()

/**
 * Field types of the 'Novo campo' dialog (spec 3 §3), in its order; 'date' (a day without a
 * time, as the demo's inspection dates and an imported dd/mm/aaaa column are) beyond the spec's.
 */
export const FIELD_TYPES = [
  'string',
  'integer',
  'double',
  'numeric',
  'date',
  'datetime',
  'boolean',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

/** Types a column of an existing table may have beyond those the dialog creates. */
export const COLUMN_TYPES = [...FIELD_TYPES, 'time', 'geometry', 'uuid', 'other'] as const
export type ColumnType = (typeof COLUMN_TYPES)[number]

/** Defaults of a new field (spec 3 §9): text length 32, numeric precision 12 and scale 6. */
export const FIELD_DEFAULTS = { length: 32, precision: 12, scale: 6 } as const
export const MAX_TEXT_LENGTH = 10_485_760
export const MAX_NUMERIC_PRECISION = 1000
/** Fields a table may be created with (PostgreSQL allows 1,600 columns). */
export const MAX_TABLE_FIELDS = 500

/** Geometry of a new table, as the dialog names it (spec 3 §3). */
export const TABLE_GEOMETRIES = [
  'Tabular',
  'Point',
  'LineString',
  'Polygon',
  'MultiPoint',
  'MultiLineString',
  'MultiPolygon',
] as const
export type TableGeometry = (typeof TABLE_GEOMETRIES)[number]

/** The catalogue's geometry type of a table geometry. */
export const LAYER_GEOMETRY_OF: Record<TableGeometry, LayerGeometryType> = {
  Tabular: 'TABULAR',
  Point: 'point',
  LineString: 'linestring',
  Polygon: 'polygon',
  MultiPoint: 'multipoint',
  MultiLineString: 'multilinestring',
  MultiPolygon: 'multipolygon',
}

export const TABLE_GEOMETRY_OF: Record<LayerGeometryType, TableGeometry> = {
  TABULAR: 'Tabular',
  point: 'Point',
  linestring: 'LineString',
  polygon: 'Polygon',
  multipoint: 'MultiPoint',
  multilinestring: 'MultiLineString',
  multipolygon: 'MultiPolygon',
}

/** A layer's geometry type as the screens name it ('Ponto (Point)', 'Tabular (sem geometria)'). */
export function geometryTypeLabel(type: LayerGeometryType): string {
  return t(`admin.schema.geometry.${TABLE_GEOMETRY_OF[type]}`)
}

const int = (key: Parameters<typeof t>[0], min: number, max: number) =>
  z
    .number({ error: t(key) })
    .int({ error: t(key) })
    .min(min, { error: t(key) })
    .max(max, { error: t(key) })

/**
 * A field of the 'Novo campo' dialog. Its name is checked by `fieldNameProblem` (names.ts)
 * against the other fields, so the messages are the spec's.
 */
export const fieldDefinitionSchema = z
  .object({
    /** Client-generated, to keep a row's identity while it is edited; ignored by the server. */
    id: z.string().max(64).optional(),
    name: z.string({ error: t('admin.schema.fieldNameEmpty') }).max(200),
    type: z.enum(FIELD_TYPES, { error: t('admin.schema.fieldTypeInvalid') }),
    notNull: z.boolean().default(false),
    length: int('admin.schema.lengthInvalid', 1, MAX_TEXT_LENGTH).optional(),
    precision: int('admin.schema.precisionInvalid', 1, MAX_NUMERIC_PRECISION).optional(),
    scale: int('admin.schema.scaleInvalid', 0, MAX_NUMERIC_PRECISION).optional(),
  })
  .strict()
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>

export const tableCreateSchema = z
  .object({
    name: z.string({ error: t('admin.schema.tableNameRequired') }).max(200),
    geometry: z.enum(TABLE_GEOMETRIES, { error: t('admin.schema.geometryInvalid') }),
    fields: z
      .array(fieldDefinitionSchema)
      .max(MAX_TABLE_FIELDS, { error: t('admin.schema.tooManyFields', { max: MAX_TABLE_FIELDS }) }),
  })
  .strict()
export type TableCreate = z.infer<typeof tableCreateSchema>

/** A table of schema data in the tables list. */
export const tableRecordSchema = z.object({
  name: z.string(),
  geometry: z.enum(TABLE_GEOMETRIES).nullable(),
  srid: z.number().nullable(),
  /** User fields (system fields not counted). */
  fields: z.number(),
  /** Rows (an estimate for large tables). */
  rows: z.number(),
  layer: z.object({ id: z.number(), name: z.string(), title: z.string() }).nullable(),
})
export type TableRecord = z.infer<typeof tableRecordSchema>

/** A column of a table of schema data. */
export const fieldRecordSchema = z.object({
  name: z.string(),
  type: z.enum(COLUMN_TYPES),
  /** The column's SQL type as PostgreSQL writes it (`character varying(32)`). */
  sqlType: z.string(),
  notNull: z.boolean(),
  length: z.number().nullable(),
  precision: z.number().nullable(),
  scale: z.number().nullable(),
  /** One of the special fields every layer table has (id, uuid, geom, d_e_l_e_t_, m_o_d_i_f_). */
  system: z.boolean(),
})
export type FieldRecord = z.infer<typeof fieldRecordSchema>

/** What POST /api/schema/refresh did to each registered layer's catalogue entry. */
export const schemaRefreshSchema = z.object({
  layers: z.array(
    z.object({
      name: z.string(),
      added: z.array(z.string()),
      removed: z.array(z.string()),
      changed: z.array(z.string()),
    }),
  ),
})
export type SchemaRefresh = z.infer<typeof schemaRefreshSchema>
