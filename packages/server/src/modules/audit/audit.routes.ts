import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { historyEntrySchema, pagingQuerySchema } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { sendPage } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as service from './audit.service'

/** The audit log as the feature window's HISTÓRIA reads it. */
export const auditScopes = (deps: AppDeps): RouteScope[] => [
  { prefix: '/api/audit', access: 'user', routes: auditRoutes(deps) },
]

const auditRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:table/:id',
      {
        schema: {
          tags: ['audit'],
          summary:
            'History of one feature (readFeature on the layer `table`): newest first, paged, total in x-rowcount',
          params: z.object({
            table: z.string().min(1).max(63),
            id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          }),
          querystring: pagingQuerySchema,
          response: { 200: z.array(historyEntrySchema) },
        },
      },
      async (request, reply) => {
        const { rows, total } = await service.featureHistory(
          db,
          auth.contextOf(request).user,
          request.params.table,
          request.params.id,
          request.query,
        )
        return sendPage(reply, rows, total)
      },
    )
  }
