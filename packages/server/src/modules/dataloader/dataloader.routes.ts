import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../../app-deps'
import { created } from '../../http/created'
import { deleteByIdRoute, getByIdRoute, idParams } from '../../http/params'
import { HttpError } from '../../http/errors'
import { pagedRoute, sendPage } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import { callerOf } from '../../auth/caller'
import {
  pagingQuerySchema,
  t,
  importRowSchema,
  importExecuteSchema,
  importJobSchema,
  importReportSchema,
  importTemplateBodySchema,
  importTemplateSchema,
} from '@gis/shared'
import * as service from './dataloader.service'
import type { FeatureService } from '../features/features.service'
import { DATALOADER_JOB, execute, executeJobHandler } from './dataloader-execute'
import { createTemplate, deleteTemplate, listTemplates } from './dataloader-templates'

/** The data-import wizard (spec 2 §7.2): every signed-in user, writes checked per layer. */
export const dataloaderScopes = (deps: AppDeps, features: FeatureService): RouteScope[] => {
  deps.jobs.register(DATALOADER_JOB, executeJobHandler(deps, features))
  return [{ prefix: '/api/dataloader', access: 'user', routes: dataloaderRoutes(deps) }]
}

const MAX_BYTES = service.DATALOADER_MAX_MB * 1024 * 1024

const dataloaderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auth } = deps
    const userOf = (request: Parameters<typeof auth.contextOf>[0]) => auth.contextOf(request).user

    await app.register(multipart, {
      limits: { fileSize: MAX_BYTES + 1, files: 1, fields: 5, parts: 10, headerPairs: 100 },
    })

    app.post(
      '/import',
      {
        schema: {
          tags: ['dataloader'],
          summary: `Uploads a file (multipart field \`file\`: .xlsx, .csv or a zipped shapefile; at most ${service.DATALOADER_MAX_MB} MB and ${service.DATALOADER_MAX_ROWS} rows) and answers the import job with its columns`,
          response: { 201: importJobSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(400, t('dataloader.fileRequired'))
        let file: { filename: string; bytes: Buffer } | undefined
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue
          if (part.fieldname !== 'file' || file) {
            part.file.resume()
            continue
          }
          const bytes = await part.toBuffer().catch(() => {
            throw new HttpError(
              400,
              t('dataloader.fileTooLarge', { max: service.DATALOADER_MAX_MB }),
            )
          })
          if (bytes.length > MAX_BYTES || part.file.truncated) {
            throw new HttpError(
              400,
              t('dataloader.fileTooLarge', { max: service.DATALOADER_MAX_MB }),
            )
          }
          file = { filename: part.filename, bytes }
        }
        if (!file) throw new HttpError(400, t('dataloader.fileRequired'))
        const job = await service.upload(db, userOf(request), file.filename, file.bytes)
        return created(reply, `/api/dataloader/${job.id}`, job)
      },
    )

    pagedRoute(
      app,
      '/templates',
      {
        tags: ['dataloader'],
        summary:
          "Import templates: the caller's own and the public ones, paged; sort by name, description, createdDate or user; `search` in name and description; total in x-rowcount",
        querystring: pagingQuerySchema.extend({ search: z.string().trim().max(200).optional() }),
        item: importTemplateSchema,
      },
      (request) => listTemplates(db, userOf(request), request.query),
    )

    app.post(
      '/templates',
      {
        schema: {
          tags: ['dataloader'],
          summary:
            'Saves a template (name, description, metadata, isPublic); only mappings with a destination are kept; 201, the id at the end of Location',
          body: importTemplateBodySchema,
          response: { 201: z.object({ id: z.number().int() }) },
        },
      },
      async (request, reply) => {
        const id = await createTemplate(db, userOf(request), request.body)
        return created(reply, `/api/dataloader/templates/${id}`, { id })
      },
    )

    deleteByIdRoute(
      app,
      '/templates/:id',
      {
        tags: ['dataloader'],
        summary: "Deletes one of the caller's templates (administrators: any)",
      },
      (request, id) => deleteTemplate(db, userOf(request), id),
    )

    getByIdRoute(
      app,
      '/:id',
      {
        tags: ['dataloader'],
        summary: "One of the caller's import jobs",
        response: importJobSchema,
      },
      (request, id) => service.getImport(db, userOf(request), id),
    )

    getByIdRoute(
      app,
      '/:id/status',
      {
        tags: ['dataloader'],
        summary:
          'Status of the execution: CREATED (not executed), QUEUED, IN_PROGRESS, COMPLETE or ERROR, with progress',
      },
      (request, id) => service.status(deps, userOf(request), id),
    )

    getByIdRoute(
      app,
      '/:id/report',
      {
        tags: ['dataloader'],
        summary: 'Rows created, updated, pending and with errors',
        response: importReportSchema,
      },
      (request, id) => service.report(db, userOf(request), id),
    )

    app.get(
      '/:id/data',
      {
        schema: {
          tags: ['dataloader'],
          summary:
            "The import's rows with status (C, U, E, S, P) and message, paged; body `{ data: [...] }`, total in x-rowcount",
          params: idParams,
          querystring: pagingQuerySchema,
          response: { 200: z.object({ data: z.array(importRowSchema) }) },
        },
      },
      async (request, reply) => {
        const { rows, total } = await service.data(
          db,
          userOf(request),
          request.params.id,
          request.query,
        )
        return sendPage(reply, { data: rows }, total)
      },
    )

    app.post(
      '/:id/execute',
      {
        schema: {
          tags: ['dataloader'],
          summary:
            'Runs the import into a layer the caller may write (destinyType 0): each row inserted, or updated by the key field, through the feature write path; a job followed at /{id}/status. destinyType 1 (new layer) is refused for now',
          params: idParams,
          body: importExecuteSchema,
          response: { 202: z.object({ id: z.number().int(), status: z.string() }) },
        },
      },
      async (request, reply) => {
        const started = await execute(
          deps,
          callerOf(auth, request),
          request.params.id,
          request.body,
        )
        return reply.code(202).send(started)
      },
    )

    deleteByIdRoute(
      app,
      '/:id',
      { tags: ['dataloader'], summary: 'Deletes an import job and its rows (not while it runs)' },
      (request, id) => service.remove(deps, userOf(request), id),
    )
  }
