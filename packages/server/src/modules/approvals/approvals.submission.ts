import type { Readable } from 'node:stream'
import { approvalSubmitSchema, t, type ApprovalSubmit, type MessageKey } from '@gis/shared'
import type { Db } from '../../db/types'
import { HttpError, type FieldError } from '../../http/errors'
import { checkAttributes } from '../../layer-data/feature-values'
import * as features from '../../layer-data/features.sql'
import { FileTooLarge, type BlobStorage } from '../../storage/file-storage'
import { contentTypeOf, safeFilename, storeUpload } from '../attachments/attachment-files'
import { attachmentIdsOf } from '../attachments/attachments.service'
import type { Caller } from '../../auth/caller'
import { checkGeometry } from '../../layer-data/feature-write'
import { layerAccess, requireFlag } from '../../layer-data/layer-access'
import * as sql from './approvals.sql'
import { invalid, type ApprovalDeps } from './approvals.service'

/**
 * Submitting changes for review (`POST /api/approvals`): each item checked as the direct edit
 * would be, the files received into the storage, everything recorded or nothing.
 */

/** A file received with a submission, already in the storage. */
export interface ReceivedFile {
  key: string
  size: number
  sha256: string
  filename: string
  contentType: string
}

/** One part of a multipart submission, as @fastify/multipart hands it. */
export type SubmitPart =
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; file: Readable }
  | { type: 'field'; fieldname: string; value: unknown }

const ACTION_FLAG = {
  INSERT: ['createFeature', 'features.noCreatePermission'],
  UPDATE: ['updateFeature', 'features.noEditPermission'],
  DELETE: ['deleteFeature', 'features.noDeletePermission'],
} as const satisfies Record<string, readonly [string, MessageKey]>

type ParsedSubmit = ReturnType<typeof approvalSubmitSchema.parse>
type ParsedItem = ParsedSubmit['items'][number]

/**
 * Checks one item as the direct edit would be checked (the layer readable, the action's flag,
 * the layer queryable, the feature there, the values and geometry valid) and answers what to
 * record, or its field errors (prefixed `items.{i}.`).
 */
async function prepareItem(
  db: Db,
  caller: Caller,
  item: ParsedItem,
  index: number,
  files: ReadonlyMap<string, ReceivedFile>,
): Promise<{ item?: sql.NewItem; errors: FieldError[] }> {
  const { layer, perms } = await layerAccess(db, caller.user, item.layer)
  const [flag, denied] = ACTION_FLAG[item.action]
  requireFlag(perms[flag], denied)
  if (item.attachments.length) {
    requireFlag(perms.createFeatureAttachment, 'attachments.noCreatePermission')
  }
  if (!layer.queryable) throw new HttpError(400, t('layers.notQueryable'))
  const prefix = (e: FieldError) => ({ ...e, field: `items.${index}.${e.field}` })
  const errors: FieldError[] = []
  const kept: sql.NewItem['files'] = []
  for (const [k, ref] of item.attachments.entries()) {
    const file = files.get(ref.part)
    if (!file) {
      errors.push({
        field: `attachments.${k}.part`,
        message: t('approvals.partMissing', { part: ref.part }),
      })
      continue
    }
    kept.push({
      storage_key: file.key,
      filename: file.filename,
      description: ref.description,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
    })
  }
  const columns = await features.featureColumns(db, layer)
  // The geometry (WKT or GeoJSON) read and checked once; when refused, the item's error on
  // `geom`, and the geometry is left out of the rest.
  const geometry = await checkGeometry(db, layer, item.geom)
  const wkt = geometry.error ? undefined : geometry.wkt
  if (item.action === 'INSERT') {
    if (item.featureId !== undefined) {
      errors.push({ field: 'featureId', message: t('approvals.featureNotAllowed') })
    }
    const checked = checkAttributes(layer, columns, item.attributes, { insert: true })
    errors.push(...checked.errors, ...(geometry.error ? [geometry.error] : []))
    return {
      errors: errors.map(prefix),
      item: {
        layer: layer.name,
        featureId: null,
        action: 'INSERT',
        data: valuesOf(checked.values),
        geom: wkt ?? null,
        withGeom: wkt !== undefined && wkt !== null,
        base: null,
        files: kept,
      },
    }
  }
  if (item.featureId === undefined) {
    return {
      errors: [...errors, { field: 'featureId', message: t('approvals.featureRequired') }].map(
        prefix,
      ),
    }
  }
  const current = await features.readFeature(db, layer, item.featureId)
  if (!current) throw new HttpError(404, t('features.notFound'))
  if (item.version !== undefined && item.version !== current.version) {
    throw new HttpError(409, t('features.conflict'))
  }
  const base = { version: current.version, attributes: current.attributes, geom: current.geom }
  if (item.action === 'DELETE') {
    return {
      errors: errors.map(prefix),
      item: {
        layer: layer.name,
        featureId: current.id,
        action: 'DELETE',
        data: {},
        geom: null,
        withGeom: false,
        base,
        files: kept,
      },
    }
  }
  if (current.deleted) throw new HttpError(400, t('features.deletedReadOnly'))
  const withGeom = item.geom !== undefined
  const attachmentIds = await attachmentIdsOf(db, layer.name, current.id)
  if (withGeom && wkt === null && columns.find((c) => c.name === 'geom')?.notNull) {
    errors.push({ field: 'geom', message: t('features.value.required') })
  }
  const checked = checkAttributes(layer, columns, item.attributes, {
    insert: false,
    current: current.attributes,
    attachmentIds,
  })
  errors.push(...checked.errors, ...(geometry.error ? [geometry.error] : []))
  return {
    errors: errors.map(prefix),
    item: {
      layer: layer.name,
      featureId: current.id,
      action: 'UPDATE',
      data: valuesOf(checked.values),
      geom: withGeom ? (wkt ?? null) : null,
      withGeom,
      base,
      files: kept,
    },
  }
}

