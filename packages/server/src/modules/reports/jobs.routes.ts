import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  exportJobSchema,
  JOB_STATUSES,
  pagingQuerySchema,
  REPOSITORY_DEFAULT_LIMIT,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { getByIdRoute, idParams } from '../../http/params'
import { FILE_COMPRESSION } from '../../http/compression'
import { pagedRoute } from '../../http/paging'
import { sendFile } from '../../http/send-file'
import * as service from './jobs.service'

/** The repository (spec 3 §7): the jobs of exports and reports, their status and files. */
export const jobRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    pagedRoute(
      app,
      '/jobs',
      {
        tags: ['reports'],
        summary: `The repository: the caller's export and report jobs (administrators: everyone's), sorted (default -created; \`order\` asc/desc may say the direction) and paged (default ${REPOSITORY_DEFAULT_LIMIT}); total in x-rowcount`,
        querystring: pagingQuerySchema.extend({
          limit: z.coerce.number().int().min(1).max(1000).default(REPOSITORY_DEFAULT_LIMIT),
          order: z.enum(['asc', 'desc']).optional(),
        }),
        item: exportJobSchema,
      },
      (request) => service.listJobs(deps, callerOf(deps.auth, request).user, request.query),
    )

    getByIdRoute(
      app,
      '/jobs/:id',
      {
        tags: ['reports'],
        summary:
          "An export or report job of the caller: status (QUEUED, IN_PROGRESS, COMPLETE, ERROR), progress, and once complete the file's name, type, size, rows and `fileUrl` (where to download it)",
        response: exportJobSchema,
      },
      (request, id) => service.getJob(deps, callerOf(deps.auth, request).user, id),
    )

    app.get(
      '/:id/status',
      {
        schema: {
          tags: ['reports'],
          summary:
            'The status and progress of a job of the caller (id = the job id), and once complete its file’s `fileUrl`',
          params: idParams,
          response: {
            200: z.object({
              status: z.enum(JOB_STATUSES),
              progress: z.object({ value: z.number(), max: z.number() }),
              fileUrl: z.string().nullable(),
            }),
          },
        },
      },
      async (request) => {
        const job = await service.getJob(deps, callerOf(deps.auth, request).user, request.params.id)
        return { status: job.status, progress: job.progress, fileUrl: job.fileUrl }
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
          params: idParams,
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.exportDownload(deps, callerOf(deps.auth, request).user, request.params.id),
        ),
    )
  }
