import {
  DOCUMENT_CONTENT_TAG,
  DOCUMENT_MAX_MB,
  documentKindOf,
  documentUploadFieldsSchema,
  MB,
  t,
  versionCommentSchema,
  type DocumentDetail,
  type DocumentHistoryEntry,
  type DocumentListQuery,
  type DocumentSummary,
  type DocumentUpdate,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { badRequest, HttpError } from '../../http/errors'
import { toSqlPaging, type Page } from '../../http/paging'
import { readableLayerAccess } from '../../layer-data/layer-access'
import type { UploadPart } from '../attachments/attachments.service'
import { receiveUpload, type ReceivedFile } from '../content/content-files'
import * as content from '../content/content.service'
import { findContent } from '../content/content.sql'
import { canRead, canWrite, folderPath, subtree, type FolderAccess } from './folder-access'
import { checkFolder, folderNotFound, loadFolderAccess, type DocUser } from './folders.service'
import { documentLinks } from './document-links'
import * as sql from './documents.sql'

export type DocumentsDeps = content.ContentDeps

export const DOCUMENT_MAX_BYTES = DOCUMENT_MAX_MB * MB

export const documentNotFound = () => new HttpError(404, t('documentsApi.notFound'))

/** The names of the layers the user may read (links to others are never shown). */
export async function readableLayerNames(db: Queryable, user: DocUser): Promise<string[]> {
  return (await readableLayerAccess(db, user)).map((a) => a.layer.name)
}

export function toSummary(row: sql.DocumentRow, access: FolderAccess): DocumentSummary {
  return {
    id: row.id,
    folderId: row.folder_id,
    folderPath: folderPath(access, row.folder_id),
    title: row.title,
    description: row.description,
    tags: row.tags,
    version: row.version,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size,
    kind: documentKindOf(row.content_type),
    contentId: row.content_id,
    thumbnail: row.thumbnail,
    pageCount: row.page_count,
    preview: row.preview,
    updated: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
    canWrite: canWrite(access, row.folder_id),
    linkCount: row.link_count,
    deleted: row.deleted_at?.toISOString() ?? null,
  }
}

/** The documents the user may read, filtered and paged (`folder` with its subfolders). */
export async function listDocuments(
  db: Queryable,
  user: DocUser,
  query: DocumentListQuery,
  ids?: number[],
): Promise<Page<DocumentSummary>> {
  const [access, layers] = await Promise.all([
    loadFolderAccess(db, user),
    readableLayerNames(db, user),
  ])
  if (query.folder !== undefined) checkFolder(access, query.folder, false)
  const scope =
    query.folder === undefined ? [...access.folders.keys()] : subtree(access, query.folder)
  const page = await sql.listDocuments(
    db,
    {
      readableLayers: layers,
      folderIds: scope.filter((id) => canRead(access, id)),
      deleted: query.deleted,
      query: query.query || undefined,
      tag: query.tag || undefined,
      kind: query.type,
      from: query.from,
      to: query.to,
      ids,
    },
    toSqlPaging(query, sql.DOCUMENT_SORTS, '-updated'),
  )
  return { rows: page.rows.map((r) => toSummary(r, access)), total: page.total }
}

/** A document the user may read (404 otherwise, as one that does not exist) and its folder rights. */
export async function readableDocument(
  db: Queryable,
  user: DocUser,
  id: number,
  opts: { write?: boolean; live?: boolean } = {},
): Promise<{ row: sql.DocumentRow; access: FolderAccess; layers: string[] }> {
  const [access, layers] = await Promise.all([
    loadFolderAccess(db, user),
    readableLayerNames(db, user),
  ])
  const row = await sql.findDocument(db, id, layers)
  if (!row || !canRead(access, row.folder_id)) throw documentNotFound()
  if (opts.write && !canWrite(access, row.folder_id)) {
    throw new HttpError(403, t('documentsApi.forbidden'))
  }
  if (opts.live && row.deleted_at) throw new HttpError(400, t('documentsApi.deleted'))
  return { row, access, layers }
}

export async function documentDetail(
  db: Queryable,
  user: DocUser,
  id: number,
): Promise<DocumentDetail> {
  const { row, access, layers } = await readableDocument(db, user, id)
  const [versions, links] = await Promise.all([
    sql.listVersions(db, id),
    documentLinks(db, id, layers),
  ])
  return {
    ...toSummary(row, access),
    versions: versions.map((v) => ({
      version: v.version,
      contentId: v.content_id,
      filename: v.filename,
      contentType: v.content_type,
      size: v.size,
      pageCount: v.page_count,
      thumbnail: v.thumbnail,
      preview: v.preview,
      comment: v.comment,
      created: v.created_at.toISOString(),
      createdBy: v.created_by,
    })),
    links,
  }
}

/** Field errors of a refused upload, its file removed. */
async function refuse(
  deps: DocumentsDeps,
  file: ReceivedFile | undefined,
  error: HttpError,
): Promise<never> {
  if (file) await deps.storage.delete(file.stored.key)
  throw error
}

const titleFromFilename = (filename: string) => filename.replace(/\.[^.]{1,10}$/, '') || filename

/**
 * A new document from an upload (multipart `folderId` before the `file`, `title`,
 * `description`, `tags`): the folder is checked (404/403) when the file part begins, before a
 * byte of it is stored; the file streams into the store (at most DOCUMENT_MAX_MB), then the
 * document, its first version and its history row are recorded.
 */
export async function createDocument(
  deps: DocumentsDeps,
  user: DocUser,
  parts: AsyncIterable<UploadPart>,
): Promise<DocumentDetail> {
  const access = await loadFolderAccess(deps.db, user)
  const { file, fields } = await receiveUpload(
    deps.storage,
    parts,
    DOCUMENT_MAX_BYTES,
    async (before) => {
      const folderId = documentUploadFieldsSchema.shape.folderId.safeParse(before.folderId)
      if (!folderId.success) {
        const message =
          before.folderId === undefined
            ? t('documentsApi.folderBeforeFile')
            : t('documentsApi.folderRequired')
        throw badRequest([{ field: 'folderId', message }])
      }
      checkFolder(access, folderId.data, true)
    },
  )
  const parsed = documentUploadFieldsSchema.safeParse(fields)
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({
      field: String(i.path[0]),
      message: i.message,
    }))
    return refuse(deps, file, badRequest(errors))
  }
  if (!file) {
    return refuse(
      deps,
      file,
      badRequest([{ field: 'file', message: t('documentsApi.fileRequired') }]),
    )
  }
  // A second folderId after the file is checked as well.
  try {
    checkFolder(access, parsed.data.folderId, true)
  } catch (err) {
    return refuse(deps, file, err as HttpError)
  }
  const title = parsed.data.title || titleFromFilename(file.filename)
  const id = await recordNewDocument(deps, user, file, {
    folderId: parsed.data.folderId,
    title,
    description: parsed.data.description,
    tags: parsed.data.tags,
  })
  return documentDetail(deps.db, user, id)
}

