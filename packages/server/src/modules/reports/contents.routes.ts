import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pagingQuerySchema, REPORT_IMAGE_TAG, reportContentSchema, t } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { HttpError } from '../../http/errors'
import { sendPage } from '../../http/paging'
import { contentDisposition } from '../attachments/attachment-files'
import * as service from './contents.service'
import { idParam } from './templates.routes'

const tagSchema = z.string().trim().min(1).max(100)

/** The report image library (tag 'reports/imagens'): list and upload. */
export const contentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth } = deps
    await app.register(multipart, {
      limits: {
        fileSize: service.CONTENT_MAX_BYTES + 1,
        files: 1,
        fields: 5,
        parts: 10,
        headerPairs: 100,
      },
    })

    app.get(
      '/',
      {
        schema: {
          tags: ['reports'],
          summary:
            'Images of the report library of a tag, newest first, `query` in the filename, paged; total in x-rowcount',
          querystring: pagingQuerySchema.extend({
            tag: tagSchema.default(REPORT_IMAGE_TAG),
            query: z.string().trim().max(200).optional(),
          }),
          response: { 200: z.array(reportContentSchema) },
        },
      },
      async (request, reply) => {
        const page = await service.listContents(deps, request.query)
        return sendPage(reply, page.rows, page.total)
      },
    )

    app.post(
      '/',
      {
        schema: {
          tags: ['reports'],
          summary: `Uploads an image to the library (multipart \`file\`: PNG, JPEG, GIF or WebP, at most ${service.CONTENT_MAX_MB} MB; \`tag\`)`,
          response: { 201: reportContentSchema },
        },
      },
      async (request, reply) => {
        const typeError = () => new HttpError(400, t('reportsApi.imageType'))
        if (!request.isMultipart()) throw typeError()
        let file: { filename: string; bytes: Buffer } | undefined
        let tag = REPORT_IMAGE_TAG
        for await (const part of request.parts()) {
          if (part.type !== 'file') {
            if (part.fieldname === 'tag') {
              const parsed = tagSchema.safeParse(part.value)
              if (!parsed.success) throw new HttpError(400, t('field.invalid'))
              tag = parsed.data
            }
            continue
          }
          if (part.fieldname !== 'file' || file) {
            part.file.resume()
            continue
          }
          const tooLarge = () =>
            new HttpError(400, t('reportsApi.imageTooLarge', { max: service.CONTENT_MAX_MB }))
          const bytes = await part.toBuffer().catch(() => {
            throw tooLarge()
          })
          if (part.file.truncated || bytes.length > service.CONTENT_MAX_BYTES) throw tooLarge()
          file = { filename: part.filename, bytes }
        }
        if (!file) throw typeError()
        const content = await service.uploadContent(
          deps,
          auth.contextOf(request).user.id,
          file,
          tag,
        )
        reply.code(201)
        return content
      },
    )
  }

/** A library image's file (bearer or `?token=`: the designer shows it in an img). */
export const contentFileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id/file',
      {
        schema: {
          tags: ['reports'],
          summary: 'The file of an image of the report library (bearer or ?token=)',
          params: idParam,
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const file = await service.openContent(deps, request.params.id)
        return reply
          .header('content-type', file.row.content_type)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition('inline', file.row.filename))
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream)
      },
    )
  }
