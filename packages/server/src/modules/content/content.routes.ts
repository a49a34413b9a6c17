import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CONTENT_TAG_PATTERN,
  contentItemSchema,
  contentTitleSchema,
  DOCUMENT_MAX_MB,
  isDocumentContentTag,
  MB,
  pagingQuerySchema,
  t,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { HttpError } from '../../http/errors'
import { idParams } from '../../http/params'
import { pagedRoute } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import type { UploadPart } from '../attachments/attachments.service'
import { oneFileUploadLimits } from '../../http/upload-limits'
import { receiveUpload } from './content-files'
import * as service from './content.service'

/** Largest file of any tag; the image-only tags' limit is checked after (10 MB). */
export const CONTENT_MAX_BYTES = DOCUMENT_MAX_MB * MB

/**
 * The content store (spec 1 §7): `POST /api/content`, `GET /api/content/tag/{tag}` (user) and
 * `GET /api/content/{id}` (bearer or `?token=`).
 */
export const contentScopes = (deps: AppDeps, content: service.ContentDeps): RouteScope[] => {
  deps.jobs.register(service.CONTENT_PREVIEW_JOB, service.previewJobHandler(content), {
    lane: 'quick',
  })
  return [
    { prefix: '/api/content', access: 'user', routes: contentRoutes(deps, content) },
    { prefix: '/api/content', access: 'download', routes: contentFileRoutes(deps, content) },
  ]
}

/**
 * Sends a stored file: its type, size, disposition and ETag (304 when the browser has it),
 * `nosniff`; anything but a PDF sandboxed (a PDF is left to the browser's own viewer).
 */
export function sendContent(
  request: FastifyRequest,
  reply: FastifyReply,
  file: service.ContentAnswer,
) {
  reply.headers({
    etag: file.etag,
    'cache-control': 'private, max-age=86400',
    'x-content-type-options': 'nosniff',
  })
  if (file.contentType !== 'application/pdf') {
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    )
  }
  if (request.headers['if-none-match'] === file.etag) {
    file.stream.destroy()
    return reply.code(304).send()
  }
  reply.headers({
    'content-type': file.contentType,
    'content-length': String(file.size),
    'content-disposition': file.disposition,
  })
  return reply.send(file.stream)
}

const tagSchema = z.string().regex(CONTENT_TAG_PATTERN, { error: t('documentsApi.tagInvalid') })

const contentRoutes =
  ({ auth }: AppDeps, deps: service.ContentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: oneFileUploadLimits(CONTENT_MAX_BYTES) })

    pagedRoute(
      app,
      '/tag/*',
      {
        tags: ['content'],
        summary:
          'Contents of a tag (URL-encoded, may hold "/"), newest first, `query` in title or file name; total in x-rowcount. The documents\' tags answer 404 (the library lists them)',
        params: z.object({ '*': z.string().max(300) }),
        querystring: pagingQuerySchema.extend({ query: z.string().trim().max(200).optional() }),
        item: contentItemSchema,
      },
      async (request) => {
        const tag = tagSchema.safeParse(decodeURIComponent(request.params['*']))
        if (!tag.success) throw new HttpError(400, t('documentsApi.tagInvalid'))
        return service.listContents(deps, callerOf(auth, request).user, tag.data, request.query)
      },
    )

    app.post(
      '/',
      {
        schema: {
          tags: ['content'],
          summary: `Stores a file (multipart: \`tag\`, \`title\`, \`file\`): images only (PNG, JPEG, GIF, WebP, at most 10 MB) for reports/imagens and inspecoes/fotos, else the documents' allow-list up to ${DOCUMENT_MAX_MB} MB; tags starting 'documentos' are refused (the library uploads them)`,
          response: { 201: contentItemSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(400, t('documentsApi.fileRequired'))
        const user = callerOf(auth, request).user
        const { file, fields } = await receiveUpload(
          deps.storage,
          request.parts() as AsyncIterable<UploadPart>,
          CONTENT_MAX_BYTES,
        )
        const refuse = async (error: HttpError) => {
          if (file) await deps.storage.delete(file.stored.key)
          throw error
        }
        const tag = tagSchema.safeParse(fields.tag ?? '')
        if (!tag.success) return refuse(new HttpError(400, t('documentsApi.tagInvalid')))
        if (isDocumentContentTag(tag.data)) {
          return refuse(new HttpError(400, t('documentsApi.tagReserved')))
        }
        const title = contentTitleSchema.safeParse(fields.title ?? '')
        if (!title.success) {
          return refuse(new HttpError(400, title.error.issues[0]?.message ?? t('field.invalid')))
        }
        if (!file) throw new HttpError(400, t('documentsApi.fileRequired'))
        const row = await service.storeContent(deps, user.id, file, {
          tag: tag.data,
          title: title.data || file.filename,
        })
        reply.header('location', `/api/content/${row.id}`)
        return reply.code(201).send(service.toContentItem(row))
      },
    )
  }

const contentFileRoutes =
  ({ auth }: AppDeps, deps: service.ContentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id',
      {
        schema: {
          tags: ['content'],
          summary:
            "A content's file (images and PDFs inline, others as a download; ETag) or with `thumbnail` its PNG thumbnail (404 when none); bearer or `?token=`. A document's file only for who may read the document, an inspection photo for who reads the inspections' layer (else 404)",
          params: idParams,
          querystring: z.object({
            token: z.string().max(200).optional(),
            thumbnail: z.string().max(10).optional(),
          }),
        },
      },
      async (request, reply) => {
        const file = await service.openContent(
          deps,
          callerOf(auth, request).user,
          request.params.id,
          request.query.thumbnail !== undefined,
        )
        return sendContent(request, reply, file)
      },
    )
  }
