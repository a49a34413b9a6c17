import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'
import { PENDING_REASON_CODES, REASON_MAX_IDS } from './matching'

installZodErrorMap()

/**
 * The file association importer's job record (spec 2 §7.3; administrators): created when the
 * folder is read, given its counters when the upload ends, deleted by EXCLUIR.
 */
export const syncFilesJobSchema = z.object({
  id: z.number().int(),
  folderName: z.string(),
  fileCount: z.number().int(),
  /** The destination layer of the last run, or null before one. */
  layerName: z.string().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  pending: z.number().int(),
  errors: z.number().int(),
  /** The job's author (username), or null once the account is gone. */
  user: z.string().nullable(),
  createdDate: z.string(),
  /** When the last upload finished, or null. */
  finishedDate: z.string().nullable(),
})
export type SyncFilesJob = z.infer<typeof syncFilesJobSchema>

const count = (key: 'syncfiles.fileCountInvalid' | 'syncfiles.counterInvalid') =>
  z
    .number({ error: t(key) })
    .int({ error: t(key) })
    .min(0, { error: t(key) })
    .max(10_000_000, { error: t(key) })

/** `POST /api/syncfiles`: the folder that was read. */
export const syncFilesJobBodySchema = z.strictObject({
  folderName: z
    .string({ error: t('syncfiles.folderNameRequired') })
    .trim()
    .min(1, { error: t('syncfiles.folderNameRequired') })
    .max(255, { error: t('field.tooLong', { max: 255 }) }),
  fileCount: count('syncfiles.fileCountInvalid'),
})
export type SyncFilesJobBody = z.infer<typeof syncFilesJobBodySchema>

/** `PUT /api/syncfiles/{jobId}/report`: the counters of a finished upload. */
export const syncFilesReportBodySchema = z.strictObject({
  layerName: z
    .string({ error: t('syncfiles.layerRequired') })
    .trim()
    .min(1, { error: t('syncfiles.layerRequired') })
    .max(63, { error: t('field.tooLong', { max: 63 }) }),
  created: count('syncfiles.counterInvalid'),
  updated: count('syncfiles.counterInvalid'),
  pending: count('syncfiles.counterInvalid'),
  errors: count('syncfiles.counterInvalid'),
})
export type SyncFilesReportBody = z.infer<typeof syncFilesReportBodySchema>

/** Why a file of a job is still pending (spec 2 §4.2; decision 65). */
export const pendingReasonSchema = z.strictObject({
  code: z.enum(PENDING_REASON_CODES),
  value: z.string().max(255).optional(),
  ids: z.array(z.number().int()).max(REASON_MAX_IDS).optional(),
  count: z.number().int().min(0).optional(),
  field: z.string().max(63).optional(),
  maxMb: z.number().int().min(0).optional(),
  message: z.string().max(500).optional(),
})

const fileName = z
  .string({ error: t('syncfiles.fileNameInvalid') })
  .min(1, { error: t('syncfiles.fileNameInvalid') })
  .max(255, { error: t('syncfiles.fileNameInvalid') })
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .refine((s) => !/[\\/\u0000-\u001f]/.test(s), { error: t('syncfiles.fileNameInvalid') })

/** Most files a job records. */
export const SYNCFILES_MAX_FILES = 20_000

/** `PUT /api/syncfiles/{jobId}/files`: the folder's files (added or updated by name). */
export const syncFilesFilesBodySchema = z.strictObject({
  files: z
    .array(
      z.strictObject({
        name: fileName,
        size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        type: z.string().max(255),
        reason: pendingReasonSchema.nullable(),
      }),
    )
    .max(SYNCFILES_MAX_FILES, { error: t('syncfiles.tooManyFiles', { max: SYNCFILES_MAX_FILES }) }),
})
export type SyncFilesFilesBody = z.infer<typeof syncFilesFilesBodySchema>

/** A file of a job as the server keeps it: what was sent, to which records, and why not. */
export const syncFilesFileSchema = z.object({
  name: z.string(),
  size: z.number(),
  type: z.string(),
  reason: pendingReasonSchema.nullable(),
  association: z.array(z.object({ name: z.string(), id: z.number() })),
})
export type SyncFilesFile = z.infer<typeof syncFilesFileSchema>

/** `POST /api/syncfiles/{jobId}/attach?…`: which file goes to which record (the file in the form). */
export const syncFilesAttachQuerySchema = z.object({
  file: fileName,
  layer: z.string().min(1).max(63),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** A photo or file field to fill with the new attachment when the record has none. */
  field: z.string().min(1).max(63).optional(),
})
export type SyncFilesAttachQuery = z.infer<typeof syncFilesAttachQuerySchema>

/** The answer of an attach: the record now holding the file, and whether it already did. */
export const syncFilesAttachResultSchema = z.object({
  association: z.object({ name: z.string(), id: z.number() }),
  attachmentId: z.number().nullable(),
  alreadySent: z.boolean(),
  /** The photo or file field filled with the attachment, if any. */
  filled: z.string().nullable(),
})
export type SyncFilesAttachResult = z.infer<typeof syncFilesAttachResultSchema>
