import { PassThrough, type Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import {
  CONTENT_IMAGE_MAX_MB,
  DEFAULT_INSPECTION_LAYER,
  INSPECTION_LAYER_SETTING,
  INSPECTION_PHOTOS_CONTENT_TAG,
  isDocumentContentTag,
  isImageOnlyContentTag,
  MB,
  t,
  type ContentItem,
  type PagingQuery,
  type SessionUser,
} from '@gis/shared'
import type { Db } from '../../db/types'
import { HttpError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import { layerAccess } from '../../layer-data/layer-access'
import type { BlobStorage } from '../../storage/file-storage'
import { contentDisposition } from '../attachments/attachment-files'
import { readSetting } from '../config/config.sql'
import type { JobQueue } from '../../jobs/job-queue'
import type { Poppler } from '../../workers/poppler'
import {
  imageThumbnailKey,
  pdfPreview,
  renderPageImage,
  tooLarge,
  type ReceivedFile,
} from './content-files'
import { documentTypeOf, imageTypeOf, showsInline } from './content-types'
import * as sql from './content.sql'

export type ContentUser = Pick<SessionUser, 'id' | 'username' | 'admin'>

/** Draws a demo content from its recipe (the demo seed's; injected by the composition). */
export type DemoContentRenderer = (recipe: string) => Promise<Buffer>

export interface ContentDeps {
  db: Db
  storage: BlobStorage
  /** The PDF previews' job (CONTENT_PREVIEW_JOB) is queued here. */
  jobs: JobQueue
  poppler: Poppler
  renderDemoContent?: DemoContentRenderer
  /** Whether the user may read this content of the documents (the documents module says). */
  canReadDocumentContent?: (user: ContentUser, contentId: number) => Promise<boolean>
}

export const CONTENT_IMAGE_MAX_BYTES = CONTENT_IMAGE_MAX_MB * MB

export const contentNotFound = () => new HttpError(404, t('documentsApi.contentNotFound'))

const isDemoKey = (key: string) => key.startsWith(sql.DEMO_KEY_PREFIX)

export function toContentItem(row: sql.ContentRow): ContentItem {
  return {
    id: row.id,
    tag: row.tag,
    title: row.title,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size,
    created: row.created_at.toISOString(),
    // A demo file not drawn yet gets its thumbnail when it is drawn (on first request).
    thumbnail: row.thumbnail_key !== null || isDemoKey(row.storage_key),
    preview: row.preview_state,
  }
}

/** The job that makes a PDF's preview after its upload (payload: the content's id). */
export const CONTENT_PREVIEW_JOB = 'content.preview'

/**
 * Makes the preview of a PDF recorded as pending: its page count and thumbnail, or `failed`
 * (remembered: the PDF is not parsed again). A content deleted meanwhile is left alone.
 */
export const previewJobHandler =
  (deps: ContentDeps) =>
  async ({ payload }: { payload: { contentId: number } }): Promise<void> => {
    const row = await sql.findContent(deps.db, payload.contentId)
    if (!row || row.preview_state !== 'pending') return
    const preview = await pdfPreview(deps.storage, deps.poppler, row.storage_key)
    const kept = await sql.setPreview(deps.db, row.id, preview)
    if (!kept && preview.thumbnailKey) await deps.storage.delete(preview.thumbnailKey)
  }

/** Whether the user may read the inspections' layer (its setting, else the default). */
async function readsInspectionLayer(db: Db, user: ContentUser): Promise<boolean> {
  const name = (await readSetting<string>(db, INSPECTION_LAYER_SETTING)) || DEFAULT_INSPECTION_LAYER
  return layerAccess(db, user, name).then(
    () => true,
    (err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 404) return false
      throw err
    },
  )
}

/**
 * Who may read a content: a document's file whoever may read that document (the documents
 * module), an inspection photo whoever may read the inspections' layer, any other any
 * signed-in user.
 */
async function mayRead(deps: ContentDeps, user: ContentUser, row: sql.ContentRow) {
  if (isDocumentContentTag(row.tag)) {
    return deps.canReadDocumentContent
      ? deps.canReadDocumentContent(user, row.id)
      : Promise.resolve(user.admin)
  }
  if (row.tag === INSPECTION_PHOTOS_CONTENT_TAG) return readsInspectionLayer(deps.db, user)
  return true
}

/**
 * The contents of a tag, newest first by default. The documents' tags are not listed here
 * (404: the library lists them), the inspection photos only for who reads their layer.
 */
export async function listContents(
  deps: ContentDeps,
  user: ContentUser,
  tag: string,
  query: PagingQuery & { query?: string },
): Promise<{ rows: ContentItem[]; total: number }> {
  if (isDocumentContentTag(tag)) throw contentNotFound()
  if (tag === INSPECTION_PHOTOS_CONTENT_TAG && !(await readsInspectionLayer(deps.db, user))) {
    throw contentNotFound()
  }
  const paging = toSqlPaging(query, sql.CONTENT_SORTS, '-created')
  const page = await sql.listContents(deps.db, tag, query.query || undefined, paging)
  return { rows: page.rows.map(toContentItem), total: page.total }
}

/**
 * Records a received file as a content of `tag`: an image-only tag takes PNG, JPEG, GIF or
 * WebP up to 10 MB, any other tag the allow-list (docs/documents.md). An image's thumbnail is
 * made now; a PDF's page count and thumbnail by a job (CONTENT_PREVIEW_JOB), so the upload
 * never waits for poppler. A refused file is removed from the storage.
 */
export async function storeContent(
  deps: ContentDeps,
  userId: number | null,
  file: ReceivedFile,
  meta: { tag: string; title: string },
): Promise<sql.ContentRow> {
  const { stored } = file
  let thumbnailKey: string | null = null
  try {
    const imageOnly = isImageOnlyContentTag(meta.tag)
    if (imageOnly && stored.size > CONTENT_IMAGE_MAX_BYTES) throw tooLarge(CONTENT_IMAGE_MAX_BYTES)
    const type = imageOnly ? imageTypeOf(file.head) : documentTypeOf(file.filename, file.head)
    const pdf = type === 'application/pdf'
    // An image's thumbnail is quick (sharp, bounded in pixels); a PDF's waits for its job.
    thumbnailKey = pdf ? null : await imageThumbnailKey(deps.storage, stored.key, type)
    const row = await sql.insertContent(deps.db, {
      tag: meta.tag,
      title: meta.title,
      filename: file.filename,
      contentType: type,
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
      thumbnailKey,
      pageCount: null,
      previewState: pdf ? 'pending' : 'done',
      createdBy: userId,
    })
    if (pdf) await deps.jobs.enqueue(CONTENT_PREVIEW_JOB, { contentId: row.id }, userId)
    return row
  } catch (err) {
    await deps.storage.delete(stored.key)
    if (thumbnailKey) await deps.storage.delete(thumbnailKey)
    throw err
  }
}

/** A demo content's file drawn into this storage now (a fresh DATA_DIR gets them too). */
async function drawn(deps: ContentDeps, row: sql.ContentRow): Promise<sql.ContentRow> {
  if (!isDemoKey(row.storage_key)) return row
  if (!deps.renderDemoContent) throw contentNotFound()
  const bytes = await deps.renderDemoContent(row.storage_key.slice(sql.DEMO_KEY_PREFIX.length))
  const ext = /\.([a-z0-9]{1,10})$/i.exec(row.filename)?.[1]
  const stored = await deps.storage.put(bytes, { suffix: ext })
  // The demo's own files, drawn by the seed's recipes: their preview is made at once.
  const thumbnailKey =
    row.content_type === 'application/pdf'
      ? (await pdfPreview(deps.storage, deps.poppler, stored.key)).thumbnailKey
      : await imageThumbnailKey(deps.storage, stored.key, row.content_type)
  const kept = await sql.setDrawnFile(deps.db, row.id, row.storage_key, {
    ...stored,
    thumbnailKey,
  })
  if (!kept) {
    await deps.storage.delete(stored.key)
    if (thumbnailKey) await deps.storage.delete(thumbnailKey)
  }
  return (await sql.findContent(deps.db, row.id)) ?? row
}

/** A content the user may read (drawn when it is a demo file), else the 404. */
export async function readableContent(
  deps: ContentDeps,
  user: ContentUser,
  id: number,
): Promise<sql.ContentRow> {
  const row = await sql.findContent(deps.db, id)
  if (!row || !(await mayRead(deps, user, row))) throw contentNotFound()
  return drawn(deps, row)
}

/** What the download routes send. */
export interface ContentAnswer {
  stream: Readable
  size: number
  contentType: string
  disposition: string
  /** Strong validator: a stored file never changes. */
  etag: string
}

/** A content's file (images and PDFs inline, anything else a download) or its PNG thumbnail. */
export async function openContent(
  deps: ContentDeps,
  user: ContentUser,
  id: number,
  thumbnail: boolean,
): Promise<ContentAnswer> {
  const row = await readableContent(deps, user, id)
  const key = thumbnail ? row.thumbnail_key : row.storage_key
  if (!key) throw new HttpError(404, t('documentsApi.thumbnailNotFound'))
  const file = await deps.storage.get(key)
  if (!file) throw contentNotFound()
  const etag = `"${key.replace(/[^\w-]/g, '')}"`
  if (thumbnail) {
    const name = row.filename.replace(/\.[^.]*$/, '') + '.png'
    return {
      ...file,
      contentType: 'image/png',
      disposition: contentDisposition('inline', name),
      etag,
    }
  }
  const inline = showsInline(row.content_type)
  return {
    ...file,
    contentType: row.content_type,
    disposition: contentDisposition(inline ? 'inline' : 'attachment', row.filename),
    etag,
  }
}

/**
 * The image of page `page` of a PDF content (checked by the caller), drawn by pdftoppm on the
 * first request and kept in the storage; 404 past its last page.
 */
export async function openPageImage(
  deps: ContentDeps,
  row: sql.ContentRow,
  page: number,
): Promise<ContentAnswer> {
  const ready = await drawn(deps, row)
  const pdf = ready.content_type === 'application/pdf'
  if (pdf && ready.preview_state === 'pending') {
    throw new HttpError(503, t('documentsApi.previewPending'), undefined, { 'retry-after': '1' })
  }
  if (!pdf || page > (ready.page_count ?? 0)) {
    throw new HttpError(404, t('documentsApi.pageNotFound'))
  }
  const failed = () => new HttpError(404, t('documentsApi.pageFailed'))
  if (ready.preview_state === 'failed') throw failed()
  const disposition = contentDisposition('inline', `pagina-${page}.png`)
  const answer = (key: string, stream: Readable, size: number): ContentAnswer => ({
    stream,
    size,
    contentType: 'image/png',
    disposition,
    etag: `"${key.replace(/[^\w-]/g, '')}"`,
  })
  const kept = await sql.pageImageKey(deps.db, ready.id, page)
  if (kept === null) throw failed()
  const file = kept ? await deps.storage.get(kept) : undefined
  if (kept && file) return answer(kept, file.stream, file.size)
  const drawnPage = await pageImage(deps, ready, page)
  if (!drawnPage) throw failed()
  const out = new PassThrough()
  out.end(drawnPage.png)
  return answer(drawnPage.key, out, drawnPage.png.length)
}

/** Page images being drawn in this process: a second request for one waits for the first. */
const drawing = new Map<string, Promise<{ key: string; png: Buffer } | undefined>>()

/**
 * Draws a page image (in poppler's turn and limits) and keeps it, or remembers that it could
 * not be drawn; requests for the same page meanwhile share the one drawing.
 */
function pageImage(deps: ContentDeps, row: sql.ContentRow, page: number) {
  const id = `${row.id}:${page}`
  let running = drawing.get(id)
  if (!running) {
    running = (async () => {
      const png = await renderPageImage(deps.storage, deps.poppler, row.storage_key, page)
      if (!png) {
        await sql.insertPageImage(deps.db, row.id, page, null)
        return undefined
      }
      const stored = await deps.storage.put(png, { suffix: 'png' })
      if (!(await sql.insertPageImage(deps.db, row.id, page, stored.key))) {
        await deps.storage.delete(stored.key)
      }
      return { key: stored.key, png }
    })().finally(() => drawing.delete(id))
    drawing.set(id, running)
  }
  return running
}

/**
 * The bytes of an image content the user may read (the report renderer's images), or
 * undefined; at most the image limit.
 */
export async function contentBytes(
  deps: ContentDeps,
  user: ContentUser,
  id: number,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const row = await readableContent(deps, user, id).catch(() => undefined)
  if (!row || !row.content_type.startsWith('image/') || row.size > CONTENT_IMAGE_MAX_BYTES) {
    return undefined
  }
  const file = await deps.storage.get(row.storage_key)
  if (!file) return undefined
  return { bytes: await buffer(file.stream), contentType: row.content_type }
}

/** Removes a content recorded a moment ago whose use failed: its row and its files. */
export async function removeContent(deps: ContentDeps, row: sql.ContentRow): Promise<void> {
  await sql.deleteContent(deps.db, row.id)
  await deps.storage.delete(row.storage_key)
  if (row.thumbnail_key) await deps.storage.delete(row.thumbnail_key)
}
