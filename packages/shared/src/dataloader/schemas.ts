import { z } from 'zod'
import { t } from '../i18n/messages'
import { SERVED_CRS } from '../crs/crs'

const name = z.string().trim().min(1).max(200)

/** Column mapping (spec 2 §3): a file column to a layer field, one of them the key. */
export const importMappingSchema = z.object({
  index: z.number().int().min(0).optional(),
  source: name,
  destiny: z.string().max(63).nullable().optional(),
  destinyTitle: z.string().max(200).nullable().optional(),
  type: z.string().max(40).default('direct'),
  primaryKey: z.boolean().default(false),
  oldPrimaryKeySource: name.nullable().optional(),
})

export const importVertexSchema = z.object({ x: name, y: name })

/** Destination, mappings and spatialization: the body of execute and a template's metadata. */
export const importExecuteSchema = z.object({
  destinyType: z.union([z.literal(0), z.literal(1)]),
  layerName: z.string().trim().min(1).max(63),
  layerTitle: z.string().max(200).nullable().optional(),
  mappings: z.array(importMappingSchema).max(1000),
  spatializeType: z.enum(['none', 'source-attribute', 'generate']).default('none'),
  spatializeMode: z.enum(['none', 'new', 'all']).default('none'),
  spatializeSourceAttribute: z.string().max(200).nullable().optional(),
  spatializeVertices: z.array(importVertexSchema).max(1000).default([]),
  /** The geometry type of a new layer (destinyType 1): point, linestring, … (none: tabular). */
  spatializeGeometry: z.string().max(40).nullable().optional(),
  /**
   * The coordinate system the file's coordinates or geometries are in (an EPSG code of
   * IMPORT_CRS); unset: the file's own (a GIS file), else WGS 84.
   */
  sourceSrid: z.number().int().positive().nullable().optional(),
})
export type ImportExecuteBody = z.infer<typeof importExecuteSchema>

export const importTemplateBodySchema = z.object({
  name: z
    .string({ error: t('field.required') })
    .trim()
    .min(1, { error: t('field.required') })
    .max(200),
  description: z.string().max(2000).optional(),
  isPublic: z.boolean().optional(),
  metadata: importExecuteSchema
    .partial()
    .extend({ mappings: z.array(importMappingSchema).max(1000).optional() }),
})
export type ImportTemplateBody = z.infer<typeof importTemplateBodySchema>

export const importJobSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  user: z.string(),
  createdDate: z.string(),
  rowCount: z.number().int(),
  metadata: z.object({
    columnNames: z.array(z.string()),
    columnIndexes: z.record(z.string(), z.number()),
    columnTypes: z.record(z.string(), z.string()),
    /** How each column writes its numbers: `br` (1.234,5) or `point` (1234.5). */
    numberStyles: z.record(z.string(), z.enum(['br', 'point'])).optional(),
    /** A GEOMETRY_WKT column's geometry type (`point`, `multipolygon`…) when its values share one. */
    geometryTypes: z.record(z.string(), z.string()).optional(),
    /**
     * A GIS file's coordinate system (EPSG code); null: the file names none GDAL knows (the
     * wizard asks). Absent for csv and xlsx.
     */
    srid: z.number().int().nullable().optional(),
    /** The system's name as the file gives it. */
    crsName: z.string().optional(),
  }),
  config: z.unknown(),
  /** READING while the upload is read into rows, READY for the wizard, FAILED (see message). */
  state: z.enum(['READING', 'READY', 'FAILED']),
  /** Why the reading failed. */
  message: z.string().nullable(),
  /** When the execution was undone as a whole, and by whom. */
  undone: z.object({ at: z.string(), by: z.string() }).nullable(),
})

/**
 * Coordinate systems offered by name for an imported file's coordinates (issue 43): the
 * served systems (SIRGAS 2000 and its UTM zones, SAD69, Córrego Alegre, WGS 84) but the web's
 * Mercator, which no survey is made in.
 */
export const IMPORT_CRS = SERVED_CRS.filter((c) => c.srid !== 3857)

/** The name IMPORT_CRS gives a code, or `EPSG:<code>`. */
export function importCrsName(srid: number): string {
  return IMPORT_CRS.find((c) => c.srid === srid)?.name ?? `EPSG:${srid}`
}

/** An import's phase, as the wizard follows it (GET /api/dataloader/{id}/status). */
export const importStatusSchema = z.object({
  status: z.enum([
    'READING',
    'FAILED',
    'CREATED',
    'QUEUED',
    'IN_PROGRESS',
    'COMPLETE',
    'ERROR',
    'CANCELLED',
  ]),
  progress: z.object({ value: z.number(), max: z.number() }),
  message: z.string().nullable(),
  /** Rows read, validated, written and with errors so far. */
  counts: z.object({
    read: z.number().int(),
    validated: z.number().int(),
    written: z.number().int(),
    errors: z.number().int(),
  }),
})
export type ImportStatusBody = z.infer<typeof importStatusSchema>

export const importRowSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  message: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
})

export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  pending: z.number().int(),
  errors: z.number().int(),
  success: z.number().int(),
})

export const importTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  createdDate: z.string(),
  user: z.string(),
  isPublic: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
})

export type ImportJob = z.infer<typeof importJobSchema>
export type ImportRow = z.infer<typeof importRowSchema>
export type ImportReport = z.infer<typeof importReportSchema>
