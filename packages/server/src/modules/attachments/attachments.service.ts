import { buffer as readAll } from 'node:stream/consumers'
import { PassThrough, type Readable } from 'node:stream'
import sharp from 'sharp'
import {
  t,
  type ApprovalSubmitted,
  type Attachment,
  type MessageKey,
  type SessionUser,
} from '@gis/shared'
import { camelRow } from '../../db/rows'
import type { Db, Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import { featureExists } from '../../layer-data/features.sql'
import { FileTooLarge, type BlobStorage } from '../../storage/file-storage'
import { layerAccess, requireFlag } from '../../layer-data/layer-access'
import type { CatalogueLayer } from '../../layer-data/model'
import {
  contentDisposition,
  contentTypeOf,
  INLINE_TYPES,
  safeFilename,
  storeUpload,
} from './attachment-files'
import * as sql from './attachments.sql'

type User = Pick<SessionUser, 'id' | 'username' | 'admin'>

/** Draws a demo photo from its recipe (the demo seed's; injected by the composition). */
export type DemoPhotoRenderer = (recipe: string) => Promise<Buffer>

/** A stored upload with what its attachment row will say (an approval keeps it so meanwhile). */
export interface StoredUpload {
  storage_key: string
  filename: string
  description: string
  content_type: string
  size: number
  sha256: string
}

/**
 * Where a checked upload goes: `undefined`, it becomes the feature's attachment now; or, when
 * the caller's edits of the layer are moderated, the file waits beside an approval, answered
 * here. The approvals module's gate, passed in by app.ts: this module imports nothing of
 * approvals (the approvals use the attachments when a decision is taken).
 */
export type UploadGate = (
  db: Db,
  user: User,
  layer: CatalogueLayer,
  featureId: number,
  file: StoredUpload,
) => Promise<ApprovalSubmitted | undefined>

export interface AttachmentDeps {
  db: Db
  storage: BlobStorage
  /** Largest file accepted, in bytes. */
  maxBytes: number
  renderDemoPhoto?: DemoPhotoRenderer
}

/** What an upload needs besides: the gate a moderated user's file goes through. */
export interface UploadDeps extends AttachmentDeps {
  uploadGate: UploadGate
}

/** Thumbnails: at most this high (twice the gallery's 80 px, for sharp screens). */
const THUMBNAIL_HEIGHT = 160

const notFound = () => new HttpError(404, t('attachments.notFound'))

function toAttachment(row: sql.AttachmentRow): Attachment {
  return {
    ...camelRow(row, ['id', 'uuid', 'filename', 'description', 'content_type']),
    src: `/api/attachments/${row.id}`,
    uploadDate: row.uploaded_at.toISOString(),
    user: row.username,
    size: row.size ?? 0,
  }
}

/** Ids (as text, the values of file and photo fields) of a feature's attachments. */
export async function attachmentIdsOf(
  db: Queryable,
  layer: string,
  featureId: number,
): Promise<Set<string>> {
  return new Set((await sql.idsForFeature(db, layer, featureId)).map(String))
}

/** The layer of a feature, checked: readable (404), the flag (403), the feature exists (404). */
async function featureAccess(
  db: Db,
  user: User,
  layerName: string,
  featureId: number,
  flag: 'readFeatureAttachment' | 'createFeatureAttachment',
  denied: MessageKey,
) {
  const { layer, perms } = await layerAccess(db, user, layerName)
  requireFlag(perms[flag], denied)
  if (!(await featureExists(db, layer, featureId))) throw new HttpError(404, t('features.notFound'))
  return layer
}

/**
 * An attachment by id, checked against its own layer: a layer the caller may not read answers
 * the same 404 as an id that does not exist; the flag missing is a 403.
 */
async function attachmentAccess(
  db: Db,
  user: User,
  id: number,
  flag: 'readFeatureAttachment' | 'deleteFeatureAttachment',
  denied: MessageKey,
): Promise<sql.AttachmentRow> {
  const row = await sql.byId(db, id)
  if (!row) throw notFound()
  const access = await layerAccess(db, user, row.layer_name).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) throw notFound()
    throw err
  })
  requireFlag(access.perms[flag], denied)
  return row
}

