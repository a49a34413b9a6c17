import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  layerDescriptionSchema,
  layerRecordSchema,
  MAX_PAGE_SIZE,
  pagingQuerySchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { sendPage, toSqlPaging } from '../../http/paging'
import * as service from './layers.service'

const SORT_FIELDS = ['id', 'name', 'title'] as const

export const layersRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/config/layers',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['layers'],
          summary:
            'Descriptions of the layers the caller may read (fields, layout, domains, style)',
          response: { 200: z.array(layerDescriptionSchema) },
        },
      },
      async (request) => {
        const layers = await service.readableCatalogue(db, auth.contextOf(request).user)
        return layers.map(service.toDescription)
      },
    )

    app.get(
      '/api/layers',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['layers'],
          summary:
            'Catalogue records of the layers the caller may read (all for administrators); optionally paged, total in x-rowcount',
          querystring: pagingQuerySchema.partial().extend({
            query: z.string().trim().max(200).optional(),
          }),
          response: { 200: z.array(layerRecordSchema) },
        },
      },
      async (request, reply) => {
        const q = request.query
        const paging = toSqlPaging(
          { page: q.page ?? 0, limit: q.limit ?? MAX_PAGE_SIZE, sort: q.sort },
          Object.fromEntries(SORT_FIELDS.map((f) => [f, f])),
          'title',
        )
        let layers = (await service.readableCatalogue(db, auth.contextOf(request).user)).map(
          service.toRecord,
        )
        if (q.query) {
          const needle = q.query.toLowerCase()
          layers = layers.filter(
            (l) => l.name.includes(needle) || l.title.toLowerCase().includes(needle),
          )
        }
        const [, column, direction] = /ORDER BY (\w+) (ASC|DESC)/.exec(paging.orderBy) ?? []
        const key = (column ?? 'title') as (typeof SORT_FIELDS)[number]
        const sign = direction === 'DESC' ? -1 : 1
        layers.sort((a, b) => {
          const x = a[key]
          const y = b[key]
          return (
            sign *
            (typeof x === 'number' && typeof y === 'number'
              ? x - y
              : String(x).localeCompare(String(y), 'pt-BR'))
          )
        })
        return sendPage(
          reply,
          layers.slice(paging.offset, paging.offset + paging.limit),
          layers.length,
        )
      },
    )

    app.get(
      '/api/layers/:id',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['layers'],
          summary: 'One catalogue record by id or name (403 without readFeature)',
          params: z.object({ id: z.string().max(63) }),
          response: { 200: layerRecordSchema },
        },
      },
      async (request) => service.getLayer(db, auth.contextOf(request).user, request.params.id),
    )
  }