/**
 * Stores a received file as the first version of a new document (with its history row, and
 * `after` in the same transaction); the content is removed if recording fails.
 */
export async function recordNewDocument(
  deps: DocumentsDeps,
  user: DocUser,
  file: ReceivedFile,
  doc: { folderId: number; title: string; description: string; tags: string[] },
  after?: (tx: Queryable, documentId: number) => Promise<void>,
): Promise<number> {
  const stored = await content.storeContent(deps, user.id, file, {
    tag: DOCUMENT_CONTENT_TAG,
    title: doc.title,
  })
  try {
    return await deps.db.transaction(async (tx) => {
      const id = await sql.insertDocument(tx, { ...doc, userId: user.id })
      await sql.insertVersion(tx, {
        documentId: id,
        contentId: stored.id,
        comment: '',
        userId: user.id,
      })
      await sql.insertHistory(tx, {
        documentId: id,
        action: 'CREATE',
        detail: { title: doc.title, filename: stored.filename },
        user,
      })
      await after?.(tx, id)
      return id
    })
  } catch (err) {
    await content.removeContent(deps, stored)
    throw err
  }
}

/** Changes title, description, tags or folder (history UPDATE and MOVE). */
export async function updateDocument(
  deps: DocumentsDeps,
  user: DocUser,
  id: number,
  body: DocumentUpdate,
): Promise<DocumentDetail> {
  const { row, access } = await readableDocument(deps.db, user, id, { write: true, live: true })
  const folderId = body.folderId ?? row.folder_id
  if (folderId !== row.folder_id) {
    if (!access.folders.has(folderId) || !canRead(access, folderId)) throw folderNotFound()
    checkFolder(access, folderId, true)
  }
  const next = {
    title: body.title ?? row.title,
    description: body.description ?? row.description,
    tags: body.tags ?? row.tags,
  }
  const changes: Record<string, { from: unknown; to: unknown }> = {}
  for (const key of ['title', 'description', 'tags'] as const) {
    if (JSON.stringify(next[key]) !== JSON.stringify(row[key])) {
      changes[key] = { from: row[key], to: next[key] }
    }
  }
  await deps.db.transaction(async (tx) => {
    await sql.updateDocument(tx, id, { ...next, folderId, userId: user.id })
    if (Object.keys(changes).length) {
      await sql.insertHistory(tx, { documentId: id, action: 'UPDATE', detail: changes, user })
    }
    if (folderId !== row.folder_id) {
      const detail = { from: folderPath(access, row.folder_id), to: folderPath(access, folderId) }
      await sql.insertHistory(tx, { documentId: id, action: 'MOVE', detail, user })
    }
  })
  return documentDetail(deps.db, user, id)
}