/**
 * Draws a demo photo whose file is not in this storage yet (a fresh DATA_DIR, a restored
 * database) and records it; answers the row as it now is.
 */
async function materialize(
  deps: AttachmentDeps,
  row: sql.AttachmentRow,
): Promise<sql.AttachmentRow> {
  if (!row.demo_photo || !deps.renderDemoPhoto) return row
  const image = await deps.renderDemoPhoto(row.demo_photo)
  const file = await deps.storage.put(image, { suffix: 'jpg' })
  const kept = await sql.setStoredFile(deps.db, row.id, row.storage_key, file)
  if (!kept) await deps.storage.delete(file.key)
  return (await sql.byId(deps.db, row.id)) ?? row
}

/** The attachments of a feature (readFeatureAttachment), oldest first. */
export async function listAttachments(
  deps: AttachmentDeps,
  user: User,
  layerName: string,
  featureId: number,
): Promise<Attachment[]> {
  await featureAccess(
    deps.db,
    user,
    layerName,
    featureId,
    'readFeatureAttachment',
    'attachments.noReadPermission',
  )
  const rows = await sql.listForFeature(deps.db, layerName, featureId)
  // Demo photos not drawn yet in this storage are drawn now, side by side (sharp's threads).
  const ready = await Promise.all(
    rows.map((row) => (row.storage_key ? row : materialize(deps, row))),
  )
  return ready.map(toAttachment)
}

/** One part of a multipart upload, as @fastify/multipart hands it. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; file: Readable }
  | { type: 'field'; fieldname: string; value: unknown }

const tooLarge = (maxBytes: number) =>
  new HttpError(413, t('attachments.tooLarge', { max: Math.floor(maxBytes / 1_048_576) }))

/**
 * Stores an uploaded file (createFeatureAttachment) and records it: the file streams into the
 * storage (past the size limit it stops and nothing is kept), its type is read from its bytes,
 * its name is kept only as a safe label. The description may come before or after the file.
 */
export async function uploadAttachment(
  deps: UploadDeps,
  user: User,
  layerName: string,
  featureId: number,
  parts: () => AsyncIterable<UploadPart>,
  checkDescription: (
    value: unknown,
  ) => { ok: true; value: string } | { ok: false; message: string },
): Promise<Attachment | ApprovalSubmitted> {
  const layer = await featureAccess(
    deps.db,
    user,
    layerName,
    featureId,
    'createFeatureAttachment',
    'attachments.noCreatePermission',
  )
  let stored: { key: string; size: number; sha256: string } | undefined
  let filename = ''
  let declared: string | undefined
  let head: Buffer = Buffer.alloc(0)
  let description: unknown = ''
  let extraFile = false
  try {
    for await (const part of parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'description') description = part.value
        continue
      }
      if (part.fieldname !== 'file' || stored) {
        extraFile = true
        part.file.resume()
        continue
      }
      filename = safeFilename(part.filename)
      declared = part.mimetype
      // The first bytes say what the file is (kept on their way to the storage).
      ;({ stored, head } = await storeUpload(deps.storage, part.file, filename, deps.maxBytes))
    }
  } catch (err) {
    if (stored) await deps.storage.delete(stored.key)
    if (err instanceof FileTooLarge) throw tooLarge(deps.maxBytes)
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(deps.maxBytes)
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, t('attachments.oneFile'))
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, t('http.badRequest'))
    }
    throw err
  }
  const discard = async (error: HttpError) => {
    if (stored) await deps.storage.delete(stored.key)
    throw error
  }
  if (extraFile) return discard(new HttpError(400, t('attachments.oneFile')))
  if (!stored) {
    return discard(
      new HttpError(400, t('features.validationErrors'), [
        { field: 'file', message: t('attachments.fileRequired') },
      ]),
    )
  }
  const checked = checkDescription(description)
  if (!checked.ok) {
    return discard(
      new HttpError(400, t('features.validationErrors'), [
        { field: 'description', message: checked.message },
      ]),
    )
  }
  try {
    // A moderated user's file waits beside an approval instead (issue 14).
    const submitted = await deps.uploadGate(deps.db, user, layer, featureId, {
      storage_key: stored.key,
      filename,
      description: checked.value,
      content_type: contentTypeOf(head, declared),
      size: stored.size,
      sha256: stored.sha256,
    })
    if (submitted) return submitted
    const row = await sql.insertAttachment(deps.db, {
      layer: layerName,
      featureId,
      storageKey: stored.key,
      filename,
      description: checked.value,
      contentType: contentTypeOf(head, declared),
      size: stored.size,
      sha256: stored.sha256,
      userId: user.id,
      username: user.username,
    })
    return toAttachment(row)
  } catch (err) {
    await deps.storage.delete(stored.key)
    throw err
  }
}

