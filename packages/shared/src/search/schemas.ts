import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import { crsInfo, SERVED_CRS } from '../crs/crs'
import {
  DEFAULT_EXPORT_FORMAT,
  EXPORT_FORMATS,
  JOB_STATUSES,
  SAMPLES_DEFAULT_LIMIT,
  SAMPLES_MAX_LIMIT,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_IDS,
  SEARCH_MAX_LIMIT,
} from './constants'

installZodErrorMap()

/**
 * A filter builder tree (the serialised query: groups `{type:'group', operator, rules}` and
 * rules `{type:'rule', field, operator, value}`). Validated by the server's filter reader,
 * which knows the layer, within the shared limits; any JSON passes the schema.
 */
export const filterTreeSchema = z
  .unknown()
  .describe(
    'Árvore do construtor de filtros: grupos {type, operator, rules} e regras {type, field, operator, value}',
  )

const ids = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(SEARCH_MAX_IDS, { error: t('search.tooManyIds', { max: SEARCH_MAX_IDS }) })

const order = z.enum(['asc', 'desc'], { error: t('search.orderInvalid') })

/** Paging of a search: page from 0, limit (20 by default), sort (`-` descends) and order. */
export const searchQuerySchema = z.object({
  page: z.coerce
    .number({ error: t('paging.invalid') })
    .int({ error: t('paging.invalid') })
    .min(0, { error: t('paging.invalid') })
    .default(0),
  limit: z.coerce
    .number({ error: t('paging.invalid') })
    .int({ error: t('paging.invalid') })
    .min(1, { error: t('paging.invalid') })
    .max(SEARCH_MAX_LIMIT, { error: t('paging.invalid') })
    .default(SEARCH_DEFAULT_LIMIT),
  sort: z.string().max(100).optional(),
  order: order.optional(),
})
export type SearchQuery = z.infer<typeof searchQuerySchema>

/** What to search: a filter tree and, optionally, only these ids (a selection). */
export const searchBodySchema = z
  .object({
    filter: filterTreeSchema.optional(),
    ids: ids.optional(),
  })
  .strict()
export type SearchBody = z.infer<typeof searchBodySchema>

/**
 * One row of a search: `id`, the layer's fields (dates as `YYYY-MM-DD`, date-times as ISO
 * text in UTC, times as `hh:mm:ss`), `geom` as the geometry's type or null, and `d_e_l_e_t_`.
 */
export type SearchRow = Record<string, string | number | boolean | null> & { id: number }

export const searchResponseSchema = z.object({
  results: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  rowCount: z.number().int(),
})
export interface SearchResponse {
  results: SearchRow[]
  rowCount: number
}

export const samplesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: t('paging.invalid') })
    .int({ error: t('paging.invalid') })
    .min(1, { error: t('paging.invalid') })
    .max(SAMPLES_MAX_LIMIT, { error: t('paging.invalid') })
    .default(SAMPLES_DEFAULT_LIMIT),
  /** Only values whose text contains this (any case). */
  filter: z.string().max(200).optional(),
})
export const samplesResponseSchema = z.array(z.union([z.string(), z.number(), z.boolean()]))
export type SampleValue = z.infer<typeof samplesResponseSchema>[number]

/** Geometries of the matching features (VER NO MAPA): GeoJSON in EPSG:4326. */
export const searchGeometriesResponseSchema = z.array(
  z.object({ id: z.number().int(), geometry: z.record(z.string(), z.unknown()).nullable() }),
)

export const getQueryResponseSchema = z.object({ sql: z.string() })

export const exportFormatSchema = z.enum(EXPORT_FORMATS, { error: t('export.formatUnknown') })

export const exportQuerySchema = z.object({
  format: exportFormatSchema.default(DEFAULT_EXPORT_FORMAT),
})

const timeZone = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone })
        return true
      } catch {
        return false
      }
    },
    { error: t('field.invalid') },
  )

/** The served systems' codes, as the refusals list them (codes, not quantities: no grouping). */
const servedList = () => SERVED_CRS.map((c) => c.srid).join(', ')
/** The refusal of a coordinate system that is not served: the code asked for and the list. */
const sridUnknown = (input: unknown) =>
  t('export.sridUnknown', { srid: String(input).slice(0, 20), list: servedList() })

