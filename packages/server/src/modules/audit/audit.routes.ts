import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  auditQuerySchema,
  auditRecordSchema,
  auditSearchBodySchema,
  auditSearchResponseSchema,
  historyEntrySchema,
  pagingQuerySchema,
  samplesQuerySchema,
  type AuditSearchResponse,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { idSchema } from '../../http/params'
import { pagedRoute, sendPage } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as service from './audit.service'

/**
 * The audit log: a feature's history as the feature window's HISTÓRIA reads it (its layer's
 * readers), and the AUDITOR's search and list of every record (administrators).
 */
export const auditScopes = (deps: AppDeps): RouteScope[] => [
  { prefix: '/api/audit', access: 'user', routes: auditRoutes(deps) },
  { prefix: '/api/audit', access: 'admin', routes: auditAdminRoutes(deps) },
]

const auditRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    pagedRoute(
      app,
      '/:table/:id',
      {
        tags: ['audit'],
        summary:
          'History of one feature (readFeature on the layer `table`): newest first, paged, total in x-rowcount',
        params: z.object({
          table: z.string().min(1).max(63),
          id: idSchema,
        }),
        querystring: pagingQuerySchema,
        item: historyEntrySchema,
      },
      (request) =>
        service.featureHistory(
          db,
          callerOf(auth, request).user,
          request.params.table,
          request.params.id,
          request.query,
        ),
    )
  }

const auditAdminRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/search',
      {
        schema: {
          tags: ['audit'],
          summary:
            'Audit records picked by a filter tree over the audit fields (timestamp, action, table, rowId, user, application, clientAddress, clientPort), sorted (default -timestamp) and paged (default 20); total in rowCount and x-rowcount. Administrators only',
          querystring: auditQuerySchema,
          body: auditSearchBodySchema,
          response: { 200: auditSearchResponseSchema },
        },
      },
      async (request, reply): Promise<AuditSearchResponse> => {
        const answer = await service.searchAudit(db, request.body.filter, request.query)
        return sendPage(reply, answer, answer.rowCount)
      },
    )

    app.get(
      '/search/samples/:field',
      {
        schema: {
          tags: ['audit'],
          summary:
            'Distinct values of an audit field, most frequent first (the filter builder suggestions); filter: only values containing this text. Administrators only',
          params: z.object({ field: z.string().max(63) }),
          querystring: samplesQuerySchema,
          response: { 200: z.array(z.union([z.string(), z.number()])) },
        },
      },
      async (request) =>
        service.auditSamples(db, request.params.field, {
          limit: request.query.limit,
          contains: request.query.filter || undefined,
        }),
    )

    app.get(
      '/history',
      {
        schema: {
          tags: ['audit'],
          summary:
            'Every audit record, sorted (default -timestamp) and paged (default 20), total in x-rowcount. Administrators only',
          querystring: auditQuerySchema,
          response: { 200: z.array(auditRecordSchema) },
        },
      },
      async (request, reply) => {
        const answer = await service.searchAudit(db, undefined, request.query)
        return sendPage(reply, answer.results, answer.rowCount)
      },
    )
  }
