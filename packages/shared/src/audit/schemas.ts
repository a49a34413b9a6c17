import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import { filterTreeSchema } from '../search/schemas'
import { AUDIT_ACTION_CODES, AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT } from './constants'

installZodErrorMap()

const pagingNumber = () =>
  z.coerce
    .number({ error: t('paging.invalid') })
    .int({ error: t('paging.invalid') })
    .min(0, { error: t('paging.invalid') })

/** Paging of the audit calls: page from 0, limit (20 by default), sort (`-` descends), order. */
export const auditQuerySchema = z.object({
  page: pagingNumber().default(0),
  limit: pagingNumber()
    .min(1, { error: t('paging.invalid') })
    .max(AUDIT_MAX_LIMIT, { error: t('paging.invalid') })
    .default(AUDIT_DEFAULT_LIMIT),
  sort: z.string().max(100).optional(),
  order: z.enum(['asc', 'desc'], { error: t('search.orderInvalid') }).optional(),
})
export type AuditQuery = z.infer<typeof auditQuerySchema>

/** What to search: the filter builder's tree over the audit fields (absent: every record). */
export const auditSearchBodySchema = z.object({ filter: filterTreeSchema.optional() }).strict()
export type AuditSearchBody = z.infer<typeof auditSearchBodySchema>

/**
 * One audit record (spec 3 §3): the layer (`table`, its name; `tableTitle`, its title while
 * the layer exists), the feature (`rowId`), who, when, from where, the action, and the fields:
 * before the change, the ones that changed with their new values, and after. The geometry is
 * left out of the maps; `geometryChanged` says whether it changed.
 */
export const auditRecordSchema = z.object({
  id: z.number(),
  table: z.string(),
  tableTitle: z.string().nullable(),
  rowId: z.number().nullable(),
  user: z.string().nullable(),
  timestamp: z.string(),
  application: z.string().nullable(),
  clientAddress: z.string().nullable(),
  clientPort: z.number().nullable(),
  action: z.enum(AUDIT_ACTION_CODES),
  previousFields: z.record(z.string(), z.unknown()).nullable(),
  changedFields: z.record(z.string(), z.unknown()),
  currentFields: z.record(z.string(), z.unknown()).nullable(),
  geometryChanged: z.boolean(),
  approvedBy: z.string().nullable(),
})
export type AuditRecord = z.infer<typeof auditRecordSchema>

export const auditSearchResponseSchema = z.object({
  results: z.array(auditRecordSchema),
  rowCount: z.number().int(),
})
export type AuditSearchResponse = z.infer<typeof auditSearchResponseSchema>
