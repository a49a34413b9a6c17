import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  layerDescriptionSchema,
  layerRecordSchema,
  layerRegisterSchema,
  layerUpdateSchema,
  legendPreviewRequestSchema,
  legendPreviewSchema,
  MAX_PAGE_SIZE,
  pagingQuerySchema,
  remapResultSchema,
  unregisteredTableSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { created } from '../../http/created'
import { idParams } from '../../http/params'
import { sendPage } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as admin from './layers-admin.service'
import * as service from './layers.service'

/**
 * The layer catalogue for signed-in users: descriptions for the map (`layerDescriptionRoutes`,
 * under the config module's /api/config/layers), records for administration, and the index
 * rebuild (`remapIndexRoutes`, under the features module's /api/features/remapindex).
 */
export const layersScopes = (deps: AppDeps): RouteScope[] => [
  { prefix: '/api/layers', access: 'user', routes: recordRoutes(deps) },
  { prefix: '/api/layers', access: 'admin', routes: adminRoutes(deps) },
]

/** Registering, editing and deleting layers (administrators). */
const adminRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/unregistered',
      {
        schema: {
          tags: ['layers'],
          summary:
            'Tables of schema data that are not layers, with what registering each would add or why it cannot',
          response: { 200: z.array(unregisteredTableSchema) },
        },
      },
      async () => admin.unregisteredTables(db),
    )

    app.post(
      '/',
      {
        schema: {
          tags: ['layers'],
          summary:
            'Registers a table as a layer of the same name (on the map, WFS and tiles at once); the new id ends the Location header',
          body: layerRegisterSchema,
          response: { 201: layerRecordSchema },
        },
      },
      async (request, reply) => {
        const layer = await admin.registerLayer(db, request.body)
        return created(reply, `/api/layers/${layer.id}`, layer)
      },
    )

    app.put(
      '/:id',
      {
        schema: {
          tags: ['layers'],
          summary:
            'Edits a layer: title, queryable, field order, titles and tooltips, layout groups, domains, style',
          params: idParams,
          body: layerUpdateSchema,
          response: { 200: layerRecordSchema },
        },
      },
      async (request) => admin.updateLayer(db, request.params.id, request.body),
    )

    app.delete(
      '/:id',
      {
        schema: {
          tags: ['layers'],
          summary:
            'Removes a layer from the catalogue, the tree and the permissions; its table and data are kept. With data, 409 unless confirm=true',
          params: idParams,
          querystring: z.object({ confirm: z.enum(['true', 'false']).optional() }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await admin.deleteLayer(db, request.params.id, request.query.confirm === 'true')
        return reply.code(204).send(null)
      },
    )

    app.post(
      '/legend-preview',
      {
        schema: {
          tags: ['layers'],
          summary: 'The legend a style would draw (as WMS GetLegendGraphic does), before saving',
          body: legendPreviewRequestSchema,
          response: { 200: legendPreviewSchema },
        },
      },
      async (request) => admin.legendPreview(request.body),
    )
  }

/** Upkeep of layer tables: indexes, triggers, statistics, extents (administrators). */
export const remapIndexRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const schema = {
      tags: ['layers'],
      summary:
        'Rebuilds the indexes of every layer table (creating missing ones), attaches missing triggers, refreshes statistics and extents',
      response: { 200: z.array(remapResultSchema) },
    }
    app.post('', { schema }, async () => admin.remapIndex(db))
    app.post(
      '/:layer',
      {
        schema: {
          ...schema,
          summary: 'The same for one layer',
          params: z.object({ layer: z.string().max(63) }),
        },
      },
      async (request) => admin.remapIndex(db, request.params.layer),
    )
  }

/** The layers the caller reads, described for the map. */
export const layerDescriptionRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags: ['layers'],
          summary:
            'Descriptions of the layers the caller may read (fields, layout, domains, style)',
          response: { 200: z.array(layerDescriptionSchema) },
        },
      },
      async (request) => service.readableDescriptions(db, callerOf(auth, request).user),
    )
  }

const recordRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
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
        const { page, total } = await service.listRecords(
          db,
          callerOf(auth, request).user,
          request.query,
          MAX_PAGE_SIZE,
        )
        return sendPage(reply, page, total)
      },
    )

    app.get(
      '/:id',
      {
        schema: {
          tags: ['layers'],
          summary:
            'One catalogue record by id or name (404 alike for a layer that does not exist and one the caller may not read)',
          params: z.object({ id: z.string().max(63) }),
          response: { 200: layerRecordSchema },
        },
      },
      async (request) => service.getLayer(db, callerOf(auth, request).user, request.params.id),
    )
  }
