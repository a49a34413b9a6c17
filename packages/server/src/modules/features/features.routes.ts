import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  approvalSubmittedSchema,
  featureAttributeSchema,
  featureConflictSchema,
  featureGeometrySchema,
  featureInsertSchema,
  featureLabelSchema,
  featureLabelsRequestSchema,
  featureSchema,
  featureUpdateQuerySchema,
  featureUpdateSchema,
  geometriesRequestSchema,
  geometriesSearchSchema,
  isSubmittedForApproval,
  searchCoordResultSchema,
  searchCoordSchema,
  type Feature,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import type { Auth } from '../../auth/authenticate'
import type { RouteScope } from '../../http/scopes'
import { sendSubmitted } from '../approvals/moderation'
import * as geometries from './feature-geometries'
import * as service from './features.service'

/** Layer name and feature id of the paths. */
const layerParams = z.object({ layer: z.string().min(1).max(63) })
const featureParams = layerParams.extend({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

export function callerOf(auth: Auth, request: FastifyRequest): service.Caller {
  return {
    user: auth.contextOf(request).user,
    address: request.ip,
    port: request.socket.remotePort ?? null,
  }
}

/** The feature API (spec 1 section 7, spec 3 section 7): every call checks the layer's flags. */
export const featuresScopes = (deps: AppDeps): RouteScope[] => [
  { prefix: '/api/features', access: 'user', routes: featureRoutes(deps) },
]

const featureRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/searchcoord',
      {
        schema: {
          tags: ['features'],
          summary:
            'Features within `tolerance` metres of a point (EPSG:4326), nearest first, in the given or every readable layer',
          body: searchCoordSchema,
          response: { 200: z.array(searchCoordResultSchema) },
        },
      },
      async (request) => geometries.searchCoord(db, auth.contextOf(request).user, request.body),
    )

    app.post(
      '/labels',
      {
        schema: {
          tags: ['features'],
          summary:
            'Names of features in lists: the value of each layer display field, by layer and id (readable layers only)',
          body: featureLabelsRequestSchema,
          response: { 200: z.array(featureLabelSchema) },
        },
      },
      async (request) => geometries.labels(db, auth.contextOf(request).user, request.body.items),
    )

    app.get(
      '/:layer/attributes',
      {
        schema: {
          tags: ['features'],
          summary:
            'The fields of a layer with type, limits and whether each is required (readFeature)',
          params: layerParams,
          response: { 200: z.array(featureAttributeSchema) },
        },
      },
      async (request) => service.attributes(db, auth.contextOf(request).user, request.params.layer),
    )

    app.post(
      '/:layer/geometries',
      {
        schema: {
          tags: ['features'],
          summary: 'Geometries (GeoJSON, EPSG:4326) of a list of ids of the layer (readFeature)',
          params: layerParams,
          body: geometriesRequestSchema,
          response: { 200: z.array(featureGeometrySchema) },
        },
      },
      async (request) =>
        geometries.geometries(
          db,
          auth.contextOf(request).user,
          request.params.layer,
          request.body.ids,
        ),
    )

    app.post(
      '/:layer/geometries/search',
      {
        schema: {
          tags: ['features'],
          summary:
            'Geometries of the live features matching a filter tree (`query`) and a box (`bbox`, EPSG:4326), by id',
          params: layerParams,
          body: geometriesSearchSchema,
          response: { 200: z.array(featureGeometrySchema) },
        },
      },
      async (request) =>
        geometries.searchGeometries(
          db,
          auth.contextOf(request).user,
          request.params.layer,
          request.body,
        ),
    )

    app.get(
      '/:layer/:id',
      {
        schema: {
          tags: ['features'],
          summary:
            'One feature: attributes, geometry as WKT (EPSG:4326) and its version (readFeature)',
          params: featureParams,
          response: { 200: featureSchema },
        },
      },
      async (request) =>
        service.getFeature(
          db,
          auth.contextOf(request).user,
          request.params.layer,
          request.params.id,
        ),
    )

    app.post(
      '/:layer',
      {
        schema: {
          tags: ['features'],
          summary:
            'Inserts a feature (createFeature): 201 with the feature and its address in Location; 400 with every field error; 202 with the approval when the caller submits this layer for review',
          params: layerParams,
          body: featureInsertSchema,
          response: { 201: featureSchema, 202: approvalSubmittedSchema },
        },
      },
      async (request, reply) => {
        const feature = await service.insertFeature(
          db,
          callerOf(auth, request),
          request.params.layer,
          request.body,
        )
        if (isSubmittedForApproval(feature)) return sendSubmitted(reply, feature)
        reply.header('location', `/api/features/${feature.layer}/${feature.id}`)
        return reply.code(201).send(feature)
      },
    )

    app.put(
      '/:layer/:id',
      {
        schema: {
          tags: ['features'],
          summary:
            'Updates the attributes sent (and the geometry with ?geom=true) from the version loaded (updateFeature); 409 with both versions when the feature changed meanwhile; 202 with the approval when the caller submits this layer for review',
          params: featureParams,
          querystring: featureUpdateQuerySchema,
          body: featureUpdateSchema,
          response: {
            200: featureSchema,
            202: approvalSubmittedSchema,
            409: featureConflictSchema,
          },
        },
      },
      async (request, reply) => {
        try {
          const feature = await service.updateFeature(
            db,
            callerOf(auth, request),
            request.params.layer,
            request.params.id,
            request.body,
            request.query.geom,
          )
          return isSubmittedForApproval(feature) ? sendSubmitted(reply, feature) : feature
        } catch (err) {
          if (err instanceof service.FeatureConflict) {
            return reply.code(409).send({
              message: err.message,
              current: err.current,
              submitted: err.submitted,
            })
          }
          throw err
        }
      },
    )

    app.delete(
      '/:layer/:id',
      {
        schema: {
          tags: ['features'],
          summary:
            'Soft delete: sets d_e_l_e_t_ (deleteFeature); answers the feature; 202 with the approval when the caller submits this layer for review',
          params: featureParams,
          response: { 200: featureSchema, 202: approvalSubmittedSchema },
        },
      },
      async (request, reply) => {
        const feature = await service.setDeleted(
          db,
          callerOf(auth, request),
          request.params.layer,
          request.params.id,
          true,
        )
        return isSubmittedForApproval(feature) ? sendSubmitted(reply, feature) : feature
      },
    )

    app.patch(
      '/:layer/:id/undelete',
      {
        schema: {
          tags: ['features'],
          summary: 'Reactivates a soft-deleted feature (updateFeature); answers the feature',
          params: featureParams,
          response: { 200: featureSchema },
        },
      },
      async (request) =>
        // A moderated user's reactivation is refused (403), never submitted: always a feature.
        (await service.setDeleted(
          db,
          callerOf(auth, request),
          request.params.layer,
          request.params.id,
          false,
        )) as Feature,
    )
  }
