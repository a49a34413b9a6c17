import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  samplesQuerySchema,
  samplesResponseSchema,
  searchBodySchema,
  searchQuerySchema,
  searchResponseSchema,
  type SearchResponse,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { sendPage } from '../../http/paging'
import * as service from './search.service'

const layerParam = z.object({ layer: z.string().max(63) })

/**
 * The feature search and the value samples of the filter builder (spec 2 §7.4, spec 3 §7),
 * served under /api/features (the features module's prefix: app.ts passes them there).
 */
export const searchRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/:layer/search',
      {
        schema: {
          tags: ['search'],
          summary:
            'Features of a readable layer picked by a filter tree (and optionally a list of ids), sorted and paged; deleted rows included and marked by d_e_l_e_t_; total in rowCount and x-rowcount',
          params: layerParam,
          querystring: searchQuerySchema,
          body: searchBodySchema,
          response: { 200: searchResponseSchema },
        },
      },
      async (request, reply): Promise<SearchResponse> => {
        const answer = await service.search(
          db,
          callerOf(auth, request).user,
          request.params.layer,
          request.body,
          request.query,
        )
        return sendPage(reply, answer, answer.rowCount)
      },
    )

    app.get(
      '/:layer/samples/:field',
      {
        schema: {
          tags: ['search'],
          summary:
            'Distinct values of a field, most frequent first (the filter builder suggestions); filter: only values containing this text',
          params: layerParam.extend({ field: z.string().max(63) }),
          querystring: samplesQuerySchema,
          response: { 200: samplesResponseSchema },
        },
      },
      async (request) =>
        service.samples(
          db,
          callerOf(auth, request).user,
          request.params.layer,
          request.params.field,
          {
            limit: request.query.limit,
            contains: request.query.filter || undefined,
          },
        ),
    )
  }
