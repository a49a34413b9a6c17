// Payloads of the content store and the documents library (issue 30): written by the server
// part first, read by both sides. The model, permissions, formats and limits: docs/documents.md.
import { z } from 'zod'
import { t } from '../i18n/messages'
import { pagingQuerySchema } from '../paging/paging'
import { REPORT_IMAGE_TAG } from '../reports/template'

// ---------------------------------------------------------------------------------------------
// Content store (`/api/content`)

/** A content's tag: lower-case letters, digits, '/', '_' and '-', at most 100 characters. */
export const CONTENT_TAG_PATTERN = /^[a-z0-9][a-z0-9/_-]{0,99}$/
/** The tag of the documents' files; tags starting so are refused by `POST /api/content`. */
export const DOCUMENT_CONTENT_TAG = 'documentos'
/** Tags of images only: the report image library and the inspections' photos. */
export const INSPECTION_PHOTOS_CONTENT_TAG = 'inspecoes/fotos'
export const IMAGE_ONLY_CONTENT_TAGS = [REPORT_IMAGE_TAG, INSPECTION_PHOTOS_CONTENT_TAG] as const
/** Whether a tag is one of the documents' (not listed nor written through `/api/content`). */
export const isDocumentContentTag = (tag: string): boolean => tag.startsWith(DOCUMENT_CONTENT_TAG)
export const isImageOnlyContentTag = (tag: string): boolean =>
  (IMAGE_ONLY_CONTENT_TAGS as readonly string[]).includes(tag)

/** Size limits in MB: images of the image-only tags, and every other file (documents). */
export const CONTENT_IMAGE_MAX_MB = 10
export const DOCUMENT_MAX_MB = 100
export const MB = 1_048_576

/** Images accepted by the image-only tags (recognised by their bytes). */
export const CONTENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

/**
 * The files accepted by the documents and the other tags, by extension (the type is checked
 * against the file's bytes where it has a signature: PDF, images, zip-based formats).
 */
export const DOCUMENT_FILE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  kmz: 'application/vnd.google-earth.kmz',
  kml: 'application/vnd.google-earth.kml+xml',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  shp: 'application/x-esri-shape',
  geojson: 'application/geo+json',
  gpkg: 'application/geopackage+sqlite3',
}
/** The extensions accepted, for an `accept` attribute (`.pdf,.png,...`). */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_FILE_TYPES)
  .map((e) => `.${e}`)
  .join(',')

/** Thumbnails: PNG, at most this many pixels on the long side; PDF page images this wide. */
export const CONTENT_THUMBNAIL_PX = 256
export const DOCUMENT_PAGE_WIDTH_PX = 1200

/**
 * One stored content. `GET /api/content/{id}?token=` is its file, `&thumbnail` its PNG
 * thumbnail when `thumbnail` is true.
 */
/**
 * A content's preview (a PDF's page count and thumbnail, made by a job after the upload):
 * being made, made (or nothing to make), or not made (poppler could not in its limits).
 */
export const PREVIEW_STATES = ['pending', 'done', 'failed'] as const
export type PreviewState = (typeof PREVIEW_STATES)[number]

export const contentItemSchema = z.object({
  id: z.number().int(),
  tag: z.string(),
  title: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** ISO date and time. */
  created: z.string(),
  thumbnail: z.boolean(),
  preview: z.enum(PREVIEW_STATES),
})
export type ContentItem = z.infer<typeof contentItemSchema>

export const contentTagSchema = z
  .string()
  .regex(CONTENT_TAG_PATTERN, { error: t('documentsApi.tagInvalid') })
export const contentTitleSchema = z
  .string()
  .trim()
  .max(200, { error: t('field.tooLong', { max: 200 }) })

// ---------------------------------------------------------------------------------------------
// Documents library (`/api/documents`)

