import type { Readable } from 'node:stream'
import sharp from 'sharp'
import { CONTENT_THUMBNAIL_PX, DOCUMENT_PAGE_WIDTH_PX, MB, t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { FileTooLarge, type BlobStorage, type StoredFile } from '../../storage/file-storage'
import { safeFilename, storeUpload } from '../attachments/attachment-files'
import type { UploadPart } from '../attachments/attachments.service'
import { pdfPageCount, renderPdfPage, withTempFile } from './pdf-tools'

// The files of the store: receiving an upload (streamed, limited), and what is made from a
// stored file (its thumbnail, a PDF's page count and page images).

export const tooLarge = (maxBytes: number) =>
  new HttpError(400, t('documentsApi.tooLarge', { max: Math.floor(maxBytes / MB) }))

/** The multipart limits of a route taking one content: one byte past the limit (the storage says it). */
export const contentUploadLimits = (maxBytes: number) => ({
  fileSize: maxBytes + 1,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 20,
  headerPairs: 100,
})

/** A file received and stored, with its first bytes and its safe name. */
export interface ReceivedFile {
  stored: StoredFile
  head: Buffer
  filename: string
}

/**
 * Reads a multipart upload of one `file` and text fields (before or after it, in any order):
 * the file streams into the storage, past `maxBytes` nothing is kept and the answer is the 400
 * 'O arquivo excede o limite de N MB.'. The caller deletes `file.stored` when it refuses it.
 */
export async function receiveUpload(
  storage: BlobStorage,
  parts: AsyncIterable<UploadPart>,
  maxBytes: number,
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

/**
 * What is made of a stored file at upload: a PNG thumbnail of an image (sharp) or of a PDF's
 * first page (pdftoppm) and a PDF's page count (pdfinfo). A file they cannot read is kept
 * without them.
 */
export async function makePreview(
  storage: BlobStorage,
  key: string,
  contentType: string,
): Promise<{ thumbnailKey: string | null; pageCount: number | null }> {
  const none = { thumbnailKey: null, pageCount: null }
  const isPdf = contentType === 'application/pdf'
  if (!isPdf && !SHARP_TYPES.has(contentType)) return none
  const file = await storage.get(key)
  if (!file) return none
  let pageCount: number | null = null
  let png: Buffer | undefined
  if (isPdf) {
    await withTempFile(file.stream, async (path, dir) => {
      pageCount = (await pdfPageCount(path)) ?? null
      if (pageCount) png = await renderPdfPage(path, dir, 1, { long: CONTENT_THUMBNAIL_PX })
    })
  } else {
    png = await imageThumbnail(file.stream)
  }
  const thumbnailKey = png ? (await storage.put(png, { suffix: 'png' })).key : null
  return { thumbnailKey, pageCount }
}

/** A PDF's page drawn about 1200 px wide, or undefined when poppler cannot. */
export async function renderPageImage(
  storage: BlobStorage,
  key: string,
  page: number,
): Promise<Buffer | undefined> {
  const file = await storage.get(key)
  if (!file) return undefined
  return withTempFile(file.stream, (path, dir) =>
    renderPdfPage(path, dir, page, { width: DOCUMENT_PAGE_WIDTH_PX }),
  )
}
