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
  t,
  type Feature,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { sendSubmitted } from '../../http/created'
import { HttpError, type FieldError } from '../../http/errors'
import { featureParams, layerParams } from '../../http/params'
import type { RouteScope } from '../../http/scopes'
import * as geometries from './feature-geometries'
import { FeatureConflict, type FeatureService } from './features.service'

/**
 * The routes other modules serve under /api/features. This module owns the prefix: every
 * scope under it is declared here, with its access, and the composition (app.ts) passes the
 * other modules' routes in (no module imports another's routes).
 */
export interface FeaturePathRoutes {
  /** modules/attachments: a feature's attachments, listed and uploaded. */
  attachments: FastifyPluginAsyncZod
  /** modules/search: the search and the filter builder's value samples. */
  search: FastifyPluginAsyncZod
  /** modules/export: the export job and the direct download (bearer). */
  exports: FastifyPluginAsyncZod
  /** modules/export: the direct downloads the browser opens by itself (`?token=`). */
  exportDownloads: FastifyPluginAsyncZod
  /** modules/layers: rebuilding the layer tables' indexes (administrators). */
  remapIndex: FastifyPluginAsyncZod
}

/** The feature API (spec 1 section 7, spec 3 section 7): every call checks the layer's flags. */
export const featuresScopes = (
  deps: AppDeps,
  features: FeatureService,
  routes: FeaturePathRoutes,
): RouteScope[] => [
  { prefix: '/api/features', access: 'user', routes: featureRoutes(deps, features) },
  { prefix: '/api/features', access: 'user', routes: routes.attachments },
  { prefix: '/api/features', access: 'user', routes: routes.search },
  { prefix: '/api/features', access: 'user', routes: routes.exports },
  { prefix: '/api/features', access: 'download', routes: routes.exportDownloads },
  { prefix: '/api/features/remapindex', access: 'admin', routes: routes.remapIndex },
]

const featureRoutes =
  ({ db, auth }: AppDeps, service: FeatureService): FastifyPluginAsyncZod =>
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
      async (request) => geometries.searchCoord(db, callerOf(auth, request).user, request.body),
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
      async (request) => geometries.labels(db, callerOf(auth, request).user, request.body.items),
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
      async (request) => service.attributes(db, callerOf(auth, request).user, request.params.layer),
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
          callerOf(auth, request).user,
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
          callerOf(auth, request).user,
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
          callerOf(auth, request).user,
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
            'Inserts a feature (createFeature): `geom` as WKT or GeoJSON (a geometry or a Feature, EPSG:4326); 201 with the feature and its address in Location; 400 with every field error; 202 with the approval when the caller submits this layer for review',
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
            'Updates the attributes sent (and the geometry, WKT or GeoJSON, with ?geom=true) from the version loaded (updateFeature); the body a GET answers is accepted back (`layer` and `id` must equal the path, else 400); 409 with both versions when the feature changed meanwhile; 202 with the approval when the caller submits this layer for review',
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
        const { layer, id, ...body } = request.body
        refuseOtherPath(request.params, { layer, id })
        try {
          const feature = await service.updateFeature(
            db,
            callerOf(auth, request),
            request.params.layer,
            request.params.id,
            body,
            request.query.geom,
          )
          return isSubmittedForApproval(feature) ? sendSubmitted(reply, feature) : feature
        } catch (err) {
          if (err instanceof FeatureConflict) {
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

/**
 * The `layer` and `id` of an update body (what a GET answered, sent back) must name the
 * feature of the path: a 400 on each that does not.
 */
function refuseOtherPath(
  path: { layer: string; id: number },
  body: { layer?: string; id?: number },
): void {
  const errors: FieldError[] = []
  for (const field of ['layer', 'id'] as const) {
    const value = body[field]
    if (value !== undefined && value !== path[field]) {
      errors.push({
        field,
        message: t('features.bodyPathMismatch', { field, value, path: path[field] }),
      })
    }
  }
  if (errors.length) throw new HttpError(400, t('features.validationErrors'), errors)
}
