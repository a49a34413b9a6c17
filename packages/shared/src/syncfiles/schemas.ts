import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'

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