export const DOCUMENT_KINDS = ['pdf', 'image', 'office', 'other'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

/** Office documents and text tables by content type (a regular expression both sides run). */
export const DOCUMENT_OFFICE_TYPE_PATTERN =
  '^application/(msword|rtf|vnd\\.ms-|vnd\\.openxmlformats-officedocument\\.|vnd\\.oasis\\.opendocument\\.)|^text/(csv|plain)$'
const OFFICE_TYPE = new RegExp(DOCUMENT_OFFICE_TYPE_PATTERN)
/** The kind of a document by its content type (the search's 'Tipo'). */
export function documentKindOf(contentType: string): DocumentKind {
  if (contentType === 'application/pdf') return 'pdf'
  if (contentType.startsWith('image/') && !/dwg|dxf/.test(contentType)) return 'image'
  if (OFFICE_TYPE.test(contentType)) return 'office'
  return 'other'
}

/** Limits of a document's fields. */
export const DOCUMENT_LIMITS = {
  title: 200,
  description: 4000,
  tags: 30,
  tag: 60,
  folderName: 100,
  comment: 500,
} as const

/** The actions of a document's history. */
export const DOCUMENT_HISTORY_ACTIONS = [
  'CREATE',
  'VERSION',
  'UPDATE',
  'MOVE',
  'LINK',
  'UNLINK',
  'DELETE',
  'RESTORE',
] as const
export type DocumentHistoryAction = (typeof DOCUMENT_HISTORY_ACTIONS)[number]

/** A group's right on a folder (administrators only see and set these). */
export const folderGroupSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  canWrite: z.boolean(),
})
export type FolderGroup = z.infer<typeof folderGroupSchema>

/** A folder the user may read; `groups` (administrators) are its own list, empty = inherited. */
export const documentFolderSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  canWrite: z.boolean(),
  /** Live documents directly in this folder. */
  documentCount: z.number().int(),
  groups: z.array(folderGroupSchema).optional(),
})
export type DocumentFolder = z.infer<typeof documentFolderSchema>

const folderNameSchema = z
  .string()
  .trim()
  .min(1, { error: t('documentsApi.folderNameRequired') })
  .max(DOCUMENT_LIMITS.folderName, {
    error: t('field.tooLong', { max: DOCUMENT_LIMITS.folderName }),
  })
  .refine((s) => !/[/\\]/.test(s), { error: t('documentsApi.folderNameInvalid') })

export const folderCreateSchema = z
  .object({ name: folderNameSchema, parentId: z.number().int().positive().nullable().optional() })
  .strict()
export type FolderCreate = z.infer<typeof folderCreateSchema>

export const folderUpdateSchema = z
  .object({
    name: folderNameSchema.optional(),
    parentId: z.number().int().positive().nullable().optional(),
  })
  .strict()
export type FolderUpdate = z.infer<typeof folderUpdateSchema>

/** `PUT /folders/{id}/groups`: the folder's own list (empty: inherits its parent's). */
export const folderGroupsUpdateSchema = z
  .array(z.object({ groupId: z.number().int().positive(), canWrite: z.boolean() }).strict())
  .max(1000)
export type FolderGroupsUpdate = z.infer<typeof folderGroupsUpdateSchema>

/** A document in the list (its current version's file). */
export const documentSummarySchema = z.object({
  id: z.number().int(),
  folderId: z.number().int(),
  /** 'Projetos / Pontes' */
  folderPath: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  version: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  /** The current version's content: `/api/content/{contentId}?token=` downloads it. */
  contentId: z.number().int(),
  thumbnail: z.boolean(),
  pageCount: z.number().int().nullable(),
  preview: z.enum(PREVIEW_STATES),
  /** ISO date and time; who changed it last (username). */
  updated: z.string(),
  updatedBy: z.string().nullable(),
  canWrite: z.boolean(),
  linkCount: z.number().int(),
  /** ISO date and time when in the bin (listed with `deleted=true`), else null. */
  deleted: z.string().nullable(),
})
export type DocumentSummary = z.infer<typeof documentSummarySchema>

export const documentVersionSchema = z.object({
  version: z.number().int(),
  contentId: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  pageCount: z.number().int().nullable(),
  thumbnail: z.boolean(),
  preview: z.enum(PREVIEW_STATES),
  comment: z.string(),
  created: z.string(),
  createdBy: z.string().nullable(),
})
export type DocumentVersion = z.infer<typeof documentVersionSchema>

/** A link to a feature; `label` is the feature's display value (or '#id'). */
export const documentLinkSchema = z.object({
  layer: z.string(),
  layerTitle: z.string(),
  featureId: z.number().int(),
  label: z.string(),
})
export type DocumentLink = z.infer<typeof documentLinkSchema>

export const documentDetailSchema = documentSummarySchema.extend({
  /** Newest first. */
  versions: z.array(documentVersionSchema),
  links: z.array(documentLinkSchema),
})
export type DocumentDetail = z.infer<typeof documentDetailSchema>

export const documentHistorySchema = z.object({
  action: z.enum(DOCUMENT_HISTORY_ACTIONS),
  detail: z.record(z.string(), z.unknown()),
  username: z.string(),
  at: z.string(),
})
export type DocumentHistoryEntry = z.infer<typeof documentHistorySchema>

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: t('documentsApi.dateInvalid') })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), {
    error: t('documentsApi.dateInvalid'),
  })

