import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { filterTreeSchema, getQueryResponseSchema } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import type { RouteScope } from '../../http/scopes'
import * as service from './debug.service'

/**
 * Developer tools: the SQL of a filter tree (the filter builder's 'Validar'). Administrators
 * only; anyone else gets the 404 of a route that does not exist.
 */
export const debugScopes = (deps: AppDeps): RouteScope[] => [
  { prefix: '/api/debug', access: 'user', routes: debugRoutes(deps) },
]

const debugRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/getquery/:layer',
      {
        schema: {
          tags: ['search'],
          summary:
            'The WHERE clause a filter tree compiles to over a layer, with literal values (administrators only; 404 otherwise)',
          params: z.object({ layer: z.string().max(63) }),
          body: filterTreeSchema,
          response: { 200: getQueryResponseSchema },
        },
      },
      async (request) =>
        service.getQuery(db, callerOf(auth, request).user, request.params.layer, request.body),
    )
  }
