import { z } from 'zod'
import { t, type MessageKey } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import { SAO_PAULO_TIME_ZONE, wallClockIn } from '../dates/wall-clock'
import { INSPECTION_PHOTOS_CONTENT_TAG } from '../documents/schemas'

installZodErrorMap()

/**
 * Payloads of the inspection monitoring module (issue 30, module oaeInspections):
 * /api/inspections. The model and the due rule are in docs/inspections.md.
 */

/** The content tag of inspection photos (uploaded first through POST /api/content). */
export const INSPECTION_PHOTO_TAG = INSPECTION_PHOTOS_CONTENT_TAG
/** The setting naming the bridges' layer, and its default. */
export const INSPECTION_LAYER_SETTING = 'inspectionLayer'
export const DEFAULT_INSPECTION_LAYER = 'oae'
/** At most this many photos in one inspection (its own and its anomalies'). */
export const INSPECTION_MAX_PHOTOS = 100
export const INSPECTION_MAX_ANOMALIES = 100

/** The three notes, best first: 5 Excelente, 4 Boa, 3 Regular, 2 Ruim, 1 Crítica. */
export const INSPECTION_NOTES = [5, 4, 3, 2, 1] as const
export type InspectionNote = (typeof INSPECTION_NOTES)[number]
const NOTE_KEYS: Record<InspectionNote, MessageKey> = {
  5: 'inspectionApi.note5',
  4: 'inspectionApi.note4',
  3: 'inspectionApi.note3',
  2: 'inspectionApi.note2',
  1: 'inspectionApi.note1',
}
/** The name of a note ('Excelente' … 'Crítica'). */
export function inspectionNoteName(note: number): string {
  const key = NOTE_KEYS[note as InspectionNote]
  return key ? t(key) : ''
}
/** Note → name, for lists and legends. */
export const INSPECTION_NOTE_NAMES: Readonly<Record<InspectionNote, string>> = {
  5: t('inspectionApi.note5'),
  4: t('inspectionApi.note4'),
  3: t('inspectionApi.note3'),
  2: t('inspectionApi.note2'),
  1: t('inspectionApi.note1'),
}

/** The elements anomalies are usually recorded on (domain.md); any other text is accepted. */
export const INSPECTION_ELEMENTS = [
  'Superestrutura',
  'Mesoestrutura',
  'Infraestrutura',
  'Aparelhos de apoio',
  'Juntas',
  'Encontros',
  'Pavimento',
  'Acostamento',
] as const

/**
 * A bridge's status by the due rule: OVERDUE (some periodic type's due date is before today),
 * DUE_30 / DUE_90 (the nearest due within 30 / 90 days), OK, NEVER (no accepted inspection;
 * counted as overdue).
 */
export const BRIDGE_STATUSES = ['OVERDUE', 'DUE_30', 'DUE_90', 'OK', 'NEVER'] as const
export type BridgeStatus = (typeof BRIDGE_STATUSES)[number]
export const bridgeStatusSchema = z.enum(BRIDGE_STATUSES, {
  error: t('inspectionApi.statusInvalid'),
})
/** Portuguese name of a bridge status. */
export function bridgeStatusName(status: BridgeStatus): string {
  return t(`inspectionApi.status${status}` as MessageKey)
}

/** An inspection's status: ACCEPTED counts; PENDING waits for an administrator. */
export const INSPECTION_STATUSES = ['ACCEPTED', 'PENDING', 'REJECTED'] as const
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number]
export const inspectionStatusSchema = z.enum(INSPECTION_STATUSES)
export function inspectionStatusName(status: InspectionStatus): string {
  return t(`inspectionApi.inspection${status}` as MessageKey)
}

