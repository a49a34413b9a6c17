import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  exportJobSchema,
  JOB_STATUSES,
  pagingQuerySchema,
  REPOSITORY_DEFAULT_LIMIT,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { FILE_COMPRESSION } from '../../http/compression'
import { sendPage } from '../../http/paging'
import { sendFile } from '../export/export.routes'
import { exportDownload } from '../export/export.service'
import * as service from './jobs.service'
import { idParam } from './templates.routes'

/** The repository (spec 3 §7): the jobs of exports and reports, their status and files. */
export const jobRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = (request: Parameters<typeof deps.auth.contextOf>[0]) =>
      deps.auth.contextOf(request).user

    app.get(
      '/jobs',
      {
        schema: {
          tags: ['reports'],
          summary: `The repository: the caller's export and report jobs (administrators: everyone's), sorted (default -created; \`order\` asc/desc may say the direction) and paged (default ${REPOSITORY_DEFAULT_LIMIT}); total in x-rowcount`,
          querystring: pagingQuerySchema.extend({
            limit: z.coerce.number().int().min(1).max(1000).default(REPOSITORY_DEFAULT_LIMIT),
            order: z.enum(['asc', 'desc']).optional(),
          }),
          response: { 200: z.array(exportJobSchema) },
        },
      },
      async (request, reply) => {
        const page = await service.listJobs(deps, userOf(request), request.query)
        return sendPage(reply, page.rows, page.total)
      },
    )

    app.get(
      '/jobs/:id',
      {
        schema: {
          tags: ['reports'],
          summary:
            "An export or report job of the caller: status (QUEUED, IN_PROGRESS, COMPLETE, ERROR), progress, and once complete the file's name, type, size and rows",
          params: idParam,
          response: { 200: exportJobSchema },
        },
      },
      async (request) => service.getJob(deps, userOf(request), request.params.id),
    )

    app.get(
      '/:id/status',
      {
        schema: {
          tags: ['reports'],
          summary: 'The status and progress of a job of the caller (id = the job id)',
          params: idParam,
          response: {
            200: z.object({
              status: z.enum(JOB_STATUSES),
              progress: z.object({ value: z.number(), max: z.number() }),
            }),
          },
        },
      },
      async (request) => {
        const job = await service.getJob(deps, userOf(request), request.params.id)
        return { status: job.status, progress: job.progress }
      },
    )
  }

/** The file of a finished export or report (bearer or `?token=`). */
export const downloadRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id',
      {
        compress: FILE_COMPRESSION,
        schema: {
          tags: ['reports'],
          summary:
            'The file of a finished export or report of the caller (bearer or ?token=); 410 once it expired (24 h)',
          params: idParam,
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await exportDownload(deps, deps.auth.contextOf(request).user, request.params.id),
        ),
    )
  }
