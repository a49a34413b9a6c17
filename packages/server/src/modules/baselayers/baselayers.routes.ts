import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { baseLayerSchema, pagingQuerySchema, t } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { HttpError } from '../../http/errors'
import { sendPage, toSqlPaging } from '../../http/paging'
import * as sql from './baselayers.sql'
import { naturalEarthCountries } from './natural-earth'

const SORT_COLUMNS = {
  id: 'b.id',
  name: 'lower(b.name)',
  type: 'b.type',
  zindex: 'b.zindex',
  group: 'b."group"',
}

export const baseLayersRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/base-layers/active',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['base-layers'],
          summary: 'Base layers offered on the map, by z-index; the visible one opens first',
          response: { 200: z.array(baseLayerSchema) },
        },
      },
      async () => sql.activeBaseLayers(db),
    )

    app.get(
      '/api/base-layers',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['base-layers'],
          summary: 'All base layers, paged; total in x-rowcount',
          querystring: pagingQuerySchema,
          response: { 200: z.array(baseLayerSchema) },
        },
      },
      async (request, reply) => {
        const p = toSqlPaging(request.query, SORT_COLUMNS, 'zindex')
        const { rows, total } = await sql.listBaseLayers(db, p.orderBy, p.limit, p.offset)
        return sendPage(reply, rows, total)
      },
    )

    // Public data (Natural Earth), needed before and without any network: no session needed.
    app.get(
      '/api/base-layers/offline/natural-earth.geojson',
      { schema: { tags: ['base-layers'], summary: 'Offline base layer: country borders' } },
      async (request, reply) => {
        const { body, etag } = await naturalEarthCountries()
        reply.header('etag', etag).header('cache-control', 'public, max-age=86400')
        if (request.headers['if-none-match'] === etag) return reply.code(304).send()
        return reply.type('application/geo+json').send(body)
      },
    )

    app.get(
      '/api/base-layers/:id',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['base-layers'],
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: baseLayerSchema },
        },
      },
      async (request) => {
        const layer = await sql.getBaseLayer(db, request.params.id)
        if (!layer) throw new HttpError(404, t('baseLayers.notFound'))
        return layer
      },
    )
  }
