import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  EXPORT_DIRECT_MAX_ROWS,
  exportBodySchema,
  exportParametersSchema,
  type ExportParameters,
  exportQuerySchema,
  kmzQuerySchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { sendFile } from '../../http/send-file'
import { FILE_COMPRESSION } from '../../http/compression'
import * as service from './export.service'
import { kmzExport, kmzItems, type KmzScope } from './kmz.service'

const layerParam = z.object({ layer: z.string().max(63) })

/**
 * The exports of the search (spec 2 §2.3 'Exportar relatório', spec 3 §7): a job with
 * progress whose file lands in the user's downloads, and three direct downloads of the same
 * export (bearer, or `?token=` for what the browser opens by itself). The job and its file
 * are served with the reports' repository (modules/reports/jobs.routes.ts).
 */
export const exportRoutes = (deps: AppDeps): ExportRoutes => {
  deps.jobs.register(service.EXPORT_JOB, service.exportJobHandler(deps))
  return {
    features: { user: featureReportRoutes(deps), download: browserReportRoutes(deps) },
    integration: { user: kmzItemRoutes(deps), download: kmzRoutes(deps) },
  }
}

/**
 * The export's routes by the prefix they are served under and their access; the prefixes
 * belong to other modules (/api/features: features, /api/integration: sync), and app.ts
 * passes these routes to them.
 */
export interface ExportRoutes {
  features: { user: FastifyPluginAsyncZod; download: FastifyPluginAsyncZod }
  integration: { user: FastifyPluginAsyncZod; download: FastifyPluginAsyncZod }
}

const featureReportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/:layer/report',
      {
        schema: {
          tags: ['export'],
          summary:
            "Starts an export job of the rows a filter (or a selection) picks, with the chosen fields, in a format (xlsx by default) and an output coordinate system (srid: one of the served EPSG codes; default DXF/DGN the layer's SIRGAS 2000 / UTM zone, KML 4326, geojson-artesp 4674, others 4326); answers its id (follow it at /api/reports/jobs/{id}, download at /api/report/{id})",
          params: layerParam,
          querystring: exportQuerySchema,
          body: exportBodySchema,
          response: { 202: z.object({ id: z.number().int() }) },
        },
      },
      async (request, reply) => {
        const job = await service.startExport(
          deps,
          callerOf(deps.auth, request).user,
          request.params.layer,
          request.body,
          request.query.format,
        )
        reply.code(202).header('location', `/api/reports/jobs/${job.id}`)
        return job
      },
    )

    app.post(
      '/:layer/searchreport',
      {
        compress: FILE_COMPRESSION,
        schema: {
          tags: ['export'],
          summary: `The same export written during the request and answered as the file (at most ${EXPORT_DIRECT_MAX_ROWS} rows)`,
          params: layerParam,
          querystring: exportQuerySchema,
          body: exportBodySchema,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await service.directExport(
            deps,
            callerOf(deps.auth, request).user,
            request.params.layer,
            request.body,
            request.query.format,
          ),
        ),
    )
  }

const browserReportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    /** A direct export described by its parameters (a form's fields or a link's query). */
    const sendParametersExport = async (
      request: FastifyRequest,
      reply: FastifyReply,
      p: ExportParameters,
    ) =>
      sendFile(
        reply,
        await service.directExport(
          deps,
          callerOf(deps.auth, request).user,
          p.layer,
          service.parametersToBody(p),
          p.format,
        ),
      )

    // A form the browser posts by itself (fields as text, the filter as JSON text).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_048_576 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))))
      },
    )

    app.post(
      '/createreport',
      {
        compress: FILE_COMPRESSION,
        schema: {
          tags: ['export'],
          summary:
            'A direct export posted as a form by the browser (token in the query): layer, format, fields (comma-separated), filter (JSON), ids, sort, order, srid',
          querystring: z.object({ token: z.string().max(200).optional() }),
          body: exportParametersSchema,
        },
      },
      async (request, reply) => sendParametersExport(request, reply, request.body),
    )

    app.get(
      '/parametersreport',
      {
        compress: FILE_COMPRESSION,
        schema: {
          tags: ['export'],
          summary:
            'A direct export described by the query (a link the browser opens): layer, format, fields, filter (JSON), ids, sort, order, srid, token',
          querystring: exportParametersSchema,
        },
      },
      async (request, reply) => sendParametersExport(request, reply, request.query),
    )
  }

const regulatorParam = z.object({ regulator: z.string().max(40) })

/** The regulator's KMZ (module artespKmz): its items, then the file of the chosen ones. */
const kmzItemRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:regulator/kmz/items',
      {
        schema: {
          tags: ['export'],
          summary:
            "Items of the regulator's KMZ (the readable layers with geometry): key to label; 404 unless its module is on",
          params: regulatorParam,
          response: { 200: z.record(z.string(), z.string()) },
        },
      },
      async (request) =>
        kmzItems(deps, callerOf(deps.auth, request).user, request.params.regulator),
    )
  }

const kmzRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:regulator/kmz',
      {
        compress: FILE_COMPRESSION,
        schema: {
          tags: ['export'],
          summary:
            "The regulator's KMZ of the chosen items (comma-separated; live features only, a folder per item with features), a link the browser opens with ?token=; for the item named by layer, only the ids (or the filter's matches) with the fields given",
          params: regulatorParam,
          querystring: kmzQuerySchema,
        },
      },
      async (request, reply) => {
        const q = request.query
        let scope: KmzScope | undefined
        if (q.layer) {
          const body = service.parametersToBody({
            layer: q.layer,
            format: 'kml',
            fields: q.fields ?? '',
            ...(q.filter ? { filter: q.filter } : {}),
            ...(q.ids ? { ids: q.ids } : {}),
          })
          scope = { layer: q.layer, fields: body.fields, ids: body.ids, filter: body.filter }
        }
        return sendFile(
          reply,
          await kmzExport(
            deps,
            callerOf(deps.auth, request).user,
            request.params.regulator,
            q.items
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
            scope,
          ),
        )
      },
    )
  }
