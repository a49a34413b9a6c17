import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  documentDetailSchema,
  documentFolderSchema,
  documentHistorySchema,
  documentLinkCreateSchema,
  documentListQuerySchema,
  documentPromoteSchema,
  documentSummarySchema,
  documentUpdateSchema,
  folderCreateSchema,
  folderGroupsUpdateSchema,
  folderUpdateSchema,
  linkedDocumentsQuerySchema,
  t,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { enabledModules, requireModule } from '../../auth/modules'
import { HttpError } from '../../http/errors'
import { deleteByIdRoute, idParams, idSchema, layerParams } from '../../http/params'
import { pagedRoute } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import type { DemoPhotoRenderer, UploadPart } from '../attachments/attachments.service'
import { oneFileUploadLimits } from '../../http/upload-limits'
import { sendContent } from '../content/content.routes'
import type { ContentUser, DemoContentRenderer } from '../content/content.service'
import * as documents from './documents.service'
import * as folders from './folders.service'
import * as links from './links.service'

export interface DocumentsOptions {
  renderDemoContent?: DemoContentRenderer
  renderDemoPhoto?: DemoPhotoRenderer
}

type Deps = documents.DocumentsDeps & { renderDemoPhoto?: DemoPhotoRenderer }

/**
 * The documents library (module `documents`, docs/documents.md) under /api/documents, and the
 * check the content store asks before it sends a document's file.
 */
export const documentsScopes = (
  deps: AppDeps,
  options: DocumentsOptions = {},
): {
  scopes: RouteScope[]
  canReadDocumentContent: (user: ContentUser, contentId: number) => Promise<boolean>
} => {
  const own: Deps = {
    db: deps.db,
    storage: deps.storage,
    jobs: deps.jobs,
    poppler: deps.poppler,
    ...options,
  }
  return {
    scopes: [
      { prefix: '/api/documents', access: 'user', routes: folderRoutes(deps) },
      { prefix: '/api/documents', access: 'user', routes: documentRoutes(deps, own) },
      { prefix: '/api/documents', access: 'download', routes: pageRoutes(deps, own) },
    ],
    // A document's file is there only while the module is on.
    canReadDocumentContent: async (user, contentId) =>
      (await enabledModules(deps.db, deps.config)).includes('documents') &&
      documents.canReadDocumentContent(deps.db, user, contentId),
  }
}

const TAGS = ['documents']

const folderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireModule(deps, 'documents'))
    app.get(
      '/folders',
      {
        schema: {
          tags: TAGS,
          summary: 'The folders the user may read (their groups for administrators)',
          response: { 200: z.array(documentFolderSchema) },
        },
      },
      async (request) => folders.listFolders(deps.db, callerOf(deps.auth, request).user),
    )
    app.post(
      '/folders',
      {
        schema: {
          tags: TAGS,
          summary: 'New folder (under one the user writes; at the top, administrators)',
          body: folderCreateSchema,
          response: { 201: documentFolderSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await folders.createFolder(deps.db, callerOf(deps.auth, request).user, request.body),
          ),
    )
    app.put(
      '/folders/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Renames or moves a folder',
          params: idParams,
          body: folderUpdateSchema,
          response: { 200: documentFolderSchema },
        },
      },
      async (request) =>
        folders.updateFolder(
          deps.db,
          callerOf(deps.auth, request).user,
          request.params.id,
          request.body,
        ),
    )
    deleteByIdRoute(
      app,
      '/folders/:id',
      { tags: TAGS, summary: "Removes an empty folder (400 'A pasta não está vazia.')" },
      (request, id) => folders.deleteFolder(deps.db, callerOf(deps.auth, request).user, id),
    )
    app.put(
      '/folders/:id/groups',
      {
        schema: {
          tags: TAGS,
          summary: "A folder's own groups [{groupId, canWrite}] (administrators; empty: inherited)",
          params: idParams,
          body: folderGroupsUpdateSchema,
          response: { 200: documentFolderSchema },
        },
      },
      async (request) =>
        folders.setFolderGroups(
          deps.db,
          callerOf(deps.auth, request).user,
          request.params.id,
          request.body,
        ),
    )
  }

const multipartOnly = (request: { isMultipart(): boolean }) => {
  if (!request.isMultipart()) throw new HttpError(400, t('documentsApi.fileRequired'))
}

