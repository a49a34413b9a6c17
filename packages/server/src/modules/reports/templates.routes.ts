import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CUSTOM_TEMPLATE_CATEGORY,
  reportNodeSchema,
  reportRecordSchema,
  reportSaveSchema,
  t,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { created } from '../../http/created'
import { deleteByIdRoute, getByIdRoute, idParams } from '../../http/params'
import { HttpError } from '../../http/errors'
import * as service from './templates.service'

/** A template may carry images as data: URLs. */
const TEMPLATE_BODY_LIMIT = 20 * 1_048_576

/**
 * Groups nested past what the renderer draws are refused before the body's validation, which
 * is recursive: a template hundreds of groups deep would overflow its stack.
 */
async function refuseDeepGroups(request: { body: unknown }) {
  service.refuseTooDeep(request.body)
}

/** The report templates (spec 3 §3, §7): the tree, the lists, one template, saving, import. */
export const templateRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auth } = deps

    app.get(
      '/',
      {
        schema: {
          tags: ['reports'],
          summary:
            "The report tree: shared templates in their folders and the caller's own under 'Meus Relatórios'; `all=true` also invisible ones (administrators)",
          querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
          response: { 200: z.array(reportNodeSchema) },
        },
      },
      async (request) =>
        service.reportTree(db, callerOf(auth, request).user, request.query.all === 'true'),
    )

    app.get(
      '/custom',
      {
        schema: {
          tags: ['reports'],
          summary: "The caller's own templates as report nodes",
          response: { 200: z.array(reportNodeSchema) },
        },
      },
      async (request) => service.customReports(db, callerOf(auth, request).user),
    )

    app.get(
      '/simple',
      {
        schema: {
          tags: ['reports'],
          summary: "The templates of type 'simple' the caller sees, as report nodes",
          response: { 200: z.array(reportNodeSchema) },
        },
      },
      async (request) => service.simpleReports(db, callerOf(auth, request).user),
    )

    getByIdRoute(
      app,
      '/json/:id',
      {
        tags: ['reports'],
        summary: "A template (shared, or the caller's own) with its parameters",
        response: reportRecordSchema,
      },
      (request, id) => service.getTemplate(db, callerOf(auth, request).user, id),
    )

    app.post(
      '/templates',
      {
        bodyLimit: TEMPLATE_BODY_LIMIT,
        preValidation: refuseDeepGroups,
        schema: {
          tags: ['reports'],
          summary:
            "Saves a new template: shared when an administrator sends mine=false, else into the caller's own",
          body: reportSaveSchema,
          response: { 201: reportRecordSchema },
        },
      },
      async (request, reply) => {
        const record = await service.createTemplate(db, callerOf(auth, request).user, request.body)
        return created(reply, `/api/reports/json/${record.id}`, record)
      },
    )

    app.put(
      '/templates/:id',
      {
        bodyLimit: TEMPLATE_BODY_LIMIT,
        preValidation: refuseDeepGroups,
        schema: {
          tags: ['reports'],
          summary: 'Rewrites a template: shared ones by administrators, own ones by their owner',
          params: idParams,
          body: reportSaveSchema,
          response: { 200: reportRecordSchema },
        },
      },
      async (request) =>
        service.updateTemplate(db, callerOf(auth, request).user, request.params.id, request.body),
    )

    deleteByIdRoute(
      app,
      '/templates/:id',
      {
        tags: ['reports'],
        summary: 'Deletes a template: shared ones by administrators, own ones by their owner',
      },
      (request, id) => service.deleteTemplate(db, callerOf(auth, request).user, id),
    )

    await app.register(async (upload) => {
      await upload.register(multipart, {
        limits: {
          fileSize: TEMPLATE_BODY_LIMIT + 1,
          files: 1,
          fields: 5,
          parts: 10,
          headerPairs: 100,
        },
      })
      upload.post(
        '/templates/import',
        {
          schema: {
            tags: ['reports'],
            summary: `Imports a .json template (multipart \`file\` of at most ${TEMPLATE_BODY_LIMIT / 1_048_576} MiB, category=${CUSTOM_TEMPLATE_CATEGORY}) into the caller's own templates`,
            response: { 201: reportRecordSchema },
          },
        },
        async (request, reply) => {
          const invalid = () => new HttpError(400, t('reportsApi.templateInvalid'))
          const tooLarge = () =>
            new HttpError(
              400,
              t('reportsApi.templateTooLarge', { max: TEMPLATE_BODY_LIMIT / 1_048_576 }),
            )
          if (!request.isMultipart()) throw invalid()
          let file: { filename: string; bytes: Buffer } | undefined
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue
            if (part.fieldname !== 'file' || file) {
              part.file.resume()
              continue
            }
            // One byte past the limit is read, so that a file of the limit exactly passes.
            const bytes = await part.toBuffer().catch((err: unknown) => {
              throw (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
                ? tooLarge()
                : invalid()
            })
            if (part.file.truncated || bytes.length > TEMPLATE_BODY_LIMIT) throw tooLarge()
            file = { filename: part.filename, bytes }
          }
          if (!file) throw invalid()
          const record = await service.importTemplate(
            db,
            callerOf(auth, request).user,
            file.filename,
            file.bytes,
          )
          return created(reply, `/api/reports/json/${record.id}`, record)
        },
      )
    })
  }
