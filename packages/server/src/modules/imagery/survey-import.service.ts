import type { Multipart } from '@fastify/multipart'
import {
  SURVEY_IMPORT_LIMITS,
  surveyDate,
  surveyImportFieldsSchema,
  surveyNumber,
  t,
  type PagingQuery,
  type Survey,
  type SurveyImportJob,
  type SurveyImportSummary,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { badRequest, HttpError } from '../../http/errors'
import { toSqlPaging, type Page } from '../../http/paging'
import { FileTooLarge } from '../../storage/file-storage'
import * as surveysSql from './surveys.sql'
import { SURVEY_IMPORT_JOB, type SurveyImportPayload } from './survey-import-job'
import { removeSurveyImages } from './survey-import-images'
import { normalizeName } from '../../archive/zip'
import type { SurveyUpload, UploadedFile } from './survey-import-source'

const MB = 1024 * 1024
export const UPLOAD_MAX_BYTES = SURVEY_IMPORT_LIMITS.uploadMb * MB
const FIELDS = ['name', 'date', 'description', 'road', 'way', 'kmStart'] as const

/** The surveys, a page at a time (sort name, date or createdDate; newest date first). */
export async function listSurveys(
  deps: Pick<AppDeps, 'db'>,
  query: PagingQuery,
): Promise<Page<Survey>> {
  return surveysSql.selectSurveys(deps.db, toSqlPaging(query, surveysSql.SURVEY_SORTS, '-date'))
}

/** Deletes a survey, its events, frames and stored images. */
export async function deleteSurvey(deps: Pick<AppDeps, 'db' | 'storage'>, id: number) {
  const source = await surveysSql.surveySource(deps.db, id)
  if (!source || !(await removeSurveyImages(deps, id, source))) {
    throw new HttpError(404, t('imageryImport.notFound'))
  }
}

const tooLarge = () =>
  badRequest([
    {
      field: 'files',
      message: t('imageryImport.tooLarge', { max: SURVEY_IMPORT_LIMITS.uploadMb }),
    },
  ])

/**
 * Receives an import (multipart: the form's fields, then one .zip or a folder's files in
 * `files`), stores the files as they arrive (never whole in memory), checks the fields, and
 * queues the import job; answers its id. Bad input: a 400 and nothing kept.
 */
export async function receiveImport(
  deps: Pick<AppDeps, 'db' | 'storage' | 'jobs'>,
  userId: number | null,
  parts: AsyncIterable<Multipart>,
): Promise<number> {
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  let total = 0
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if ((FIELDS as readonly string[]).includes(part.fieldname)) {
          fields[part.fieldname] = String(part.value)
        }
        continue
      }
      const name = normalizeName(part.filename ?? '')
      if (!name || name.split('/').includes('..')) {
        part.file.resume()
        continue
      }
      if (files.length >= SURVEY_IMPORT_LIMITS.files) {
        throw badRequest([
          {
            field: 'files',
            message: t('imageryImport.tooManyFiles', { max: SURVEY_IMPORT_LIMITS.files }),
          },
        ])
      }
      const suffix = /\.([a-z0-9]{1,10})$/i.exec(name)?.[1]
      const stored = await deps.storage.put(part.file, {
        maxBytes: UPLOAD_MAX_BYTES - total,
        suffix,
      })
      if (part.file.truncated) throw tooLarge()
      files.push({ name, key: stored.key, size: stored.size })
      total += stored.size
    }
    const payload = await checkImport(deps, fields, files)
    return await deps.jobs.enqueue(SURVEY_IMPORT_JOB, payload, userId)
  } catch (err) {
    for (const f of files) await deps.storage.delete(f.key).catch(() => undefined)
    const code = (err as { code?: string }).code
    if (err instanceof FileTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest([
        {
          field: 'files',
          message: t('imageryImport.tooManyFiles', { max: SURVEY_IMPORT_LIMITS.files }),
        },
      ])
    }
    throw err
  }
}

/** The job's payload from the form, or the 400 of its fields. */
async function checkImport(
  deps: Pick<AppDeps, 'db'>,
  raw: Record<string, string>,
  files: UploadedFile[],
): Promise<SurveyImportPayload> {
  const parsed = surveyImportFieldsSchema.safeParse(
    Object.fromEntries(FIELDS.map((f) => [f, raw[f] ?? ''])),
  )
  const errors = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }))
  const zips = files.filter((f) => /\.zip$/i.test(f.name))
  if (files.length === 0) errors.push({ field: 'files', message: t('imageryImport.filesRequired') })
  else if (zips.length > 0 && files.length > 1) {
    errors.push({ field: 'files', message: t('imageryImport.oneZipOnly') })
  }
  if (parsed.success && (await surveysSql.surveyNameTaken(deps.db, parsed.data.name))) {
    errors.push({ field: 'name', message: t('imageryImport.nameTaken') })
  }
  if (!parsed.success || errors.length) throw badRequest(errors)
  const v = parsed.data
  const upload: SurveyUpload =
    zips.length === 1 ? { kind: 'zip', file: zips[0]! } : { kind: 'files', files }
  return {
    name: v.name,
    date: surveyDate(v.date)!,
    description: v.description,
    road: v.road,
    way: v.way,
    kmStart: surveyNumber(v.kmStart) ?? 0,
    upload,
  }
}

/** An import job as the control panel follows it; 404 for any other job. */
export async function importJob(deps: Pick<AppDeps, 'jobs'>, id: number): Promise<SurveyImportJob> {
  const job = await deps.jobs.get(id)
  if (!job || job.type !== SURVEY_IMPORT_JOB)
    throw new HttpError(404, t('imageryImport.jobNotFound'))
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    message: job.message,
    elapsed: job.elapsedMs,
    summary: job.status === 'COMPLETE' ? (job.result as SurveyImportSummary) : null,
  }
}
