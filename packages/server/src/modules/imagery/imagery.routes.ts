import { z } from 'zod'
import {
  eventClosestQuerySchema,
  eventInfoSchema,
  eventNeighboursQuerySchema,
  eventSearchQuerySchema,
  eventTracksSchema,
  orbitEventSchema,
  viewerClosestQuerySchema,
  viewerEntrySchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { requireModule } from '../../auth/modules'
import { idParams, idSchema } from '../../http/params'
import type { RouteScope } from '../../http/scopes'
import * as service from './imagery.service'

const systemParams = z.object({ systemId: z.string().max(20) })
const viewerEventParams = systemParams.extend({ eventId: idSchema })

/**
 * The street-level imagery calls: /api/events for the orbit module (spec 2 §7.5; module
 * 'orbit' or 'smmcad' on) and /api/smmcad for the event viewer (§7.1; module 'smmcad' on).
 * With the module off they do not exist: a Portuguese 404.
 */
export const imageryScopes = (deps: AppDeps): RouteScope[] => {
  const { db } = deps
  return [
    {
      prefix: '/api/events',
      access: 'user',
      routes: async (app) => {
        app.addHook('onRequest', requireModule(deps, 'orbit', 'smmcad'))

        app.get(
          '/closest',
          {
            schema: {
              tags: ['imagery'],
              summary:
                'The event nearest a point (within 500 m), optionally of one survey: a list of at most one',
              querystring: eventClosestQuerySchema,
              response: { 200: z.array(orbitEventSchema) },
            },
          },
          async (request) => service.closestEvent(db, request.query),
        )

        app.get(
          '/search',
          {
            schema: {
              tags: ['imagery'],
              summary:
                'Events by road, way, survey and km (only the given ones filter; km as 13,5 or 13.5, within 1 km, nearest first), at most 50',
              querystring: eventSearchQuerySchema,
              response: { 200: z.array(orbitEventSchema) },
            },
          },
          async (request) => service.searchEvents(db, request.query),
        )

        app.get(
          '/info',
          {
            schema: {
              tags: ['imagery'],
              summary: 'The roads, surveys, ways and types of the events, each sorted',
              response: { 200: eventInfoSchema },
            },
          },
          async () => service.eventInfo(db),
        )

        app.get(
          '/tracks',
          {
            schema: {
              tags: ['imagery'],
              summary:
                "The surveys' drives as GeoJSON lines, one per survey, road and way, in GPS time order",
              response: { 200: eventTracksSchema },
            },
          },
          async () => service.eventTracks(db),
        )

        app.get(
          '/:id',
          {
            schema: {
              tags: ['imagery'],
              summary: 'One event',
              params: idParams,
              response: { 200: orbitEventSchema },
            },
          },
          async (request) => service.getEvent(db, request.params.id),
        )

        app.get(
          '/:id/neighbours',
          {
            schema: {
              tags: ['imagery'],
              summary:
                'The events of the same survey within distance metres (default 30, at most 500), nearest first, itself left out',
              params: idParams,
              querystring: eventNeighboursQuerySchema,
              response: { 200: z.array(orbitEventSchema) },
            },
          },
          async (request) => service.eventNeighbours(db, request.params.id, request.query.distance),
        )
      },
    },
    {
      prefix: '/api/smmcad',
      access: 'user',
      routes: async (app) => {
        app.addHook('onRequest', requireModule(deps, 'smmcad'))

        app.get(
          '/:systemId/events/:eventId/neighbours',
          {
            schema: {
              tags: ['imagery'],
              summary:
                'The event and those of the same drive within 60 m, by GPS week and second, each with its frames by camera',
              params: viewerEventParams,
              response: { 200: z.array(viewerEntrySchema) },
            },
          },
          async (request) => {
            service.checkSystem(request.params.systemId)
            return service.viewerNeighbours(db, request.params.eventId)
          },
        )

        app.get(
          '/:systemId/events/closest',
          {
            schema: {
              tags: ['imagery'],
              summary: 'The event nearest a point (within 500 m) with its frames: at most one',
              params: systemParams,
              querystring: viewerClosestQuerySchema,
              response: { 200: z.array(viewerEntrySchema) },
            },
          },
          async (request) => {
            service.checkSystem(request.params.systemId)
            return service.viewerClosest(db, request.query)
          },
        )
      },
    },
  ]
}
