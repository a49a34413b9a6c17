import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  pagingQuerySchema,
  syncFilesJobBodySchema,
  syncFilesJobSchema,
  syncFilesReportBodySchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { sendPage } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as service from './syncfiles.service'

const idParam = z.object({
  jobId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

/**
 * The file association importer's jobs (spec 2 §7.3; ASSOCIAR ARQUIVOS is for administrators):
 * a job per folder read, its counters when the upload ends, and its deletion (EXCLUIR). The
 * files go to the records through the attachments' own route, with their permission checks.
 */
export const syncFilesScopes = (deps: AppDeps): RouteScope[] => [
  { prefix: '/api/syncfiles', access: 'admin', routes: adminRoutes(deps) },
]

const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags: ['syncfiles'],
          summary: 'File association jobs, newest first, paged (total in x-rowcount)',
          querystring: pagingQuerySchema,
          response: { 200: z.array(syncFilesJobSchema) },
        },
      },
      async (request, reply) => {
        const page = await service.listJobs(deps, request.query)
        return sendPage(reply, page.rows, page.total)
      },
    )

    app.post(
      '/',
      {
        schema: {
          tags: ['syncfiles'],
          summary: 'Records a folder read (name and file count): 201, its address in Location',
          body: syncFilesJobBodySchema,
          response: { 201: syncFilesJobSchema },
        },
      },
      async (request, reply) => {
        const id = await service.createJob(deps, deps.auth.contextOf(request).user, request.body)
        reply.code(201).header('location', `/api/syncfiles/${id}`)
        return service.getJob(deps, id)
      },
    )

    app.get(
      '/:jobId',
      {
        schema: {
          tags: ['syncfiles'],
          summary: 'One job: folder, file count, destination and counters of its last upload',
          params: idParam,
          response: { 200: syncFilesJobSchema },
        },
      },
      async (request) => service.getJob(deps, request.params.jobId),
    )

    app.put(
      '/:jobId/report',
      {
        schema: {
          tags: ['syncfiles'],
          summary: "Records a finished upload's destination layer and counters",
          params: idParam,
          body: syncFilesReportBodySchema,
          response: { 200: syncFilesJobSchema },
        },
      },
      async (request) => service.saveReport(deps, request.params.jobId, request.body),
    )

    app.delete(
      '/:jobId',
      {
        schema: {
          tags: ['syncfiles'],
          summary: 'Deletes a job (the files already attached stay with their records)',
          params: idParam,
        },
      },
      async (request, reply) => {
        await service.deleteJob(deps, request.params.jobId)
        return reply.code(204).send()
      },
    )
  }
