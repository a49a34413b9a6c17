import { z } from 'zod'
import { baseLayerInputSchema, baseLayerSchema, pagingQuerySchema } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { created } from '../../http/created'
import { idParams } from '../../http/params'
import { pagedRoute } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as service from './baselayers.service'
import { naturalEarthCountries } from './natural-earth'

export const baseLayersRoutes = ({ db }: AppDeps): RouteScope[] => [
  {
    prefix: '/api/base-layers',
    access: 'user',
    routes: async (app) => {
      app.get(
        '/active',
        {
          schema: {
            tags: ['base-layers'],
            summary: 'Base layers offered on the map, by z-index; the visible one opens first',
            response: { 200: z.array(baseLayerSchema) },
          },
        },
        async () => service.activeBaseLayers(db),
      )
    },
  },
  {
    prefix: '/api/base-layers',
    access: 'admin',
    // The whole list, inactive layers and their URLs (keys included) with it: administrators.
    // The map reads the active ones at /active.
    routes: async (app) => {
      pagedRoute(
        app,
        '',
        {
          tags: ['base-layers'],
          summary: 'All base layers, active or not, paged; total in x-rowcount (administrators)',
          querystring: pagingQuerySchema,
          item: baseLayerSchema,
        },
        (request) => service.listBaseLayers(db, request.query),
      )

      app.get(
        '/:id',
        {
          schema: {
            tags: ['base-layers'],
            summary: 'One base layer, active or not (administrators)',
            params: idParams,
            response: { 200: baseLayerSchema },
          },
        },
        async (request) => service.getBaseLayer(db, request.params.id),
      )

      app.post(
        '',
        {
          schema: {
            tags: ['base-layers'],
            summary:
              'Creates a base layer (osm, wms, xyz, geojson with their options) and places it in the layer tree; the new id ends the Location header',
            body: baseLayerInputSchema,
            response: { 201: baseLayerSchema },
          },
        },
        async (request, reply) => {
          const layer = await service.createBaseLayer(db, request.body)
          return created(reply, `/api/base-layers/${layer.id}`, layer)
        },
      )

      app.put(
        '/:id',
        {
          schema: {
            tags: ['base-layers'],
            params: idParams,
            body: baseLayerInputSchema,
            response: { 200: baseLayerSchema },
          },
        },
        async (request) => service.updateBaseLayer(db, request.params.id, request.body),
      )

      app.delete(
        '/:id',
        {
          schema: {
            tags: ['base-layers'],
            summary: 'Deletes a base layer and its nodes in the layer tree',
            params: idParams,
            response: { 204: z.null() },
          },
        },
        async (request, reply) => {
          await service.deleteBaseLayer(db, request.params.id)
          return reply.code(204).send(null)
        },
      )
    },
  },
  {
    // Public data (Natural Earth), needed before and without any network: no session needed.
    prefix: '/api/base-layers',
    access: 'public',
    routes: async (app) => {
      app.get(
        '/offline/natural-earth.geojson',
        { schema: { tags: ['base-layers'], summary: 'Offline base layer: country borders' } },
        async (request, reply) => {
          const { body, etag } = await naturalEarthCountries()
          reply.header('etag', etag).header('cache-control', 'public, max-age=86400')
          if (request.headers['if-none-match'] === etag) return reply.code(304).send()
          return reply.type('application/geo+json').send(body)
        },
      )
    },
  },
]
