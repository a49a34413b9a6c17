import {
  isImageAttachment,
  isSubmittedForApproval,
  t,
  type PagingQuery,
  type PendingReason,
  type SyncFilesAttachQuery,
  type SyncFilesAttachResult,
  type SyncFilesFile,
  type SyncFilesFilesBody,
  type SessionUser,
  type SyncFilesJob,
  type SyncFilesJobBody,
  type SyncFilesReportBody,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Caller } from '../../auth/caller'
import { HttpError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import * as attachments from '../attachments/attachments.service'
import type { FeatureService } from '../features/features.service'
import { layerAccess } from '../../layer-data/layer-access'
import * as sql from './syncfiles.sql'

const iso = (d: Date | string | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString()

export function toJob(r: sql.JobRow): SyncFilesJob {
  return {
    id: Number(r.id),
    folderName: r.folder_name,
    fileCount: r.file_count,
    layerName: r.layer_name,
    created: r.created,
    updated: r.updated,
    pending: r.pending,
    errors: r.errors,
    user: r.username,
    createdDate: iso(r.created_at)!,
    finishedDate: iso(r.finished_at),
  }
}

const jobNotFound = () => new HttpError(404, t('syncfiles.jobNotFound'))

export async function listJobs(
  deps: AppDeps,
  paging: PagingQuery,
): Promise<{ rows: SyncFilesJob[]; total: number }> {
  const page = await sql.listJobs(deps.db, toSqlPaging(paging, sql.JOB_SORTS, '-createdDate'))
  return { rows: page.rows.map(toJob), total: page.total }
}

export async function getJob(deps: AppDeps, id: number): Promise<SyncFilesJob> {
  const row = await sql.readJob(deps.db, id)
  if (!row) throw jobNotFound()
  return toJob(row)
}

/** A folder was read: its job, every file pending. */
export async function createJob(
  deps: AppDeps,
  user: Pick<SessionUser, 'id'>,
  body: SyncFilesJobBody,
): Promise<number> {
  return sql.insertJob(deps.db, user.id, body.folderName, body.fileCount)
}

/** The counters of a finished upload (the last run's replace the earlier ones). */
export async function saveReport(
  deps: AppDeps,
  id: number,
  body: SyncFilesReportBody,
): Promise<SyncFilesJob> {
  if (!(await sql.updateReport(deps.db, id, body))) throw jobNotFound()
  return getJob(deps, id)
}

export async function deleteJob(deps: AppDeps, id: number): Promise<void> {
  if (!(await sql.deleteJob(deps.db, id))) throw jobNotFound()
}

/** The files of a job: what was sent to which records, and why the others wait. */
export async function listFiles(deps: AppDeps, jobId: number): Promise<SyncFilesFile[]> {
  await getJob(deps, jobId)
  const rows = await sql.listFiles(deps.db, jobId)
  return rows.map((r) => ({
    name: r.name,
    size: r.size,
    type: r.type,
    reason: (r.reason ?? null) as PendingReason | null,
    association: r.association,
  }))
}

/** A folder read (again): its files added to the job, or their size, type and reason updated. */
export async function saveFiles(
  deps: AppDeps,
  jobId: number,
  body: SyncFilesFilesBody,
): Promise<SyncFilesFile[]> {
  await getJob(deps, jobId)
  await sql.upsertFiles(deps.db, jobId, body.files)
  return listFiles(deps, jobId)
}

/**
 * One file of a job sent to a record (decision 65): the send is claimed first, so a file goes
 * to a record once per job whatever the browser repeats; the upload itself is the attachments
 * module's (the caller's createFeatureAttachment on the layer, the size limit, the type read
 * from the bytes). With `field`, a photo or file field of the record that is still empty is
 * set to the new attachment (a photo field only to an image).
 */
export async function attachFile(
  deps: AppDeps,
  attachmentDeps: attachments.UploadDeps,
  features: FeatureService,
  caller: Caller,
  jobId: number,
  query: SyncFilesAttachQuery,
  parts: () => AsyncIterable<attachments.UploadPart>,
): Promise<SyncFilesAttachResult> {
  await getJob(deps, jobId)
  if (!(await sql.fileExists(deps.db, jobId, query.file))) {
    throw new HttpError(400, t('syncfiles.fileNotInJob'))
  }
  const { layer } = await layerAccess(deps.db, caller.user, query.layer)
  const fieldType = query.field ? layer.domains[query.field]?.type : undefined
  if (query.field && fieldType !== 'photo' && fieldType !== 'file') {
    throw new HttpError(400, t('syncfiles.fieldNotAttachment', { field: query.field }))
  }
  const send = { jobId, file: query.file, layer: query.layer, featureId: query.id }
  const association = { name: query.layer, id: query.id }
  if (!(await sql.claimSend(deps.db, send))) {
    const attachmentId = await sql.sentAttachment(deps.db, send)
    return { association, attachmentId, alreadySent: true, filled: null }
  }
  // The part must be the named file (compared in NFC); it is recorded under the job's name.
  async function* theNamedFile() {
    for await (const part of parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        yield part
        continue
      }
      if (!sameName(part.filename, query.file)) {
        part.file.resume()
        throw new HttpError(400, t('syncfiles.fileMismatch'))
      }
      yield { ...part, filename: query.file }
    }
  }
  let result: Awaited<ReturnType<typeof attachments.uploadAttachment>>
  try {
    result = await attachments.uploadAttachment(
      attachmentDeps,
      caller.user,
      query.layer,
      query.id,
      theNamedFile,
      () => ({ ok: true, value: '' }),
    )
  } catch (err) {
    await sql.dropSend(deps.db, send)
    throw err
  }
  // A file kept aside for an approval has no attachment yet: 0 says so.
  const attachmentId = isSubmittedForApproval(result) ? 0 : result.id
  await sql.finishSend(deps.db, send, attachmentId)
  let filled: string | null = null
  if (query.field && !isSubmittedForApproval(result)) {
    if (fieldType === 'file' || isImageAttachment(result)) {
      filled = await fillField(
        deps,
        features,
        caller,
        query.layer,
        query.id,
        query.field,
        result.id,
      )
    }
  }
  return { association, attachmentId, alreadySent: false, filled }
}

const nfc = (name: string) => name.normalize('NFC')

/** Whether a multipart file name is the job's file name (the same text in NFC). */
const sameName = (received: string, expected: string): boolean => nfc(received) === nfc(expected)

/** Sets an empty photo or file field to an attachment; the field's name, or null if it was not. */
async function fillField(
  deps: AppDeps,
  features: FeatureService,
  caller: Caller,
  layer: string,
  id: number,
  field: string,
  attachmentId: number,
): Promise<string | null> {
  try {
    const feature = await features.getFeature(deps.db, caller.user, layer, id)
    const current = feature.attributes[field]
    if (current !== null && current !== undefined && current !== '') return null
    await features.updateFeature(
      deps.db,
      caller,
      layer,
      id,
      { attributes: { [field]: String(attachmentId) }, version: feature.version },
      false,
    )
    return field
  } catch {
    // The file is attached all the same; the field stays as it was (an edit in between).
    return null
  }
}
