import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import { attachedFileFields, featureSchema, geometryInputSchema } from '../features/schemas'

installZodErrorMap()

/** An approval is PENDING until every item is decided, then REVIEWED (spec 1 section 3). */
export const APPROVAL_STATUSES = ['PENDING', 'REVIEWED'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

/** An item is decided once: ACCEPTED (applied to the layer) or REJECTED (nothing applied). */
export const APPROVAL_ITEM_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const
export type ApprovalItemStatus = (typeof APPROVAL_ITEM_STATUSES)[number]

export const APPROVAL_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number]

/** The approvals list asks for 50 rows a page (spec 1 section 9). */
export const APPROVALS_PAGE_SIZE = 50
export const MAX_APPROVAL_ITEMS = 100
export const MAX_APPROVAL_DESCRIPTION = 500

/** One approval (a submission), as the list and the review header show it. */
export const approvalSchema = z.object({
  id: z.number(),
  username: z.string(),
  /** ISO date and time. */
  created: z.string(),
  reviewed: z.string().nullable(),
  description: z.string(),
  itemsTotal: z.number(),
  itemsAccepted: z.number(),
  itemsRejected: z.number(),
  status: z.enum(APPROVAL_STATUSES),
})
export type Approval = z.infer<typeof approvalSchema>

/** A file kept aside with an item until it is decided. `src` downloads it (`?token=`). */
export const approvalAttachmentSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  ...attachedFileFields,
  size: z.number(),
  src: z.string(),
})
export type ApprovalAttachment = z.infer<typeof approvalAttachmentSchema>

/**
 * One proposed change: the layer, the feature (null for an INSERT until it is approved), the
 * proposed attributes (`data`) and geometry (`geom`, WKT, only when `withGeom`), the
 * feature's version and values when it was submitted (`base`), and how it was decided.
 */
export const approvalItemSchema = z.object({
  id: z.number(),
  approvalId: z.number(),
  layerName: z.string(),
  featureId: z.number().nullable(),
  status: z.enum(APPROVAL_ITEM_STATUSES),
  action: z.enum(APPROVAL_ACTIONS),
  created: z.string(),
  data: z.record(z.string(), z.unknown()),
  geom: z.string().nullable(),
  withGeom: z.boolean(),
  base: z
    .object({
      version: z.string(),
      attributes: z.record(z.string(), z.unknown()),
      geom: z.string().nullable(),
    })
    .nullable(),
  decided: z.string().nullable(),
  reviewer: z.string().nullable(),
  reason: z.string().nullable(),
  attachments: z.array(z.object({ id: z.number(), contentType: z.string() })),
})
export type ApprovalItem = z.infer<typeof approvalItemSchema>

/**
 * An item that only attaches files (a moderated user's upload): an UPDATE without values or
 * geometry. It does not depend on the feature's values, so a newer version does not refuse it.
 */
export function isFileOnlyItem(item: {
  action: ApprovalAction
  data: Record<string, unknown>
  withGeom: boolean
}): boolean {
  return item.action === 'UPDATE' && !item.withGeom && Object.keys(item.data).length === 0
}

/** `GET /api/approvals/{id}/items`: one page of items and the total (spec: data and rowCount). */
export const approvalItemsPageSchema = z.object({
  data: z.array(approvalItemSchema),
  rowCount: z.number(),
})
export type ApprovalItemsPage = z.infer<typeof approvalItemsPageSchema>

/** The list query: paging plus a free-text filter (`filter`, or `query`) over user and description. */
export const approvalsQuerySchema = z.object({
  filter: z.string().trim().max(200).optional(),
  query: z.string().trim().max(200).optional(),
})

const layerName = z.string().min(1).max(63)
const featureId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** A kept file of an item: the name of its multipart part and its description. */
export const approvalAttachmentRefSchema = z.strictObject({
  part: z.string().min(1).max(100),
  description: z.string().trim().max(500).default(''),
})

const attributesSchema = z.record(z.string().max(63), z.unknown())

/**
 * One proposed change of a submission. INSERT takes the attributes and the geometry; UPDATE
 * the feature, the changed attributes, the geometry when `geom` is sent, and optionally the
 * version it was made from (a newer one is a 409, as for a direct edit); DELETE the feature.
 * The layer and the attributes are read by the spec's item names (`layerName`, `data`, as the
 * review answers them) or by the direct edit's (`layer`, `attributes`); both given, they must
 * agree. The geometry is WKT or GeoJSON (geometryInputSchema); the parsed item names them
 * `layer` and `attributes`.
 */
export const approvalItemSubmitSchema = z
  .strictObject({
    layer: layerName.optional(),
    layerName: layerName.optional(),
    featureId: featureId.optional(),
    action: z.enum(APPROVAL_ACTIONS),
    attributes: attributesSchema.optional(),
    data: attributesSchema.optional(),
    geom: geometryInputSchema.nullable().optional(),
    version: z.string().min(1).max(40).optional(),
    attachments: z.array(approvalAttachmentRefSchema).max(20).default([]),
  })
  .transform(({ layerName: specLayer, data, ...item }, ctx) => {
    const layer = oneOf(ctx, 'layerName', specLayer, 'layer', item.layer)
    const attributes = oneOf(ctx, 'data', data, 'attributes', item.attributes)
    if (layer === undefined) {
      ctx.addIssue({ code: 'custom', path: ['layerName'], message: t('field.required') })
    }
    if (layer === undefined || layer === DISAGREE || attributes === DISAGREE) return z.NEVER
    return { ...item, layer, attributes: attributes ?? {} }
  })
