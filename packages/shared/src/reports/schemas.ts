import { z } from 'zod'
import { t } from '../i18n/messages'
import { filterTreeSchema } from '../search/schemas'
import {
  BORDER_STYLES,
  FONT_FAMILIES,
  GENERATION_TYPES,
  HORIZONTAL_ALIGNMENTS,
  IMAGE_LOCATIONS,
  PAPER_SIZES,
  PARAMETER_TYPES,
  REPORT_TYPES,
  SIZE_POLICIES,
  TEXT_ORIENTATIONS,
  VERTICAL_ALIGNMENTS,
  type TemplateTable,
} from './template'

const size = z.number().positive().max(100_000).nullable().optional()
const margin = z.number().min(0).max(100).nullable()
const text = z.string().max(4000)
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/)

export const templateImageSchema = z.object({
  marginTop: margin,
  marginRight: margin,
  marginBottom: margin,
  marginLeft: margin,
  location: z.enum(IMAGE_LOCATIONS),
  /** A LOCAL image is a data: URL of at most about 1 MB. */
  value: z.string().max(1_400_000).nullable().optional(),
})

export const templateStyleSchema = z.object({
  name: z.string().trim().min(1).max(100),
  wrapText: z.boolean(),
  textOrientation: z.enum(TEXT_ORIENTATIONS),
  horizontalAlignment: z.enum(HORIZONTAL_ALIGNMENTS),
  verticalAlignment: z.enum(VERTICAL_ALIGNMENTS),
  fontSize: z.number().positive().max(400),
  fontFamily: z.enum(FONT_FAMILIES),
  fontBold: z.boolean(),
  fontItalic: z.boolean(),
  fontUnderline: z.boolean(),
  borderTop: z.enum(BORDER_STYLES),
  borderLeft: z.enum(BORDER_STYLES),
  borderRight: z.enum(BORDER_STYLES),
  borderBottom: z.enum(BORDER_STYLES),
  backgroundColor: color,
  fontColor: color,
})

const span = z.number().int().min(1).max(1000)

/** Tables nest through group cells (GRUPO); the schema is recursive, bounded by size limits. */
export const templateTableSchema: z.ZodType<TemplateTable> = z.lazy(() =>
  z.object({
    type: z.enum(GENERATION_TYPES),
    title: z.string().max(200).nullable().optional(),
    value: text.nullable().optional(),
    var: z.string().max(100).nullable().optional(),
    rows: z.array(templateRowSchema).max(1000),
  }),
)

export const templateCellSchema = z.object({
  colSpan: span,
  rowSpan: span,
  value: text.nullable().optional(),
  colSize: size,
  rowSize: size,
  sizePolicy: z.enum(SIZE_POLICIES).optional(),
  rowExpand: z.boolean().optional(),
  rowExpandSize: size,
  cellPosition: z.string().max(20).nullable().optional(),
  style: z.string().max(100).nullable().optional(),
  image: templateImageSchema.nullable().optional(),
  child: templateTableSchema.nullable().optional(),
  tooltip: z
    .object({ type: z.enum(['WARNING', 'error']), text: z.string().max(500) })
    .nullable()
    .optional(),
})

export const templateRowSchema = z.object({ cells: z.array(templateCellSchema).max(500) })

export const printableSchema = z.object({
  landscape: z.boolean(),
  scale: z.number().int().min(10).max(400),
  marginTop: z.number().min(0).max(20),
  marginRight: z.number().min(0).max(20),
  marginBottom: z.number().min(0).max(20),
  marginLeft: z.number().min(0).max(20),
  paperSize: z.enum(Object.keys(PAPER_SIZES) as [keyof typeof PAPER_SIZES]),
})

export const environmentVariableSchema = z.object({
  value: z.string().trim().min(1).max(100),
  title: z.string().max(200),
})

export const reportTemplateSchema = z.object({
  name: z
    .string({ error: t('field.required') })
    .trim()
    .min(1, { error: t('field.required') })
    .max(200),
  grid: z.array(templateTableSchema).min(1).max(50),
  styles: z.array(templateStyleSchema).max(200),
  printable: printableSchema,
  variables: z.array(environmentVariableSchema).max(1000).default([]),
  layer: z.string().max(63).nullable().optional(),
})

export const reportParameterSchema = z.object({
  name: z.string().trim().min(1).max(100),
  type: z.enum(PARAMETER_TYPES),
  description: z.string().max(500).nullable().optional(),
  value: z.unknown().optional(),
  postValue: z.unknown().optional(),
  debug: z.boolean().optional(),
  disabled: z.boolean().optional(),
})

/** A template as stored: where it sits in the tree, who sees it, its parameters. */
export const reportRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Folder path, '/'-separated ('' at the root). */
  folder: z.string(),
  reportType: z.enum(REPORT_TYPES),
  visible: z.boolean(),
  /** Set for a template in the owner's 'Meus Relatórios'. */
  ownerId: z.number().int().nullable(),
  parameters: z.array(reportParameterSchema),
  template: reportTemplateSchema,
  updated: z.string(),
})
export type ReportRecord = z.infer<typeof reportRecordSchema>

export const reportSaveSchema = z.object({
  folder: z.string().trim().max(500).default(''),
  reportType: z.enum(REPORT_TYPES).default('summary'),
  visible: z.boolean().default(true),
  /** true: into the caller's 'Meus Relatórios' (always so for non-administrators). */
  mine: z.boolean().default(false),
  parameters: z.array(reportParameterSchema).max(100).default([]),
  template: reportTemplateSchema,
})
export type ReportSaveBody = z.infer<typeof reportSaveSchema>

/** The report tree (spec 3 §3): folders and reports. */
export interface ReportNode {
  id: string
  name: string
  type: 'directory' | 'report'
  reportType: 'record' | 'summary' | 'folder' | 'simple' | 'GENERIC'
  dir: string
  visible: boolean
  expansible: boolean
  children: ReportNode[]
  parent: string | null
  /** The template id of a report node. */
  reportId?: number
}
export const reportNodeSchema: z.ZodType<ReportNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['directory', 'report']),
    reportType: z.enum(['record', 'summary', 'folder', 'simple', 'GENERIC']),
    dir: z.string(),
    visible: z.boolean(),
    expansible: z.boolean(),
    children: z.array(reportNodeSchema),
    parent: z.string().nullable(),
    reportId: z.number().int().optional(),
  }),
)

/** What the generation dialog sends: the layer, the data filter and the parameters' values. */
export const reportRunSchema = z.object({
  layerName: z.string().trim().min(1).max(63),
  filter: filterTreeSchema.nullable().optional(),
  /** Selected feature ids instead of a filter. */
  ids: z.array(z.number().int().positive()).max(100_000).optional(),
  parameters: z.record(z.string().max(100), z.unknown()).default({}),
  timeZone: z.string().max(64).optional(),
})
export type ReportRunBody = z.infer<typeof reportRunSchema>