function valuesOf(values: readonly { field: { name: string }; value: unknown }[]) {
  return Object.fromEntries(values.map((v) => [v.field.name, v.value]))
}

/**
 * Records a submission (one approval, its items, the files kept aside), all or nothing: any
 * invalid item refuses the whole submission with every field error. Answers the approval's id.
 * The caller deletes the received files when this throws.
 */
export async function submit(
  db: Db,
  caller: Caller,
  body: ApprovalSubmit,
  files: ReadonlyMap<string, ReceivedFile>,
): Promise<number> {
  const parsed = approvalSubmitSchema.safeParse(body)
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })))
  }
  const prepared: Awaited<ReturnType<typeof prepareItem>>[] = []
  for (const [i, item] of parsed.data.items.entries()) {
    prepared.push(await prepareItem(db, caller, item, i, files))
  }
  const errors = prepared.flatMap((p) => p.errors)
  const used = new Set(parsed.data.items.flatMap((i) => i.attachments.map((a) => a.part)))
  for (const part of files.keys()) {
    if (!used.has(part)) errors.push({ field: part, message: t('approvals.partUnused', { part }) })
  }
  if (errors.length) throw invalid(errors)
  return db.transaction((tx) =>
    sql.insertApproval(
      tx,
      caller.user,
      parsed.data.description,
      prepared.map((p) => p.item!),
    ),
  )
}

/**
 * Reads a multipart submission: the JSON in the part `payload`, every file part into the
 * storage under its part name (past the size limit nothing is kept). Answers the payload and
 * the files; on any failure the files already stored are deleted.
 */
export async function receiveMultipart(
  deps: ApprovalDeps,
  parts: () => AsyncIterable<SubmitPart>,
): Promise<{ body: unknown; files: Map<string, ReceivedFile> }> {
  const files = new Map<string, ReceivedFile>()
  let payload: unknown
  try {
    for await (const part of parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'payload') payload = part.value
        continue
      }
      if (files.has(part.fieldname)) {
        part.file.resume()
        throw new HttpError(400, t('attachments.oneFile'))
      }
      const filename = safeFilename(part.filename)
      const { stored, head } = await storeUpload(deps.storage, part.file, filename, deps.maxBytes)
      files.set(part.fieldname, {
        ...stored,
        filename,
        contentType: contentTypeOf(head, part.mimetype),
      })
    }
    if (typeof payload !== 'string') throw new HttpError(400, t('approvals.payloadRequired'))
    try {
      return { body: JSON.parse(payload), files }
    } catch {
      throw new HttpError(400, t('approvals.payloadInvalid'))
    }
  } catch (err) {
    await discardFiles(deps.storage, files)
    const code = (err as { code?: string }).code
    if (err instanceof FileTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        t('attachments.tooLarge', { max: Math.floor(deps.maxBytes / 1_048_576) }),
      )
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, t('http.badRequest'))
    }
    throw err
  }
}

export async function discardFiles(
  storage: BlobStorage,
  files: ReadonlyMap<string, ReceivedFile>,
): Promise<void> {
  for (const f of files.values()) await storage.delete(f.key)
}