export type ApprovalItemSubmit = z.input<typeof approvalItemSubmitSchema>

const DISAGREE = Symbol('disagree')

/**
 * The value given under the spec's name or the other one; both given and different is an
 * issue on the spec's name (DISAGREE).
 */
function oneOf<T>(
  ctx: z.RefinementCtx,
  specName: string,
  specValue: T | undefined,
  otherName: string,
  otherValue: T | undefined,
): T | undefined | typeof DISAGREE {
  if (specValue === undefined) return otherValue
  if (otherValue !== undefined && !sameJson(specValue, otherValue)) {
    ctx.addIssue({
      code: 'custom',
      path: [specName],
      message: t('approvals.namesDisagree', { field: specName, other: otherName }),
    })
    return DISAGREE
  }
  return specValue
}

/** Whether two JSON values are equal whatever the order of their objects' keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) &&
        sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  )
}

/**
 * `POST /api/approvals`: a description and the items. As JSON, or as multipart/form-data with
 * this object in the part `payload` and each file in the part its item names.
 */
export const approvalSubmitSchema = z.strictObject({
  description: z
    .string()
    .trim()
    .min(1, { error: t('approvals.descriptionRequired') })
    .max(MAX_APPROVAL_DESCRIPTION, {
      error: t('field.tooLong', { max: MAX_APPROVAL_DESCRIPTION }),
    }),
  items: z
    .array(approvalItemSubmitSchema)
    .min(1, { error: t('approvals.itemsRequired') })
    .max(MAX_APPROVAL_ITEMS),
})
export type ApprovalSubmit = z.input<typeof approvalSubmitSchema>

/** `POST /api/approvals/items/{id}/reject`: an optional reason. */
export const approvalRejectSchema = z.strictObject({
  reason: z.string().trim().max(500).optional(),
})

/** Which of an approval's items a page lists, or a decision takes: by action and status. */
export const approvalItemFilterSchema = z.object({
  action: z.enum(APPROVAL_ACTIONS).optional(),
  status: z.enum(APPROVAL_ITEM_STATUSES).optional(),
})
export type ApprovalItemFilter = z.infer<typeof approvalItemFilterSchema>

/**
 * Every pending item of an approval the filter selects, decided at once (an import's
 * thousands of rows): approved with the same rules as one by one, or rejected.
 */
export const approvalDecideAllSchema = z.strictObject({
  decision: z.enum(['ACCEPTED', 'REJECTED']),
  action: z.enum(APPROVAL_ACTIONS).optional(),
  reason: z.string().trim().max(500).optional(),
})
export type ApprovalDecideAll = z.infer<typeof approvalDecideAllSchema>

export const approvalDecideAllResultSchema = z.object({
  /** Items decided now. */
  decided: z.number().int(),
  /** Items left pending: their feature changed or went away since submission. */
  conflicts: z.number().int(),
})
export type ApprovalDecideAllResult = z.infer<typeof approvalDecideAllResultSchema>

/** One field that changed on the feature since the item was submitted. */
export const approvalDifferenceSchema = z.object({
  field: z.string(),
  submitted: z.unknown(),
  current: z.unknown(),
})

/** The 409 of an approve whose feature changed since submission: nothing was applied. */
export const approvalConflictSchema = z.object({
  message: z.string(),
  current: featureSchema,
  differences: z.array(approvalDifferenceSchema),
})
export type ApprovalConflict = z.infer<typeof approvalConflictSchema>

/**
 * The 202 of a feature call (insert, update, delete, attachment upload) by a user whose group
 * submits the layer for review: nothing changed on the layer, the change became this approval.
 * `submittedForApproval` tells it apart from a feature or an attachment.
 */
export const approvalSubmittedSchema = z.object({
  submittedForApproval: z.literal(true),
  approvalId: z.number(),
  itemId: z.number(),
  message: z.string(),
})
export type ApprovalSubmitted = z.infer<typeof approvalSubmittedSchema>

/** Whether a feature call's answer is a submission for review rather than the change itself. */
export function isSubmittedForApproval(body: unknown): body is ApprovalSubmitted {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { submittedForApproval?: unknown }).submittedForApproval === true
  )
}

/**
 * `GET /api/approvals/pending/{layer}/{id}`: the feature's items awaiting a decision, and
 * whether the caller's own edits of the layer are submitted for review; what those items
 * propose (issue 42): the attributes' submitted values (a later submission's over an earlier
 * one's), whether a new geometry or the feature's deletion awaits.
 */
export const featurePendingSchema = z.object({
  pending: z.number(),
  moderated: z.boolean(),
  values: z.record(z.string(), z.unknown()).default({}),
  geometry: z.boolean().default(false),
  deleting: z.boolean().default(false),
})
export type FeaturePending = z.infer<typeof featurePendingSchema>