/**
 * `GET /api/documents`: `folder` (with its subfolders), `query` in title, description or file
 * name (any case), `tag` (one of the document's tags, any case), `type` (kind), `from`/`to`
 * (YYYY-MM-DD, on the last change, São Paulo days, inclusive), `deleted=true` the bin.
 * Sorts: `title`, `updated` (default `-updated`), `size`, `filename`.
 */
export const documentListQuerySchema = pagingQuerySchema.extend({
  folder: z.coerce.number().int().positive().optional(),
  query: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(DOCUMENT_LIMITS.tag).optional(),
  type: z.enum(DOCUMENT_KINDS, { error: t('field.invalid') }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  deleted: z
    .enum(['true', 'false'], { error: t('field.invalid') })
    .optional()
    .transform((v) => v === 'true'),
})
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>

/** Tags as the upload form sends them: comma separated; trimmed, empty and repeated dropped. */
export function parseDocumentTags(text: string): string[] {
  const seen = new Set<string>()
  const tags: string[] = []
  for (const raw of text.split(',')) {
    const tag = raw.trim()
    if (!tag || seen.has(tag.toLowerCase())) continue
    seen.add(tag.toLowerCase())
    tags.push(tag)
  }
  return tags
}

export const documentTagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(DOCUMENT_LIMITS.tag, { error: t('field.tooLong', { max: DOCUMENT_LIMITS.tag }) }),
  )
  .max(DOCUMENT_LIMITS.tags, {
    error: t('documentsApi.tooManyTags', { max: DOCUMENT_LIMITS.tags }),
  })
  .transform((tags) => parseDocumentTags(tags.join(',')))

export const documentTitleSchema = z
  .string()
  .trim()
  .min(1, { error: t('documentsApi.titleRequired') })
  .max(DOCUMENT_LIMITS.title, { error: t('field.tooLong', { max: DOCUMENT_LIMITS.title }) })
export const documentDescriptionSchema = z
  .string()
  .trim()
  .max(DOCUMENT_LIMITS.description, {
    error: t('field.tooLong', { max: DOCUMENT_LIMITS.description }),
  })
export const versionCommentSchema = z
  .string()
  .trim()
  .max(DOCUMENT_LIMITS.comment, { error: t('field.tooLong', { max: DOCUMENT_LIMITS.comment }) })

/**
 * The text fields of `POST /api/documents` (multipart, beside the one `file`): `folderId`,
 * `title` (default: the file name without extension), `description`, `tags` (comma separated).
 */
export const documentUploadFieldsSchema = z.object({
  folderId: z.coerce
    .number({ error: t('documentsApi.folderRequired') })
    .int()
    .positive(),
  title: z.string().trim().max(DOCUMENT_LIMITS.title).optional(),
  description: documentDescriptionSchema.default(''),
  tags: z
    .string()
    .max(DOCUMENT_LIMITS.tags * (DOCUMENT_LIMITS.tag + 1))
    .default('')
    .transform(parseDocumentTags)
    .pipe(documentTagsSchema),
})
export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>

/** `PUT /api/documents/{id}`: every field optional; a new `folderId` moves it. */
export const documentUpdateSchema = z
  .object({
    title: documentTitleSchema.optional(),
    description: documentDescriptionSchema.optional(),
    tags: documentTagsSchema.optional(),
    folderId: z.number().int().positive().optional(),
  })
  .strict()
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>

/** `POST /api/documents/{id}/links`. */
export const documentLinkCreateSchema = z
  .object({
    layer: z.string().trim().min(1).max(63),
    featureId: z.number().int().positive(),
  })
  .strict()
export type DocumentLinkCreate = z.infer<typeof documentLinkCreateSchema>

/** `GET /api/documents/linked?layer=&featureId=`. */
export const linkedDocumentsQuerySchema = z.object({
  layer: z.string().trim().min(1).max(63),
  featureId: z.coerce.number().int().positive(),
})
export type LinkedDocumentsQuery = z.infer<typeof linkedDocumentsQuerySchema>

/** `POST /api/documents/promote`: an attachment's file becomes a document linked to its feature. */
export const documentPromoteSchema = z
  .object({
    attachmentId: z.number().int().positive(),
    folderId: z.number().int().positive(),
    title: documentTitleSchema.optional(),
  })
  .strict()
export type DocumentPromote = z.infer<typeof documentPromoteSchema>

/** URL of a PDF version's page image (the browser adds `?token=`). */
export const documentPageUrl = (id: number, version: number, page: number): string =>
  `/api/documents/${id}/versions/${version}/pages/${page}.png`