/** An output coordinate system: the EPSG code of one of the served systems (`SERVED_CRS`). */
export const exportSridSchema = z
  .number({ error: () => t('export.sridType', { list: servedList() }) })
  .refine((srid) => crsInfo(srid) !== undefined, { error: (issue) => sridUnknown(issue.input) })

/** What to export: the attributes (in this order), the filter or a selection, the order. */
export const exportBodySchema = z
  .object({
    fields: z
      .array(z.string().max(63))
      .min(1, { error: t('export.noFields') })
      .max(500),
    filter: filterTreeSchema.optional(),
    ids: ids.optional(),
    sort: z.string().max(100).optional(),
    order: order.optional(),
    /** Date-times are written in this zone in the spreadsheet and KML formats (default São Paulo). */
    timeZone: timeZone.optional(),
    /**
     * Deleted features too, flagged in the column d_e_l_e_t_ ('Excluído?'); without it they
     * are left out, as in the reports (not for DXF and DGN, which carry no attributes).
     */
    includeDeleted: z.boolean().optional(),
    /**
     * The EPSG code the geometries are written in, one of the served systems; without it the
     * format's default (`defaultExportSrid`: DXF and DGN the layer's SIRGAS 2000 / UTM zone,
     * KML 4326 and the ARTESP GeoJSON 4674 always, every other format 4326).
     */
    srid: exportSridSchema.optional(),
  })
  .strict()
export type ExportBody = z.infer<typeof exportBodySchema>

/** An export job as the report repository shows it (spec 3 section 3, Job). */
export const exportJobSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  username: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  progress: z.object({ value: z.number(), max: z.number() }),
  created: z.string(),
  /** Processing time in milliseconds. */
  elapsed: z.number(),
  message: z.string().nullable(),
  /** Once COMPLETE: the file's name, type, size and rows. */
  filename: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().nullable(),
  rows: z.number().nullable(),
  /**
   * Once COMPLETE with a file: where to download it (`/api/report/{id}`, bearer or `?token=`;
   * 410 once expired). The one name every job representation gives its file's link.
   */
  fileUrl: z.string().nullable(),
})
export type ExportJob = z.infer<typeof exportJobSchema>

/** The download address of a finished job's file (export or report), without the token. */
export const jobFilePath = (jobId: number) => `/api/report/${jobId}`

/** The direct downloads (`parametersreport`, `createreport`): the export's parameters as text. */
export const exportParametersSchema = z
  .object({
    layer: z.string().max(63),
    format: exportFormatSchema.default(DEFAULT_EXPORT_FORMAT),
    /** Comma-separated attribute names. */
    fields: z
      .string()
      .min(1, { error: t('export.noFields') })
      .max(20_000),
    /** The filter tree as JSON text. */
    filter: z.string().max(200_000).optional(),
    /** Comma-separated ids. */
    ids: z.string().max(200_000).optional(),
    sort: z.string().max(100).optional(),
    order: order.optional(),
    timeZone: timeZone.optional(),
    /** `true`: deleted features too, flagged (see `includeDeleted` of the export body). */
    includeDeleted: z.enum(['true', 'false'], { error: t('field.invalid') }).optional(),
    /** The output system's EPSG code (see `srid` of the export body). */
    srid: z
      .string()
      .refine((text) => /^\d{1,6}$/.test(text) && crsInfo(Number(text)) !== undefined, {
        error: (issue) => sridUnknown(issue.input),
      })
      .optional(),
    token: z.string().max(200).optional(),
  })
  .strict()
export type ExportParameters = z.infer<typeof exportParametersSchema>

/**
 * The regulator's KMZ (`GET /api/integration/{regulator}/kmz`): the items (layers), and for
 * the one named `layer` (the search's) the search's scope: the selected ids or the filter,
 * and the attributes chosen in the export dialog.
 */
export const kmzQuerySchema = z
  .object({
    token: z.string().max(200).optional(),
    /** Comma-separated item keys. */
    items: z.string().max(4000),
    /** The item the next parameters apply to. */
    layer: z.string().max(63).optional(),
    /** Comma-separated attribute names of `layer` (its placemarks' data, in this order). */
    fields: z.string().max(20_000).optional(),
    /** Comma-separated ids of `layer` (a selection). */
    ids: z.string().max(200_000).optional(),
    /** The filter tree of `layer` as JSON text. */
    filter: z.string().max(200_000).optional(),
  })
  .strict()
export type KmzQuery = z.infer<typeof kmzQuerySchema>
