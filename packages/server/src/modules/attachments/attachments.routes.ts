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
import { callerOf } from '../../auth/caller'
import { oneFileUploadLimits } from '../../http/upload-limits'
import { sendSubmitted } from '../../http/created'
import { deleteByIdRoute, featureParams, idParams } from '../../http/params'
import { HttpError } from '../../http/errors'
import type { RouteScope } from '../../http/scopes'
import { sendStoredFile } from '../../http/send-file'
import * as service from './attachments.service'

export interface AttachmentOptions {
  /** Where a checked upload goes (the composition passes the approvals' gate). */
  uploadGate: service.UploadGate
  /** Draws the demo photos on first use (the composition passes the demo seed's renderer). */
  renderDemoPhoto?: service.DemoPhotoRenderer
}

/**
 * Attachments of features (spec 1 section 7): list and upload under the feature (its
 * `featureRoutes`, served under /api/features), delete by id, and the download and thumbnail URL the browser opens itself (`?token=` accepted there).
 * Every call checks the attachment flags on the attachment's own layer.
 */
export const attachmentsScopes = (
  deps: AppDeps,
  options: AttachmentOptions,
): {
  scopes: RouteScope[]
  featureRoutes: FastifyPluginAsyncZod
  /** What the uploads take, with the gate (the sync files upload through it too). */
  uploadDeps: service.UploadDeps
} => {
  const maxBytes = deps.config.attachmentMaxMb * 1_048_576
  const uploadDeps: service.UploadDeps = {
    db: deps.db,
    storage: deps.storage,
    maxBytes,
    uploadGate: options.uploadGate,
    renderDemoPhoto: options.renderDemoPhoto,
  }
  return {
    uploadDeps,
    // Under the features module's /api/features (app.ts passes them there).
    featureRoutes: featureAttachmentRoutes(deps, uploadDeps),
    scopes: [
      {
        prefix: '/api/attachments',
        access: 'user',
        routes: attachmentRoutes(deps, uploadDeps),
      },
      {
        prefix: '/api/attachments',
        access: 'download',
        routes: downloadRoutes(deps, uploadDeps),
      },
    ],
  }
}

const featureAttachmentRoutes =
  ({ auth }: AppDeps, deps: service.UploadDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: oneFileUploadLimits(deps.maxBytes) })

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
          callerOf(auth, request).user,
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
          callerOf(auth, request).user,
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
    deleteByIdRoute(
      app,
      '/:id',
      {
        tags: ['attachments'],
        summary: 'Deletes an attachment and its files (deleteFeatureAttachment on its layer)',
      },
      (request, id) => service.deleteAttachment(deps, callerOf(auth, request).user, id),
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
          callerOf(auth, request).user,
          request.params.id,
          request.query.thumbnail !== undefined,
        )
        return sendStoredFile(reply, file)
      },
    )
  }