/** Puts a document in the bin (true) or restores it (false). */
export async function setDeleted(
  deps: DocumentsDeps,
  user: DocUser,
  id: number,
  deleted: boolean,
): Promise<void> {
  const { row } = await readableDocument(deps.db, user, id, { write: true })
  if (!deleted && !row.deleted_at) throw new HttpError(400, t('documentsApi.notDeleted'))
  if (deleted && row.deleted_at) return
  await deps.db.transaction(async (tx) => {
    await sql.setDeleted(tx, id, deleted)
    const action = deleted ? 'DELETE' : 'RESTORE'
    await sql.insertHistory(tx, { documentId: id, action, detail: {}, user })
  })
}

/** A new current version from an upload (multipart `file`, `comment`). */
export async function addVersion(
  deps: DocumentsDeps,
  user: DocUser,
  id: number,
  parts: AsyncIterable<UploadPart>,
): Promise<DocumentDetail> {
  await readableDocument(deps.db, user, id, { write: true, live: true })
  const { file, fields } = await receiveUpload(deps.storage, parts, DOCUMENT_MAX_BYTES)
  const comment = versionCommentSchema.safeParse(fields.comment ?? '')
  if (!comment.success) {
    const message = comment.error.issues[0]?.message ?? t('field.invalid')
    return refuse(deps, file, badRequest([{ field: 'comment', message }]))
  }
  if (!file) {
    return refuse(
      deps,
      file,
      badRequest([{ field: 'file', message: t('documentsApi.fileRequired') }]),
    )
  }
  const stored = await content.storeContent(deps, user.id, file, {
    tag: DOCUMENT_CONTENT_TAG,
    title: file.filename,
  })
  try {
    await deps.db.transaction(async (tx) => {
      const version = await sql.insertVersion(tx, {
        documentId: id,
        contentId: stored.id,
        comment: comment.data,
        userId: user.id,
      })
      await sql.touchDocument(tx, id, user.id)
      const detail = { version, filename: stored.filename, comment: comment.data }
      await sql.insertHistory(tx, { documentId: id, action: 'VERSION', detail, user })
    })
  } catch (err) {
    await content.removeContent(deps, stored)
    throw err
  }
  return documentDetail(deps.db, user, id)
}

/** The image of a page of a PDF version (404 past its pages or for another type). */
export async function pageImage(
  deps: DocumentsDeps,
  user: DocUser,
  id: number,
  version: number,
  page: number,
): Promise<content.ContentAnswer> {
  await readableDocument(deps.db, user, id)
  const contentId = await sql.versionContentId(deps.db, id, version)
  const row = contentId === undefined ? undefined : await findContent(deps.db, contentId)
  if (!row) throw new HttpError(404, t('documentsApi.versionNotFound'))
  return content.openPageImage(deps, row, page)
}

export async function documentHistory(
  db: Queryable,
  user: DocUser,
  id: number,
): Promise<DocumentHistoryEntry[]> {
  await readableDocument(db, user, id)
  return (await sql.listHistory(db, id)).map((h) => ({
    action: h.action as DocumentHistoryEntry['action'],
    detail: h.detail,
    username: h.username,
    at: h.at.toISOString(),
  }))
}

/** Whether the user may read a document's file (a content of theirs): the content store asks. */
export async function canReadDocumentContent(
  db: Queryable,
  user: DocUser,
  contentId: number,
): Promise<boolean> {
  if (user.admin) return true
  const folders = await sql.foldersOfContent(db, contentId)
  if (folders.length === 0) return false
  const access = await loadFolderAccess(db, user)
  return folders.some((f) => canRead(access, f))
}
