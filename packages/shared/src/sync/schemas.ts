import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import { filterTreeSchema } from '../search/schemas'

installZodErrorMap()

/**
 * Synchronisation packages (spec 3 §3 'Synchronisation', §7; spec 2 §2.3 SINCRONIZAR):
 * features gathered from the search into a named package, sent by an administrator to the
 * regulator's configured external server. Status lists are ours (the spec does not show them).
 */

/** Rows per page of a package's items and logs (spec 3 §9): 20, with these options. */
export const SYNC_PAGE_SIZES = [20, 50, 100] as const
export const SYNC_DEFAULT_LIMIT = 20
/** The search dialog reads the packages this many at a time (spec 2 §9). */
export const SYNC_PACKAGES_DIALOG_LIMIT = 1000
/** At most this many features added to a package in one call. */
export const SYNC_MAX_ADD = 10_000
/** At most this many items removed in one call. */
export const SYNC_MAX_REMOVE = 1000
/** Regulators with a synchronisation, and the module that switches each on. */
export const SYNC_REGULATORS: Record<string, string> = { artesp: 'artespSync' }

/** CREATED (never run), QUEUED, RUNNING, then DONE (all sent), PARTIAL (some) or ERROR (none). */
export const SYNC_PACKAGE_STATUSES = [
  'CREATED',
  'QUEUED',
  'RUNNING',
  'DONE',
  'PARTIAL',
  'ERROR',
] as const
export type SyncPackageStatus = (typeof SYNC_PACKAGE_STATUSES)[number]
/** PENDING (not sent yet, or changed since), SYNCED, ERROR. */
export const SYNC_ITEM_STATUSES = ['PENDING', 'SYNCED', 'ERROR'] as const
export type SyncItemStatus = (typeof SYNC_ITEM_STATUSES)[number]
/** What the last run did with an item on the external server. */
export const SYNC_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const
export type SyncAction = (typeof SYNC_ACTIONS)[number]

export const syncPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(SYNC_PACKAGE_STATUSES),
  message: z.string().nullable(),
  itemsPartial: z.number().int(),
  itemsTotal: z.number().int(),
  /** The package's author (username), or null once the account is gone. */
  user: z.string().nullable(),
  createdDate: z.string(),
  /** When the last run was asked for, or null. */
  queuedDate: z.string().nullable(),
})
export type SyncPackage = z.infer<typeof syncPackageSchema>

const name = z
  .string({ error: t('sync.nameRequired') })
  .trim()
  .min(1, { error: t('sync.nameRequired') })
  .max(200, { error: t('field.tooLong', { max: 200 }) })

/** `POST /api/syncronization` and `PUT /api/syncronization/{id}`: the package's name. */
export const syncPackageBodySchema = z.strictObject({ name })
export type SyncPackageBody = z.infer<typeof syncPackageBodySchema>

const featureIds = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
    error: t('sync.idsInvalid'),
  })
  .max(SYNC_MAX_ADD, { error: t('sync.tooMany', { max: SYNC_MAX_ADD }) })

/**
 * `POST /api/syncronization/{id}/{layer}/items`: the search's filter tree and/or the selected
 * ids (both: the selected rows the filter picks); neither: refused.
 */
export const syncAddBodySchema = z
  .strictObject({ query: filterTreeSchema.optional(), ids: featureIds.optional() })
  .refine((b) => b.query !== undefined || b.ids !== undefined, {
    error: t('sync.addNothing'),
    path: ['ids'],
  })
export type SyncAddBody = z.infer<typeof syncAddBodySchema>

export const syncAddResultSchema = z.object({
  /** Features newly put in the package. */
  added: z.number().int(),
  /** Items of the package now. */
  itemsTotal: z.number().int(),
})
export type SyncAddResult = z.infer<typeof syncAddResultSchema>

/** `POST /api/syncronization/{id}/items/remove`: ids of the package's items. */
export const syncRemoveBodySchema = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
    error: t('sync.idsInvalid'),
  })
  .min(1, { error: t('sync.removeNothing') })
  .max(SYNC_MAX_REMOVE, { error: t('sync.tooMany', { max: SYNC_MAX_REMOVE }) })

export const syncItemSchema = z.object({
  id: z.number().int(),
  layer: z.string(),
  featureId: z.number().int(),
  createdDate: z.string(),
  operationDate: z.string().nullable(),
  status: z.enum(SYNC_ITEM_STATUSES),
  message: z.string().nullable(),
  action: z.enum(SYNC_ACTIONS).nullable(),
})
export type SyncItem = z.infer<typeof syncItemSchema>

export const syncItemsPageSchema = z.object({
  items: z.array(syncItemSchema),
  rowCount: z.number().int(),
})
export type SyncItemsPage = z.infer<typeof syncItemsPageSchema>

export const syncLogSchema = z.object({
  id: z.number().int(),
  createdDate: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** Where to download the log (bearer or `?token=`): the same name as a job's file link. */
  fileUrl: z.string(),
})
export type SyncLog = z.infer<typeof syncLogSchema>

/** The download address of a package's run log (`fileUrl` of a log), without the token. */
export const syncLogPath = (packageId: number, logId: number) =>
  `/api/syncronization/${packageId}/logs/${logId}/download`

export const syncRunResultSchema = z.object({ jobId: z.number().int() })

/** A layer name of the external server (the same rule as ours). */
const remoteLayer = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: t('sync.layerMapInvalid') })

/**
 * `GET /api/integration/{regulator}/config`: where packages go. The token is never answered
 * (tokenSet tells whether one is stored).
 */
export const syncConfigSchema = z.object({
  url: z.string(),
  tokenSet: z.boolean(),
  /** Our layer name to the external server's (absent: the same name). */
  layers: z.record(z.string(), z.string()),
  updatedDate: z.string().nullable(),
})
export type SyncConfig = z.infer<typeof syncConfigSchema>

/** `POST /api/integration/{regulator}/config`: token absent keeps the stored one, '' clears it. */
export const syncConfigBodySchema = z.strictObject({
  url: z
    .string({ error: t('sync.urlInvalid') })
    .trim()
    .max(500, { error: t('field.tooLong', { max: 500 }) })
    .refine(
      (u) => {
        try {
          const p = new URL(u)
          return (p.protocol === 'http:' || p.protocol === 'https:') && !p.username && !p.password
        } catch {
          return false
        }
      },
      { error: t('sync.urlInvalid') },
    ),
  token: z
    .string()
    .max(500, { error: t('field.tooLong', { max: 500 }) })
    .optional(),
  layers: z
    .record(remoteLayer, remoteLayer, { error: t('sync.layerMapInvalid') })
    .default({})
    .refine((m) => Object.keys(m).length <= 500, { error: t('sync.layerMapInvalid') }),
})
export type SyncConfigBody = z.input<typeof syncConfigBodySchema>

/** `GET /api/integration/{regulator}/queue`: packages asked to run, the waiting ones first. */
export const syncQueueSchema = z.object({ items: z.array(syncPackageSchema) })
export type SyncQueue = z.infer<typeof syncQueueSchema>
