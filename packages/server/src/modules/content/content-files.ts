import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import sharp from 'sharp'
import { CONTENT_THUMBNAIL_PX, DOCUMENT_PAGE_WIDTH_PX, MB, t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { FileTooLarge, type BlobStorage, type StoredFile } from '../../storage/file-storage'
import { safeFilename, storeUpload } from '../attachments/attachment-files'
import type { UploadPart } from '../attachments/attachments.service'
import type { Poppler } from '../../workers/poppler'

// The files of the store: receiving an upload (streamed, limited), and what is made from a
// stored file (its thumbnail, a PDF's page count and page images, by the bounded poppler).

export const tooLarge = (maxBytes: number) =>
  new HttpError(400, t('documentsApi.tooLarge', { max: Math.floor(maxBytes / MB) }))

/** A file received and stored, with its first bytes and its safe name. */
export interface ReceivedFile {
  stored: StoredFile
  head: Buffer
  filename: string
}

/**
 * Reads a multipart upload of one `file` and text fields (before or after it, in any order):
 * the file streams into the storage, past `maxBytes` nothing is kept and the answer is the 400
 * 'O arquivo excede o limite de N MB.'. `beforeFile` sees the fields sent before the file and
 * may refuse (throw) before a byte of it is stored. The caller deletes `file.stored` when it
 * refuses it.
 */
export async function receiveUpload(
  storage: BlobStorage,
  parts: AsyncIterable<UploadPart>,
  maxBytes: number,
  beforeFile?: (fields: Record<string, string>) => Promise<void>,
): Promise<{ file: ReceivedFile | undefined; fields: Record<string, string> }> {
  const fields: Record<string, string> = {}
  let file: ReceivedFile | undefined
  let extra = false
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== 'file' || file) {
        extra = true
        part.file.resume()
        continue
      }
      if (beforeFile) {
        await beforeFile(fields).catch((err: unknown) => {
          part.file.resume()
          throw err
        })
      }
      const filename = safeFilename(part.filename)
      const { stored, head } = await storeUpload(storage, part.file, filename, maxBytes)
      file = { stored, head, filename }
    }
  } catch (err) {
    if (file) await storage.delete(file.stored.key)
    const code = (err as { code?: string }).code
    if (err instanceof FileTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes)
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, t('attachments.oneFile'))
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, t('http.badRequest'))
    }
    throw err
  }
  if (extra) {
    if (file) await storage.delete(file.stored.key)
    throw new HttpError(400, t('attachments.oneFile'))
  }
  return { file, fields }
}

/** Images sharp draws thumbnails of. */
const SHARP_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/tiff'])

async function imageThumbnail(source: Readable): Promise<Buffer | undefined> {
  try {
    const resize = sharp({ animated: false, limitInputPixels: 200_000_000 })
      .rotate()
      .resize({
        width: CONTENT_THUMBNAIL_PX,
        height: CONTENT_THUMBNAIL_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png()
    source.pipe(resize)
    return await resize.toBuffer()
  } catch {
    source.destroy()
    return undefined
  }
}

/** Runs `work` on a temporary file holding the stream's bytes; the file is removed after. */
export async function withTempFile<T>(
  source: Readable,
  work: (file: string, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gis-pdf-'))
  try {
    const file = path.join(dir, 'in.pdf')
    await pipeline(source, createWriteStream(file))
    return await work(file, dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** A stored image's PNG thumbnail (sharp, off the event loop), kept in the storage; or null. */
export async function imageThumbnailKey(
  storage: BlobStorage,
  key: string,
  contentType: string,
): Promise<string | null> {
  if (!SHARP_TYPES.has(contentType)) return null
  const file = await storage.get(key)
  const png = file ? await imageThumbnail(file.stream) : undefined
  return png ? (await storage.put(png, { suffix: 'png' })).key : null
}

export interface PdfPreview {
  thumbnailKey: string | null
  pageCount: number | null
  state: 'done' | 'failed'
}

/**
 * A stored PDF's preview: its page count (pdfinfo) and its first page as a thumbnail
 * (pdftoppm), in poppler's turn and limits. A PDF poppler cannot read, or whose first page it
 * cannot draw in time, is `failed`: its pages are not drawn again.
 */
export async function pdfPreview(
  storage: BlobStorage,
  poppler: Poppler,
  key: string,
): Promise<PdfPreview> {
  const file = await storage.get(key)
  if (!file) return { thumbnailKey: null, pageCount: null, state: 'failed' }
  const made = await withTempFile(file.stream, async (pdf, dir) => {
    const pageCount = (await poppler.pageCount(pdf)) ?? null
    const png = pageCount
      ? await poppler.renderPage(pdf, dir, 1, { long: CONTENT_THUMBNAIL_PX })
      : undefined
    return { pageCount, png }
  })
  const thumbnailKey = made.png ? (await storage.put(made.png, { suffix: 'png' })).key : null
  return { thumbnailKey, pageCount: made.pageCount, state: thumbnailKey ? 'done' : 'failed' }
}

/** A PDF's page drawn about 1200 px wide, or undefined when poppler cannot in its limits. */
export async function renderPageImage(
  storage: BlobStorage,
  poppler: Poppler,
  key: string,
  page: number,
): Promise<Buffer | undefined> {
  const file = await storage.get(key)
  if (!file) return undefined
  return withTempFile(file.stream, (pdf, dir) =>
    poppler.renderPage(pdf, dir, page, { width: DOCUMENT_PAGE_WIDTH_PX }),
  )
}
