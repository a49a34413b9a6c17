import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PREVIEW_FEATURES, REPORT_MAX_FEATURES, reportRunSchema } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { idParams } from '../../http/params'
import * as service from './run.service'

/** Running a report (spec 3 §7): a job whose xlsx lands in the repository, or a preview. */
export const runRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/:id',
      {
        schema: {
          tags: ['reports'],
          summary: `Starts a report job of a template over the features of a readable layer a filter (or a selection) picks, at most ${REPORT_MAX_FEATURES}; answers the job id (follow it at /api/reports/jobs/{id}, download at /api/report/{id})`,
          params: idParams,
          body: reportRunSchema,
          response: { 202: z.object({ id: z.number().int() }) },
        },
      },
      async (request, reply) => {
        const job = await service.startReport(
          deps,
          callerOf(deps.auth, request).user,
          request.params.id,
          request.body,
        )
        reply.code(202).header('location', `/api/reports/jobs/${job.id}`)
        return job
      },
    )

    app.post(
      '/:id/preview',
      {
        schema: {
          tags: ['reports'],
          summary: `The report of the first ${PREVIEW_FEATURES} features, rendered at once (RenderedReport)`,
          params: idParams,
          body: reportRunSchema,
        },
      },
      async (request) =>
        service.previewReport(
          deps,
          callerOf(deps.auth, request).user,
          request.params.id,
          request.body,
        ),
    )
  }