/** Deletes an attachment (deleteFeatureAttachment on its own layer): its row, then its files. */
export async function deleteAttachment(
  deps: AttachmentDeps,
  user: User,
  id: number,
): Promise<void> {
  await attachmentAccess(
    deps.db,
    user,
    id,
    'deleteFeatureAttachment',
    'attachments.noDeletePermission',
  )
  const row = await sql.deleteAttachment(deps.db, id)
  if (!row) throw notFound()
  for (const key of [row.storage_key, row.thumbnail_key]) {
    if (key) await deps.storage.delete(key)
  }
}

/** What the download route sends. */
export interface AttachmentFile {
  stream: Readable
  size: number
  contentType: string
  disposition: string
}

/** The stored file of an attachment, drawing a demo photo first when it is missing. */
async function storedFile(deps: AttachmentDeps, row: sql.AttachmentRow) {
  const file = row.storage_key ? await deps.storage.get(row.storage_key) : undefined
  if (file) return { row, file }
  const drawn = await materialize(deps, row)
  const again =
    drawn.storage_key && drawn !== row ? await deps.storage.get(drawn.storage_key) : undefined
  if (!again) throw notFound()
  return { row: drawn, file: again }
}

/**
 * An attachment's file or thumbnail (readFeatureAttachment on its own layer). Raster images
 * recognised at upload are shown inline; anything else (HTML, SVG, scripts, documents) is a
 * download as `application/octet-stream`, so no uploaded file ever runs in this origin.
 * Thumbnails are made with sharp on first request and kept in the storage.
 */
export async function openAttachment(
  deps: AttachmentDeps,
  user: User,
  id: number,
  thumbnail: boolean,
): Promise<AttachmentFile> {
  const checked = await attachmentAccess(
    deps.db,
    user,
    id,
    'readFeatureAttachment',
    'attachments.noReadPermission',
  )
  const image = INLINE_TYPES.has(checked.content_type)
  if (thumbnail && !image) throw notFound()
  const { row, file } = await storedFile(deps, checked)
  if (!thumbnail || row.content_type === 'image/bmp') {
    return image
      ? {
          stream: file.stream,
          size: file.size,
          contentType: row.content_type,
          disposition: contentDisposition('inline', row.filename),
        }
      : {
          stream: file.stream,
          size: file.size,
          contentType: 'application/octet-stream',
          disposition: contentDisposition('attachment', row.filename),
        }
  }
  const thumbName = row.filename.replace(/\.[^.]*$/, '') + '.jpg'
  if (row.thumbnail_key) {
    const thumb = await deps.storage.get(row.thumbnail_key)
    if (thumb) {
      file.stream.destroy()
      return {
        stream: thumb.stream,
        size: thumb.size,
        contentType: 'image/jpeg',
        disposition: contentDisposition('inline', thumbName),
      }
    }
  }
  let bytes: Buffer
  try {
    bytes = await sharp(await readAll(file.stream), {
      animated: false,
      limitInputPixels: 100_000_000,
    })
      .rotate()
      .resize({
        height: THUMBNAIL_HEIGHT,
        width: THUMBNAIL_HEIGHT * 3,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer()
  } catch {
    // An image sharp cannot read: no thumbnail (the gallery shows its fallback).
    throw notFound()
  }
  const stored = await deps.storage.put(bytes, { suffix: 'jpg' })
  if (!(await sql.setThumbnail(deps.db, row.id, stored.key))) await deps.storage.delete(stored.key)
  const out = new PassThrough()
  out.end(bytes)
  return {
    stream: out,
    size: bytes.length,
    contentType: 'image/jpeg',
    disposition: contentDisposition('inline', thumbName),
  }
}