/** Today in São Paulo as YYYY-MM-DD (the due rule's and the form's "today"). */
export function inspectionToday(now: Date = new Date()): string {
  const c = wallClockIn(SAO_PAULO_TIME_ZONE)(now)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${c.year}-${two(c.month)}-${two(c.day)}`
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
function validIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === s && Number(m[1]) >= 1900
}

const note = z
  .number({ error: t('inspectionApi.noteInvalid') })
  .int({ error: t('inspectionApi.noteInvalid') })
  .min(1, { error: t('inspectionApi.noteInvalid') })
  .max(5, { error: t('inspectionApi.noteInvalid') })

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

// ---------------------------------------------------------------- types

/** GET /types: one inspection type; periodicityMonths null = not periodic. */
export const inspectionTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  periodicityMonths: z.number().int().nullable(),
  position: z.number().int(),
  /** It has inspections (it cannot be removed). */
  inUse: z.boolean(),
})
export type InspectionType = z.infer<typeof inspectionTypeSchema>
export const inspectionTypesSchema = z.array(inspectionTypeSchema)

/** PUT /types: the whole list in order (no id: new; a listed type missing: removed). */
export const inspectionTypeInputSchema = z.object({
  id: id.optional(),
  name: z
    .string({ error: t('inspectionApi.typeNameRequired') })
    .trim()
    .min(1, { error: t('inspectionApi.typeNameRequired') })
    .max(100),
  periodicityMonths: z
    .number({ error: t('inspectionApi.periodicityInvalid') })
    .int({ error: t('inspectionApi.periodicityInvalid') })
    .min(1, { error: t('inspectionApi.periodicityInvalid') })
    .max(240, { error: t('inspectionApi.periodicityInvalid') })
    .nullable(),
})
export type InspectionTypeInput = z.infer<typeof inspectionTypeInputSchema>
export const inspectionTypesInputSchema = z
  .array(inspectionTypeInputSchema)
  .min(1, { error: t('inspectionApi.typesEmpty') })
  .max(50)
  .superRefine((list, ctx) => {
    const seen = new Set<string>()
    list.forEach((type, i) => {
      const key = type.name.toLocaleLowerCase('pt-BR')
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'name'],
          message: t('inspectionApi.typeNameRepeated', { name: type.name }),
        })
      }
      seen.add(key)
    })
  })

// ---------------------------------------------------------------- summary

/**
 * GET /summary over the readable live bridges. overdue, never, due30, due90 and ok split
 * `total` by status (a NEVER bridge is past due too, but counted apart: Atrasadas + Nunca
 * inspecionadas are all the bridges past due); pending counts inspections awaiting approval.
 */
export const inspectionSummarySchema = z.object({
  /** The bridges' layer (the setting `inspectionLayer`, default 'oae'). */
  layer: z.string(),
  total: z.number().int(),
  overdue: z.number().int(),
  never: z.number().int(),
  due30: z.number().int(),
  due90: z.number().int(),
  ok: z.number().int(),
  pending: z.number().int(),
  /** Bridges by the worst note of their latest accepted inspection; none: never inspected. */
  byWorstNote: z.object({
    '1': z.number().int(),
    '2': z.number().int(),
    '3': z.number().int(),
    '4': z.number().int(),
    '5': z.number().int(),
    none: z.number().int(),
  }),
  /** Overdue bridges by the type overdue (a bridge overdue in two types counts in both). */
  overdueByType: z.array(z.object({ type: z.string(), count: z.number().int() })),
  /** Accepted inspections per year, oldest first. */
  inspectionsByYear: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
})
export type InspectionSummary = z.infer<typeof inspectionSummarySchema>

// ---------------------------------------------------------------- bridges

/** The latest accepted inspection of a bridge (dates YYYY-MM-DD). */
export const lastInspectionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  type: z.string(),
  structural: z.number().int(),
  functional: z.number().int(),
  durability: z.number().int(),
})
export type LastInspection = z.infer<typeof lastInspectionSchema>

/** One bridge of the list (POST /bridges/search), of the map and of the bridge page. */
export const bridgeRowSchema = z.object({
  featureId: z.number().int(),
  codigo: z.string().nullable(),
  codigoArtesp: z.string().nullable(),
  tipo: z.string().nullable(),
  rodovia: z.string().nullable(),
  km: z.number().nullable(),
  sentido: z.string().nullable(),
  /** A point of the bridge in EPSG:4326 (null: no geometry). */
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  last: lastInspectionSchema.nullable(),
  /** min of the latest accepted inspection's three notes; null: never inspected. */
  worstNote: z.number().int().nullable(),
  /** The nearest due date (YYYY-MM-DD) and its type; null when no periodic type applies. */
  nextDue: z.string().nullable(),
  nextDueType: z.string().nullable(),
  status: bridgeStatusSchema,
  /** Inspections of this bridge awaiting approval. */
  pending: z.number().int(),
})
export type BridgeRow = z.infer<typeof bridgeRowSchema>

/** Sortable columns of the bridge list (`-` prefix descends). */
export const BRIDGE_SORTS = [
  'codigo',
  'tipo',
  'rodovia',
  'km',
  'sentido',
  'lastDate',
  'worstNote',
  'nextDue',
  'status',
] as const
export type BridgeSort = (typeof BRIDGE_SORTS)[number]
export const BRIDGE_PAGE_SIZES = [10, 20, 50, 100] as const

/**
 * POST /bridges/search: `filter` is the filter builder's tree over the layer's fields
 * (compiled by the search module), `status` one or more bridge statuses, `pending` only
 * bridges with inspections awaiting approval; page from 0; sort e.g. 'codigo' or '-nextDue'.
 */
export const bridgeSearchBodySchema = z
  .object({
    filter: z.unknown().optional(),
    status: z.union([bridgeStatusSchema, z.array(bridgeStatusSchema).max(5)]).optional(),
    pending: z.boolean().optional(),
    page: z
      .number()
      .int()
      .min(0, { error: t('paging.invalid') })
      .default(0),
    size: z
      .number()
      .int()
      .min(1, { error: t('paging.invalid') })
      .max(1000, { error: t('paging.invalid') })
      .default(20),
    sort: z
      .string()
      .regex(new RegExp(`^-?(${BRIDGE_SORTS.join('|')})$`), {
        error: t('inspectionApi.sortInvalid'),
      })
      .optional(),
  })
  .strict()
export type BridgeSearchBody = z.input<typeof bridgeSearchBodySchema>
export const bridgeSearchResponseSchema = z.array(bridgeRowSchema)

/** GET /bridges.geojson: Points in EPSG:4326, properties = the row without lon/lat. */
export const bridgeFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.number().int(),
      geometry: z
        .object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) })
        .nullable(),
      properties: bridgeRowSchema.omit({ lon: true, lat: true }),
    }),
  ),
})
export type BridgeFeatureCollection = z.infer<typeof bridgeFeatureCollectionSchema>

// ---------------------------------------------------------------- inspections

/** A photo as stored: the content (GET /api/content/{contentId}, ?thumbnail for the small one). */
export const inspectionPhotoSchema = z.object({
  id: z.number().int(),
  contentId: z.number().int(),
  caption: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  thumbnail: z.boolean(),
})
export type InspectionPhoto = z.infer<typeof inspectionPhotoSchema>

export const inspectionAnomalySchema = z.object({
  id: z.number().int(),
  element: z.string(),
  description: z.string(),
  note: z.number().int().nullable(),
  photos: z.array(inspectionPhotoSchema),
})
export type InspectionAnomaly = z.infer<typeof inspectionAnomalySchema>

/** One inspection in a bridge's history (newest first). */
export const inspectionListItemSchema = z.object({
  id: z.number().int(),
  featureId: z.number().int(),
  typeId: z.number().int(),
  type: z.string(),
  date: z.string(),
  inspector: z.string(),
  structural: z.number().int(),
  functional: z.number().int(),
  durability: z.number().int(),
  worstNote: z.number().int(),
  status: inspectionStatusSchema,
  anomalyCount: z.number().int(),
  photoCount: z.number().int(),
  createdBy: z.string().nullable(),
  created: z.string(),
})
export type InspectionListItem = z.infer<typeof inspectionListItemSchema>

/** GET /{id}, and the answer of POST /, PUT /{id}, approve and reject. */
export const inspectionDetailSchema = inspectionListItemSchema.extend({
  layer: z.string(),
  recommendations: z.string(),
  anomalies: z.array(inspectionAnomalySchema),
  /** The inspection's own photos (not of an anomaly). */
  photos: z.array(inspectionPhotoSchema),
  updated: z.string(),
  reviewedBy: z.string().nullable(),
  reviewed: z.string().nullable(),
  /** The caller may change it (PUT): its creator while PENDING, or an administrator. */
  canEdit: z.boolean(),
  /** The caller may approve, reject or delete it (administrators). */
  canReview: z.boolean(),
  bridge: z.object({
    codigo: z.string().nullable(),
    rodovia: z.string().nullable(),
    km: z.number().nullable(),
  }),
})
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>

/** A due of a periodic type (lastDate: the inspection it counts from; null: never). */
export const bridgeDueSchema = z.object({
  type: z.string(),
  typeId: z.number().int(),
  periodicityMonths: z.number().int(),
  due: z.string().nullable(),
  lastDate: z.string().nullable(),
  status: bridgeStatusSchema,
})
export type BridgeDue = z.infer<typeof bridgeDueSchema>

/** GET /bridges/{featureId}. */
export const bridgeDetailSchema = bridgeRowSchema.extend({
  inspections: z.array(inspectionListItemSchema),
  dues: z.array(bridgeDueSchema),
  /** The accepted inspections' notes, oldest first (the trend chart). */
  trend: z.array(
    z.object({
      date: z.string(),
      structural: z.number().int(),
      functional: z.number().int(),
      durability: z.number().int(),
    }),
  ),
  /** The caller may record an inspection (updateFeature on the layer). */
  canRecord: z.boolean(),
  /** Recording goes to approval (the caller's group submits the layer for review). */
  moderated: z.boolean(),
})
export type BridgeDetail = z.infer<typeof bridgeDetailSchema>

export const inspectionPhotoInputSchema = z.object({
  contentId: id,
  caption: z.string().trim().max(500).optional(),
})
export type InspectionPhotoInput = z.infer<typeof inspectionPhotoInputSchema>

export const inspectionAnomalyInputSchema = z.object({
  element: z
    .string({ error: t('inspectionApi.elementRequired') })
    .trim()
    .min(1, { error: t('inspectionApi.elementRequired') })
    .max(100),
  description: z
    .string({ error: t('inspectionApi.descriptionRequired') })
    .trim()
    .min(1, { error: t('inspectionApi.descriptionRequired') })
    .max(4000),
  note: note.nullable().optional(),
  photos: z.array(inspectionPhotoInputSchema).max(INSPECTION_MAX_PHOTOS).default([]),
})
export type InspectionAnomalyInput = z.input<typeof inspectionAnomalyInputSchema>

/** An ISO date (YYYY-MM-DD) not after today in São Paulo. */
export const inspectionDateSchema = z
  .string({ error: t('inspectionApi.dateInvalid') })
  .refine(validIsoDate, { error: t('inspectionApi.dateInvalid') })
  .refine((d) => d <= inspectionToday(), { error: t('inspectionApi.dateFuture') })

/** POST / and PUT /{id}. */
export const inspectionInputSchema = z
  .object({
    featureId: id,
    typeId: z
      .number({ error: t('inspectionApi.typeRequired') })
      .int()
      .positive(),
    date: inspectionDateSchema,
    inspector: z
      .string({ error: t('inspectionApi.inspectorRequired') })
      .trim()
      .min(1, { error: t('inspectionApi.inspectorRequired') })
      .max(200),
    structural: note,
    functional: note,
    durability: note,
    recommendations: z.string().trim().max(20_000).default(''),
    anomalies: z.array(inspectionAnomalyInputSchema).max(INSPECTION_MAX_ANOMALIES).default([]),
    photos: z.array(inspectionPhotoInputSchema).max(INSPECTION_MAX_PHOTOS).default([]),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<number>()
    const all = [
      ...input.photos.map((p, i) => ({ p, path: ['photos', i, 'contentId'] })),
      ...input.anomalies.flatMap((a, j) =>
        a.photos.map((p, i) => ({ p, path: ['anomalies', j, 'photos', i, 'contentId'] })),
      ),
    ]
    if (all.length > INSPECTION_MAX_PHOTOS) {
      ctx.addIssue({
        code: 'custom',
        path: ['photos'],
        message: t('inspectionApi.tooManyPhotos', { max: INSPECTION_MAX_PHOTOS }),
      })
    }
    for (const { p, path } of all) {
      if (seen.has(p.contentId)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: t('inspectionApi.photoRepeated', { id: p.contentId }),
        })
      }
      seen.add(p.contentId)
    }
  })
export type InspectionInput = z.input<typeof inspectionInputSchema>
export type InspectionInputParsed = z.output<typeof inspectionInputSchema>

/** GET /{id}/history, newest first (actions CREATE, UPDATE, APPROVE, REJECT, DELETE). */
export const inspectionHistoryEntrySchema = z.object({
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  username: z.string(),
  at: z.string(),
})
export type InspectionHistoryEntry = z.infer<typeof inspectionHistoryEntrySchema>
export const inspectionHistorySchema = z.array(inspectionHistoryEntrySchema)

/**
 * GET /export.xlsx and /export.kmz: `status` (one status or several comma separated),
 * `filter` the filter tree as JSON text, `token` for a download link.
 */
export const inspectionExportQuerySchema = z.object({
  status: z.string().max(200).optional(),
  filter: z.string().max(200_000).optional(),
  token: z.string().max(4000).optional(),
})
