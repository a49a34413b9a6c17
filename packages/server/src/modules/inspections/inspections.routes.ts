import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  bridgeDetailSchema,
  bridgeFeatureCollectionSchema,
  bridgeSearchBodySchema,
  bridgeSearchResponseSchema,
  inspectionDetailSchema,
  inspectionExportQuerySchema,
  inspectionHistorySchema,
  inspectionInputSchema,
  inspectionSummarySchema,
  inspectionTypesInputSchema,
  inspectionTypesSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { requireModule } from '../../auth/modules'
import { idParams, idSchema } from '../../http/params'
import { sendPage } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import { sendFile } from '../../http/send-file'
import { exportKmz, exportXlsx } from './inspections-export'
import { searchBridges, summary } from './inspections-register'
import * as service from './inspections.service'

const TAGS = ['inspections']
const MODULE = 'oaeInspections'
const reviewBody = z.strictObject({ reason: z.string().trim().max(500).optional() }).optional()

/**
 * Inspection monitoring (module oaeInspections, docs/inspections.md): /api/inspections.
 * Signed-in users read (readFeature on the inspection layer) and record (updateFeature);
 * administrators edit the types, approve, reject and delete; the exports are downloads
 * (bearer or ?token=). With the module off nothing here exists: a Portuguese 404.
 */
export const inspectionsScopes = (deps: AppDeps): RouteScope[] => [
  { prefix: '/api/inspections', access: 'user', routes: userRoutes(deps) },
  { prefix: '/api/inspections', access: 'admin', routes: adminRoutes(deps) },
  { prefix: '/api/inspections', access: 'download', routes: downloadRoutes(deps) },
]

const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auth } = deps
    app.addHook('onRequest', requireModule(deps, MODULE))

    app.get(
      '/types',
      {
        schema: {
          tags: TAGS,
          summary:
            'The inspection types in order, with their periodicity in months (null: not periodic)',
          response: { 200: inspectionTypesSchema },
        },
      },
      async () => service.listTypes(db),
    )

    app.get(
      '/summary',
      {
        schema: {
          tags: TAGS,
          summary:
            'Counts of the readable bridges by status and worst note, overdue by type, inspections per year',
          response: { 200: inspectionSummarySchema },
        },
      },
      async (request) => summary(db, callerOf(auth, request).user),
    )

    app.post(
      '/bridges/search',
      {
        schema: {
          tags: TAGS,
          summary: 'One page of the bridges a filter tree and statuses select, total in x-rowcount',
          body: bridgeSearchBodySchema,
          response: { 200: bridgeSearchResponseSchema },
        },
      },
      async (request, reply) => {
        const { rows, total } = await searchBridges(db, callerOf(auth, request).user, request.body)
        return sendPage(reply, rows, total)
      },
    )

    app.get(
      '/bridges.geojson',
      {
        schema: {
          tags: TAGS,
          summary: 'The readable bridges as GeoJSON points (EPSG:4326) with their register row',
          response: { 200: bridgeFeatureCollectionSchema },
        },
      },
      async (request) => service.bridgesGeoJson(db, callerOf(auth, request).user),
    )

    app.get(
      '/bridges/:featureId',
      {
        schema: {
          tags: TAGS,
          summary: "A bridge's row, its inspections (newest first), dues per type and note trend",
          params: z.object({ featureId: idSchema }),
          response: { 200: bridgeDetailSchema },
        },
      },
      async (request) =>
        service.bridgeDetail(db, callerOf(auth, request).user, request.params.featureId),
    )

    app.post(
      '/',
      {
        schema: {
          tags: TAGS,
          summary: 'Records an inspection: ACCEPTED, or PENDING for a moderated user',
          body: inspectionInputSchema,
          response: { 201: inspectionDetailSchema },
        },
      },
      async (request, reply) => {
        const detail = await service.createInspection(db, callerOf(auth, request), request.body)
        reply.header('location', `/api/inspections/${detail.id}`)
        return reply.code(201).send(detail)
      },
    )

    app.get(
      '/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'One inspection with its anomalies and photos',
          params: idParams,
          response: { 200: inspectionDetailSchema },
        },
      },
      async (request) =>
        service.inspectionDetail(db, callerOf(auth, request).user, request.params.id),
    )

    app.put(
      '/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Changes an inspection (its creator while PENDING, or an administrator)',
          params: idParams,
          body: inspectionInputSchema,
          response: { 200: inspectionDetailSchema },
        },
      },
      async (request) =>
        service.updateInspection(db, callerOf(auth, request), request.params.id, request.body),
    )

    app.get(
      '/:id/history',
      {
        schema: {
          tags: TAGS,
          summary: "An inspection's history, newest first",
          params: idParams,
          response: { 200: inspectionHistorySchema },
        },
      },
      async (request) =>
        service.inspectionHistory(db, callerOf(auth, request).user, request.params.id),
    )
  }

const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auth } = deps
    app.addHook('onRequest', requireModule(deps, MODULE))

    app.put(
      '/types',
      {
        schema: {
          tags: TAGS,
          summary: 'Replaces the inspection types (a type with inspections cannot be removed)',
          body: inspectionTypesInputSchema,
          response: { 200: inspectionTypesSchema },
        },
      },
      async (request) => service.saveTypes(db, request.body),
    )

    for (const [path, decision] of [
      ['/:id/approve', 'APPROVE'],
      ['/:id/reject', 'REJECT'],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags: TAGS,
            summary:
              decision === 'APPROVE'
                ? 'Approves a pending inspection (the bridge follows it)'
                : 'Rejects a pending inspection',
            params: idParams,
            body: reviewBody,
            response: { 200: inspectionDetailSchema },
          },
        },
        async (request) =>
          service.review(
            db,
            callerOf(auth, request),
            request.params.id,
            decision,
            request.body?.reason,
          ),
      )
    }

    app.delete(
      '/:id',
      {
        schema: { tags: TAGS, summary: 'Deletes an inspection (soft)', params: idParams },
      },
      async (request, reply) => {
        await service.deleteInspection(db, callerOf(auth, request), request.params.id)
        return reply.code(204).send()
      },
    )
  }

const downloadRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auth } = deps
    app.addHook('onRequest', requireModule(deps, MODULE))

    app.get(
      '/export.xlsx',
      {
        schema: {
          tags: TAGS,
          summary:
            'The register as xlsx: one row per bridge (status comma separated, filter as JSON)',
          querystring: inspectionExportQuerySchema,
        },
      },
      async (request, reply) =>
        sendFile(reply, await exportXlsx(db, callerOf(auth, request).user, request.query)),
    )

    app.get(
      '/export.kmz',
      {
        onRequest: requireModule(deps, 'artespKmz'),
        schema: {
          tags: TAGS,
          summary: "The register as the regulator's KMZ (module artespKmz)",
          querystring: inspectionExportQuerySchema,
        },
      },
      async (request, reply) =>
        sendFile(reply, await exportKmz(db, callerOf(auth, request).user, request.query)),
    )
  }