const documentRoutes =
  (deps: AppDeps, own: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireModule(deps, 'documents'))
    await app.register(multipart, { limits: oneFileUploadLimits(documents.DOCUMENT_MAX_BYTES) })

    pagedRoute(
      app,
      '/',
      {
        tags: TAGS,
        summary:
          'Documents the user may read: folder (with subfolders), query (title, description, file name), tag, type, from/to (YYYY-MM-DD), deleted=true (the bin); x-rowcount',
        querystring: documentListQuerySchema,
        item: documentSummarySchema,
      },
      (request) =>
        documents.listDocuments(deps.db, callerOf(deps.auth, request).user, request.query),
    )
    app.get(
      '/linked',
      {
        schema: {
          tags: TAGS,
          summary: 'Live documents the user may read linked to a feature (the feature window)',
          querystring: linkedDocumentsQuerySchema,
          response: { 200: z.array(documentSummarySchema) },
        },
      },
      async (request) =>
        links.linkedDocuments(deps.db, callerOf(deps.auth, request).user, request.query),
    )
    app.post(
      '/',
      {
        schema: {
          tags: TAGS,
          summary:
            'New document (multipart: one `file`, `folderId`, `title`, `description`, `tags` comma separated)',
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) => {
        multipartOnly(request)
        const parts = request.parts() as AsyncIterable<UploadPart>
        return reply
          .code(201)
          .send(await documents.createDocument(own, callerOf(deps.auth, request).user, parts))
      },
    )
    app.post(
      '/promote',
      {
        schema: {
          tags: TAGS,
          summary: "An attachment's file as a new document linked to its feature",
          body: documentPromoteSchema,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await links.promoteAttachment(own, callerOf(deps.auth, request).user, request.body),
          ),
    )
    app.get(
      '/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'A document with its versions and links',
          params: idParams,
          response: { 200: documentDetailSchema },
        },
      },
      async (request) =>
        documents.documentDetail(deps.db, callerOf(deps.auth, request).user, request.params.id),
    )
    app.put(
      '/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Changes title, description, tags or folder',
          params: idParams,
          body: documentUpdateSchema,
          response: { 200: documentDetailSchema },
        },
      },
      async (request) =>
        documents.updateDocument(
          own,
          callerOf(deps.auth, request).user,
          request.params.id,
          request.body,
        ),
    )
    deleteByIdRoute(
      app,
      '/:id',
      { tags: TAGS, summary: 'Puts a document in the bin' },
      (request, id) => documents.setDeleted(own, callerOf(deps.auth, request).user, id, true),
    )
    app.patch(
      '/:id/restore',
      { schema: { tags: TAGS, summary: 'Takes a document out of the bin', params: idParams } },
      async (request, reply) => {
        await documents.setDeleted(own, callerOf(deps.auth, request).user, request.params.id, false)
        return reply.code(204).send()
      },
    )
    app.post(
      '/:id/versions',
      {
        schema: {
          tags: TAGS,
          summary: 'A new current version (multipart: `file`, `comment`)',
          params: idParams,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) => {
        multipartOnly(request)
        const parts = request.parts() as AsyncIterable<UploadPart>
        const detail = await documents.addVersion(
          own,
          callerOf(deps.auth, request).user,
          request.params.id,
          parts,
        )
        return reply.code(201).send(detail)
      },
    )
    app.get(
      '/:id/history',
      {
        schema: {
          tags: TAGS,
          summary: "A document's history, newest first",
          params: idParams,
          response: { 200: z.array(documentHistorySchema) },
        },
      },
      async (request) =>
        documents.documentHistory(deps.db, callerOf(deps.auth, request).user, request.params.id),
    )
    app.post(
      '/:id/links',
      {
        schema: {
          tags: TAGS,
          summary: 'Links the document to a live feature of a layer the user reads',
          params: idParams,
          body: documentLinkCreateSchema,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await links.addLink(
              own,
              callerOf(deps.auth, request).user,
              request.params.id,
              request.body,
            ),
          ),
    )
    app.delete(
      '/:id/links/:layer/:featureId',
      {
        schema: {
          tags: TAGS,
          summary: 'Removes a link',
          params: idParams.merge(layerParams).extend({ featureId: idSchema }),
        },
      },
      async (request, reply) => {
        const { id, layer, featureId } = request.params
        await links.removeLink(own, callerOf(deps.auth, request).user, id, layer, featureId)
        return reply.code(204).send()
      },
    )
  }

const pageRoutes =
  (deps: AppDeps, own: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireModule(deps, 'documents'))
    app.get(
      '/:id/versions/:version/pages/:page(^\\d+).png',
      {
        schema: {
          tags: TAGS,
          summary:
            'A page of a PDF version as PNG about 1200 px wide (kept after the first request); bearer or ?token=; 404 past its pages',
          params: idParams.extend({ version: idSchema, page: idSchema }),
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const { id, version, page } = request.params
        const file = await documents.pageImage(
          own,
          callerOf(deps.auth, request).user,
          id,
          version,
          page,
        )
        return sendContent(request, reply, file)
      },
    )
  }
