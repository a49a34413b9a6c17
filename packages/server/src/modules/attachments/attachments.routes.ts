import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  approvalSubmittedSchema,
  attachmentDescriptionSchema,
  attachmentSchema,
  isSubmittedForApproval,
  t,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { HttpError } from '../../http/errors'
import type { RouteScope } from '../../http/scopes'
import { sendSubmitted } from '../approvals/moderation'
import * as service from './attachments.service'

const featureParams = z.object({
  layer: z.string().min(1).max(63),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
const idParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

/**
 * What a downloaded file may do in the browser: nothing. An image shows; anything else is a
 * download, and even if a browser rendered it, the sandbox forbids scripts and the origin.
 */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

export interface AttachmentOptions {
  /** Draws the demo photos on first use (the composition passes the demo seed's renderer). */
  renderDemoPhoto?: service.DemoPhotoRenderer
}

/**
 * Attachments of features (spec 1 section 7): list and upload under the feature, delete by
 * id, and the download and thumbnail URL the browser opens itself (`?token=` accepted there).
 * Every call checks the attachment flags on the attachment's own layer.
 */
export const attachmentsScopes = (deps: AppDeps, options: AttachmentOptions = {}): RouteScope[] => {
  const maxBytes = deps.config.attachmentMaxMb * 1_048_576
  const attachmentDeps: service.AttachmentDeps = {
    db: deps.db,
    storage: deps.storage,
    maxBytes,
    renderDemoPhoto: options.renderDemoPhoto,
  }
  return [
    {
      prefix: '/api/features',
      access: 'user',
      routes: featureAttachmentRoutes(deps, attachmentDeps),
    },
    { prefix: '/api/attachments', access: 'user', routes: attachmentRoutes(deps, attachmentDeps) },
    {
      prefix: '/api/attachments',
      access: 'download',
      routes: downloadRoutes(deps, attachmentDeps),
    },
  ]
}

const featureAttachmentRoutes =
  ({ auth }: AppDeps, deps: service.AttachmentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: service.attachmentUploadLimits(deps.maxBytes) })

    app.get(
      '/:layer/:id/attachments',
      {
        schema: {
          tags: ['attachments'],
          summary:
            "A feature's attachments (readFeatureAttachment); x-attachment-max-bytes gives the upload limit",
          params: featureParams,
          response: { 200: z.array(attachmentSchema) },
        },
      },
      async (request, reply) => {
        reply.header('x-attachment-max-bytes', String(deps.maxBytes))
        return service.listAttachments(
          deps,
          auth.contextOf(request).user,
          request.params.layer,
          request.params.id,
        )
      },
    )

    app.post(
      '/:layer/:id/attachments',
      {
        schema: {
          tags: ['attachments'],
          summary:
            'Attaches a file (multipart/form-data: `file` and `description`; createFeatureAttachment): 201 with the attachment; 413 past ATTACHMENT_MAX_MB; 202 with the approval (the file kept aside) when the caller submits this layer for review',
          params: featureParams,
          response: { 201: attachmentSchema, 202: approvalSubmittedSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new HttpError(415, t('attachments.multipartRequired'))
        }
        const attachment = await service.uploadAttachment(
          deps,
          auth.contextOf(request).user,
          request.params.layer,
          request.params.id,
          () => request.parts() as AsyncIterable<service.UploadPart>,
          (value) => {
            const parsed = attachmentDescriptionSchema.safeParse(
              typeof value === 'string' ? value : '',
            )
            return parsed.success
              ? { ok: true, value: parsed.data }
              : { ok: false, message: parsed.error.issues[0]?.message ?? t('field.invalid') }
          },
        )
        if (isSubmittedForApproval(attachment)) return sendSubmitted(reply, attachment)
        reply.header('location', attachment.src)
        return reply.code(201).send(attachment)
      },
    )
  }

const attachmentRoutes =
  ({ auth }: AppDeps, deps: service.AttachmentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.delete(
      '/:id',
      {
        schema: {
          tags: ['attachments'],
          summary: 'Deletes an attachment and its files (deleteFeatureAttachment on its layer)',
          params: idParams,
        },
      },
      async (request, reply) => {
        await service.deleteAttachment(deps, auth.contextOf(request).user, request.params.id)
        return reply.code(204).send()
      },
    )
  }

const downloadRoutes =
  ({ auth }: AppDeps, deps: service.AttachmentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id',
      {
        schema: {
          tags: ['attachments'],
          summary:
            'The file (images inline, anything else as a download) or, with `thumbnail`, its thumbnail; `?token=` accepted (readFeatureAttachment on its layer)',
          params: idParams,
          querystring: z.object({
            token: z.string().optional(),
            thumbnail: z.string().optional(),
          }),
        },
      },
      async (request, reply) => {
        const file = await service.openAttachment(
          deps,
          auth.contextOf(request).user,
          request.params.id,
          request.query.thumbnail !== undefined,
        )
        reply.headers({
          'content-type': file.contentType,
          'content-length': String(file.size),
          'content-disposition': file.disposition,
          'content-security-policy': FILE_CSP,
          'x-content-type-options': 'nosniff',
          // Private: the answer depends on the session; an attachment's bytes never change.
          'cache-control': 'private, max-age=86400',
        })
        return reply.send(file.stream)
      },
    )
  }
