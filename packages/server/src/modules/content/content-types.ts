import { CONTENT_IMAGE_TYPES, DOCUMENT_FILE_TYPES, t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { sniffImage } from '../attachments/attachment-files'

// What a stored content is: by its bytes where the format has a signature, else by the
// extension of an allow-list (docs/documents.md). The type the client declares is never used.

const hex = (h: string) => Buffer.from(h, 'hex')
const startsWith = (b: Buffer, sig: Buffer | string) =>
  b.subarray(0, sig.length).equals(typeof sig === 'string' ? Buffer.from(sig, 'latin1') : sig)

const ZIP = [hex('504b0304'), hex('504b0506')]
const OLE = hex('d0cf11e0a1b11ae1')

/** The family a file's first bytes show, or undefined when they show none known here. */
export function sniffFamily(
  head: Buffer,
): 'pdf' | 'image' | 'zip' | 'ole' | 'tiff' | 'dwg' | 'sqlite' | 'rtf' | undefined {
  if (startsWith(head, '%PDF-')) return 'pdf'
  if (sniffImage(head)) return 'image'
  if (ZIP.some((sig) => startsWith(head, sig))) return 'zip'
  if (startsWith(head, OLE)) return 'ole'
  if (startsWith(head, 'II*\0') || startsWith(head, 'MM\0*')) return 'tiff'
  if (startsWith(head, 'AC10')) return 'dwg'
  if (startsWith(head, 'SQLite format 3\0')) return 'sqlite'
  if (startsWith(head, '{\\rtf')) return 'rtf'
  return undefined
}

/** The family an extension's files must show (none: the format has no signature checked). */
const FAMILY_OF: Record<string, ReturnType<typeof sniffFamily>> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  tif: 'tiff',
  tiff: 'tiff',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  odt: 'zip',
  ods: 'zip',
  odp: 'zip',
  zip: 'zip',
  kmz: 'zip',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  dwg: 'dwg',
  gpkg: 'sqlite',
  rtf: 'rtf',
}

/** Families that are never accepted under a text extension (a binary posing as csv). */
const BINARY = new Set(['pdf', 'image', 'zip', 'ole', 'tiff', 'dwg', 'sqlite'])

const extensionOf = (filename: string) => /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]?.toLowerCase()

/**
 * The content type of an image of an image-only tag: PNG, JPEG, GIF or WebP by its bytes,
 * else the 400.
 */
export function imageTypeOf(head: Buffer): string {
  const type = sniffImage(head)
  if (!type || !(CONTENT_IMAGE_TYPES as readonly string[]).includes(type)) {
    throw new HttpError(400, t('documentsApi.imageType'))
  }
  return type
}

/**
 * The content type of a document (or a file of another tag): its extension must be on the
 * allow-list and its bytes must agree with it (a PDF starts %PDF-, an image is that image, a
 * docx is a zip...); a file without an allowed extension is taken when its bytes are a PDF or
 * an image. Else the 400.
 */
export function documentTypeOf(filename: string, head: Buffer): string {
  const ext = extensionOf(filename)
  const family = sniffFamily(head)
  const declared =
    ext && Object.hasOwn(DOCUMENT_FILE_TYPES, ext) ? DOCUMENT_FILE_TYPES[ext] : undefined
  if (!declared) {
    if (family === 'pdf') return 'application/pdf'
    if (family === 'image') return sniffImage(head)!
    throw new HttpError(400, t('documentsApi.fileType', { name: filename }))
  }
  const wanted = Object.hasOwn(FAMILY_OF, ext!) ? FAMILY_OF[ext!] : undefined
  const mismatch = wanted
    ? family !== wanted || (wanted === 'image' && sniffImage(head) !== declared)
    : family !== undefined && BINARY.has(family)
  if (mismatch) throw new HttpError(400, t('documentsApi.fileMismatch', { name: filename }))
  return declared
}

/** Whether the browser may show a content inline (images it draws, PDFs): else a download. */
export const showsInline = (contentType: string): boolean =>
  contentType === 'application/pdf' ||
  (CONTENT_IMAGE_TYPES as readonly string[]).includes(contentType)
