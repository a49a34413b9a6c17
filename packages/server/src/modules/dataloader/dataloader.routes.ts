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
  importStatusSchema,
  importTemplateBodySchema,
  importTemplateSchema,
} from '@gis/shared'
import type { ImportJob } from './dataloader-job'
import * as service from './dataloader.service'
import { DATALOADER_JOB, execute, executeJobHandler } from './dataloader-execute'
import { formatOf } from './dataloader-files'
import { DATALOADER_READ_JOB, readJobHandler } from './dataloader-read'
import { createTemplate, deleteTemplate, listTemplates } from './dataloader-templates'
import { DATALOADER_UNDO_JOB, startUndo, undoJobHandler } from './dataloader-undo'

/** The data-import wizard (spec 2 §7.2): every signed-in user, writes checked per layer. */
export const dataloaderScopes = (deps: AppDeps): RouteScope[] => {
  deps.jobs.register(DATALOADER_READ_JOB, readJobHandler(deps), { lane: 'import' })
  deps.jobs.register(DATALOADER_JOB, executeJobHandler(deps), { lane: 'import' })
  deps.jobs.register(DATALOADER_UNDO_JOB, undoJobHandler(deps), { lane: 'import' })
  return [{ prefix: '/api/dataloader', access: 'user', routes: dataloaderRoutes(deps) }]
}

const dataloaderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auth } = deps

    const maxBytes = deps.config.importMaxMb * 1024 * 1024
    await app.register(multipart, {
      limits: { fileSize: maxBytes + 1, files: 1, fields: 5, parts: 10, headerPairs: 100 },
    })

    app.post(
      '/import',
      {
        schema: {
          tags: ['dataloader'],
          summary: `Uploads a file (multipart field \`file\`: .xlsx, .csv, a zipped shapefile, .gpkg, .geojson, .kml or .kmz; at most IMPORT_MAX_MB, ${deps.config.importMaxMb} MB here, and IMPORT_MAX_ROWS rows), streamed to storage; answers the import READING: a job reads it into rows (follow /{id}/status), then GET /{id} has its columns`,
          response: { 201: importJobSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(400, t('dataloader.fileRequired'))
        let job: ImportJob | undefined
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue
          if (part.fieldname !== 'file' || job) {
            part.file.resume()
            continue
          }
          if (!formatOf(part.filename)) {
            part.file.resume()
            throw new HttpError(400, t('dataloader.unsupportedFormat'))
          }
          job = await service.upload(deps, callerOf(auth, request).user, part.filename, part.file)
        }
        if (!job) throw new HttpError(400, t('dataloader.fileRequired'))
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
      (request) => listTemplates(db, callerOf(auth, request).user, request.query),
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
        const id = await createTemplate(db, callerOf(auth, request).user, request.body)
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
      (request, id) => deleteTemplate(db, callerOf(auth, request).user, id),
    )

    getByIdRoute(
      app,
      '/:id',
      {
        tags: ['dataloader'],
        summary: "One of the caller's import jobs",
        response: importJobSchema,
      },
      (request, id) => service.getImport(db, callerOf(auth, request).user, id),
    )

    getByIdRoute(
      app,
      '/:id/status',
      {
        tags: ['dataloader'],
        summary:
          "Where the import is: READING (its rows being read) or FAILED (why), then its last job's status (execution or undo): CREATED (not executed), QUEUED, IN_PROGRESS, COMPLETE, ERROR or CANCELLED, with progress and the rows read, validated, written and with errors",
        response: importStatusSchema,
      },
      (request, id) => service.status(deps, callerOf(auth, request).user, id),
    )

    app.post(
      '/:id/cancel',
      {
        schema: {
          tags: ['dataloader'],
          summary:
            "Cancels the import's reading (the import goes away) or its execution (what it wrote is taken back, nothing left half-applied); 409 when nothing runs",
          params: idParams,
          response: { 200: importStatusSchema },
        },
      },
      (request) => service.cancel(deps, callerOf(auth, request).user, request.params.id),
    )

    app.post(
      '/:id/undo',
      {
        schema: {
          tags: ['dataloader'],
          summary:
            "'Desfazer importação' (the import's owner or an administrator): every feature the execution inserted soft-deleted, every one it updated given back its values, through history; 409 naming the features changed since, or when it was not executed, sent for approval or undone already. A job, followed at /{id}/status",
          params: idParams,
          response: { 202: z.object({ id: z.number().int(), status: z.string() }) },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await startUndo(deps, callerOf(auth, request), request.params.id)),
    )

    getByIdRoute(
      app,
      '/:id/report',
      {
        tags: ['dataloader'],
        summary: 'Rows created, updated, pending and with errors',
        response: importReportSchema,
      },
      (request, id) => service.report(db, callerOf(auth, request).user, id),
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
          callerOf(auth, request).user,
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
            'Runs the import into a layer the caller may write (destinyType 0) or a new one (destinyType 1, administrators): the rows validated and written in batches, set-based (inserted, or updated by the key field), with their history and audit; for a moderated user one approval of all the rows. A job followed at /{id}/status, cancellable at /{id}/cancel',
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
      (request, id) => service.remove(deps, callerOf(auth, request).user, id),
    )
  }
