import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  t,
  type DocumentDetail,
  type DocumentLinkCreate,
  type DocumentPromote,
  type DocumentSummary,
  type LinkedDocumentsQuery,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import { readFeature } from '../../layer-data/features.sql'
import { layerAccess, requireFlag } from '../../layer-data/layer-access'
import { openAttachment, type DemoPhotoRenderer } from '../attachments/attachments.service'
import { byId as attachmentById } from '../attachments/attachments.sql'
import { safeFilename, storeUpload } from '../attachments/attachment-files'
import { tooLarge } from '../content/content-files'
import { FileTooLarge } from '../../storage/file-storage'
import {
  DOCUMENT_MAX_BYTES,
  documentDetail,
  listDocuments,
  readableDocument,
  recordNewDocument,
  type DocumentsDeps,
} from './documents.service'
import { checkFolder, loadFolderAccess, type DocUser } from './folders.service'
import * as sql from './documents.sql'

/** A layer the user reads and a live feature of it, else the 400 (no answer tells which layers exist). */
async function liveFeature(db: Queryable, user: DocUser, layerName: string, featureId: number) {
  const access = await layerAccess(db, user, layerName).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) {
      throw new HttpError(400, t('layers.notFoundOrDenied'))
    }
    throw err
  })
  const feature = await readFeature(db, access.layer, featureId)
  if (!feature || feature.deleted) throw new HttpError(400, t('documentsApi.featureNotFound'))
  return access
}

/** Links a document (written by the user) to a live feature of a layer the user reads. */
export async function addLink(
  deps: DocumentsDeps,
  user: DocUser,
  id: number,
  body: DocumentLinkCreate,
): Promise<DocumentDetail> {
  await readableDocument(deps.db, user, id, { write: true, live: true })
  await liveFeature(deps.db, user, body.layer, body.featureId)
  await deps.db.transaction(async (tx) => {
    const added = await sql.insertLink(tx, { documentId: id, ...body, userId: user.id })
    if (!added) throw new HttpError(400, t('documentsApi.linkExists'))
    await sql.insertHistory(tx, { documentId: id, action: 'LINK', detail: { ...body }, user })
  })
  return documentDetail(deps.db, user, id)
}

/** Removes a link (a link to a layer the user may not read is not there for them: 404). */
export async function removeLink(
  deps: DocumentsDeps,
  user: DocUser,
  id: number,
  layer: string,
  featureId: number,
): Promise<void> {
  const { layers } = await readableDocument(deps.db, user, id, { write: true, live: true })
  const notFound = () => new HttpError(404, t('documentsApi.linkNotFound'))
  if (!layers.includes(layer)) throw notFound()
  await deps.db.transaction(async (tx) => {
    if (!(await sql.deleteLink(tx, id, layer, featureId))) throw notFound()
    const detail = { layer, featureId }
    await sql.insertHistory(tx, { documentId: id, action: 'UNLINK', detail, user })
  })
}

/** The live documents the user may read that are linked to a feature of a layer they read. */
export async function linkedDocuments(
  db: Queryable,
  user: DocUser,
  query: LinkedDocumentsQuery,
): Promise<DocumentSummary[]> {
  await layerAccess(db, user, query.layer)
  const ids = await sql.linkedDocumentIds(db, query.layer, query.featureId)
  if (ids.length === 0) return []
  const page = await listDocuments(
    db,
    user,
    {
      page: 0,
      limit: Math.min(MAX_PAGE_SIZE, Math.max(ids.length, DEFAULT_PAGE_SIZE)),
      sort: 'title',
      deleted: false,
    },
    ids,
  )
  return page.rows
}

/**
 * An attachment's file copied into a new document of a folder the user writes, linked to the
 * attachment's feature (readFeatureAttachment on its layer).
 */
export async function promoteAttachment(
  deps: DocumentsDeps & { renderDemoPhoto?: DemoPhotoRenderer },
  user: DocUser,
  body: DocumentPromote,
): Promise<DocumentDetail> {
  const notFound = () => new HttpError(404, t('documentsApi.attachmentNotFound'))
  const attachment = await attachmentById(deps.db, body.attachmentId)
  if (!attachment) throw notFound()
  const access = await layerAccess(deps.db, user, attachment.layer_name).catch(() => {
    throw notFound()
  })
  requireFlag(access.perms.readFeatureAttachment, 'attachments.noReadPermission')
  checkFolder(await loadFolderAccess(deps.db, user), body.folderId, true)
  const file = await openAttachment(
    {
      db: deps.db,
      storage: deps.storage,
      maxBytes: DOCUMENT_MAX_BYTES,
      renderDemoPhoto: deps.renderDemoPhoto,
    },
    user,
    body.attachmentId,
    false,
  )
  const filename = safeFilename(attachment.filename)
  const received = await storeUpload(deps.storage, file.stream, filename, DOCUMENT_MAX_BYTES).catch(
    (err: unknown) => {
      if (err instanceof FileTooLarge) throw tooLarge(DOCUMENT_MAX_BYTES)
      throw err
    },
  )
  const title = body.title || attachment.description || filename.replace(/\.[^.]{1,10}$/, '')
  const link = { layer: attachment.layer_name, featureId: Number(attachment.feature_id) }
  const id = await recordNewDocument(
    deps,
    user,
    { ...received, filename },
    { folderId: body.folderId, title: title.slice(0, 200), description: '', tags: [] },
    async (tx, documentId) => {
      await sql.insertLink(tx, { documentId, ...link, userId: user.id })
      const detail = { ...link, attachmentId: body.attachmentId }
      await sql.insertHistory(tx, { documentId, action: 'LINK', detail, user })
    },
  )
  return documentDetail(deps.db, user, id)
}
