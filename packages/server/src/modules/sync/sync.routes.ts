import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  pagingQuerySchema,
  syncAddBodySchema,
  syncAddResultSchema,
  syncConfigBodySchema,
  syncConfigSchema,
  syncItemsPageSchema,
  syncLogSchema,
  syncPackageBodySchema,
  syncPackageSchema,
  syncQueueSchema,
  syncRemoveBodySchema,
  syncRunResultSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { created } from '../../http/created'
import { deleteByIdRoute, idParams, idSchema } from '../../http/params'
import { pagedRoute, sendPage } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import { syncJobHandler } from './sync.run'
import * as service from './sync.service'

const regulatorParam = z.object({ regulator: z.string().max(40) })

/**
 * Synchronisation packages (module artespSync; 404 while it is off). Any signed-in user lists
 * and creates packages and adds the features it reads (the search's SINCRONIZAR dialog);
 * administrators see a package's items and logs, change, empty, delete and run it, and set
 * the external server (spec 1 puts the package page and the queue under administrators).
 */
export const syncScopes = (deps: AppDeps, routes: IntegrationPathRoutes): RouteScope[] => {
  deps.jobs.register(service.SYNC_JOB, syncJobHandler(deps))
  return [
    { prefix: '/api/syncronization', access: 'user', routes: userRoutes(deps) },
    { prefix: '/api/syncronization', access: 'admin', routes: adminRoutes(deps) },
    { prefix: '/api/syncronization', access: 'download', routes: downloadRoutes(deps) },
    { prefix: '/api/integration', access: 'admin', routes: integrationRoutes(deps) },
    { prefix: '/api/integration', access: 'user', routes: routes.kmzItems },
    { prefix: '/api/integration', access: 'download', routes: routes.kmz },
    // The spec's log link of a run (an alias of /api/syncronization/{id}/logs/{logId}/download).
    { prefix: '/api/logs/integration', access: 'download', routes: integrationLogRoutes(deps) },
  ]
}

/**
 * The routes another module serves under /api/integration, which this module owns (every
 * scope under it is declared here); app.ts passes them in.
 */
export interface IntegrationPathRoutes {
  /** modules/export: the items of the regulator's KMZ. */
  kmzItems: FastifyPluginAsyncZod
  /** modules/export: the regulator's KMZ, a link the browser opens (`?token=`). */
  kmz: FastifyPluginAsyncZod
}

const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    pagedRoute(
      app,
      '/',
      {
        tags: ['sync'],
        summary: 'Synchronisation packages, newest first, paged (total in x-rowcount)',
        querystring: pagingQuerySchema,
        item: syncPackageSchema,
      },
      (request) => service.listPackages(deps, request.query),
    )

    app.post(
      '/',
      {
        schema: {
          tags: ['sync'],
          summary: 'Creates a package: 201, its address in Location',
          body: syncPackageBodySchema,
          response: { 201: syncPackageSchema },
        },
      },
      async (request, reply) => {
        const id = await service.createPackage(
          deps,
          callerOf(deps.auth, request).user,
          request.body.name,
        )
        return created(reply, `/api/syncronization/${id}`, service.getPackage(deps, id))
      },
    )

    app.post(
      '/:id/:layer/items',
      {
        schema: {
          tags: ['sync'],
          summary:
            "Adds the features of a readable layer that the search's filter tree (query) and/or the selected ids pick (features already in the package stay once)",
          params: idParams.extend({ layer: z.string().max(63) }),
          body: syncAddBodySchema,
          response: { 200: syncAddResultSchema },
        },
      },
      async (request) =>
        service.addItems(
          deps,
          callerOf(deps.auth, request).user,
          request.params.id,
          request.params.layer,
          request.body,
        ),
    )
  }

const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id',
      {
        schema: {
          tags: ['sync'],
          summary: 'One package: name, status, result message, synchronised and total items',
          params: idParams,
          response: { 200: syncPackageSchema },
        },
      },
      async (request) => service.getPackage(deps, request.params.id),
    )

    app.put(
      '/:id',
      {
        schema: {
          tags: ['sync'],
          summary: 'Renames a package',
          params: idParams,
          body: syncPackageBodySchema,
          response: { 200: syncPackageSchema },
        },
      },
      async (request) => service.renamePackage(deps, request.params.id, request.body.name),
    )

    deleteByIdRoute(
      app,
      '/:id',
      {
        tags: ['sync'],
        summary: 'Deletes a package, its items and logs (409 while queued or running)',
      },
      (request, id) => service.deletePackage(deps, id),
    )

    app.get(
      '/:id/items',
      {
        schema: {
          tags: ['sync'],
          summary: "A page of the package's items with their last result ({items, rowCount})",
          params: idParams,
          querystring: pagingQuerySchema,
          response: { 200: syncItemsPageSchema },
        },
      },
      async (request, reply) => {
        const page = await service.listItems(deps, request.params.id, request.query)
        return sendPage(reply, page, page.rowCount)
      },
    )

    app.post(
      '/:id/items/remove',
      {
        schema: {
          tags: ['sync'],
          summary: "Removes items of the package (a list of the items' ids)",
          params: idParams,
          body: syncRemoveBodySchema,
          response: { 200: z.object({ removed: z.number().int() }) },
        },
      },
      async (request) => service.removeItems(deps, request.params.id, request.body),
    )

    pagedRoute(
      app,
      '/:id/logs',
      {
        tags: ['sync'],
        summary: "The package's run logs, newest first by default (total in x-rowcount)",
        params: idParams,
        querystring: pagingQuerySchema,
        item: syncLogSchema,
      },
      (request) => service.listLogs(deps, request.params.id, request.query),
    )

    app.post(
      '/:id/run',
      {
        schema: {
          tags: ['sync'],
          summary:
            'Sends the package to the external server: a job (202); cannot be cancelled. 409 while queued, 400 when empty or no server is configured',
          params: idParams,
          response: { 202: syncRunResultSchema },
        },
      },
      async (request, reply) => sendRun(deps, request, reply, request.params.id),
    )
  }

/** Queues a package's run and answers 202 with the job (the package path and its alias). */
async function sendRun(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, id: number) {
  const jobId = await service.runPackage(deps, callerOf(deps.auth, request).user, id)
  return reply.code(202).send({ jobId })
}

/** Sends a run's log file as a text download (the package path and its alias). */
function sendLog(reply: FastifyReply, file: service.LogFile) {
  return reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
    )
    .header('cache-control', 'private, no-store')
    .header('content-length', String(file.size))
    .send(file.stream)
}

const downloadRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id/logs/:logId/download',
      {
        schema: {
          tags: ['sync'],
          summary: "A run's log file (administrators; bearer or ?token=)",
          params: idParams.extend({
            logId: idSchema,
          }),
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) =>
        sendLog(
          reply,
          await service.logFile(
            deps,
            callerOf(deps.auth, request).user,
            request.params.id,
            request.params.logId,
          ),
        ),
    )
  }

const integrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:regulator/config',
      {
        schema: {
          tags: ['sync'],
          summary:
            "The regulator's external server: url, whether a token is stored (never the token), layer names there",
          params: regulatorParam,
          response: { 200: syncConfigSchema },
        },
      },
      async (request) => service.getConfig(deps, request.params.regulator),
    )

    app.post(
      '/:regulator/config',
      {
        schema: {
          tags: ['sync'],
          summary:
            "Sets the regulator's external server: url, bearer token (absent keeps it, empty clears it), layer names there",
          params: regulatorParam,
          body: syncConfigBodySchema,
          response: { 200: syncConfigSchema },
        },
      },
      async (request) =>
        service.saveConfig(
          deps,
          callerOf(deps.auth, request).user,
          request.params.regulator,
          request.body,
        ),
    )

    app.get(
      '/:regulator/queue',
      {
        schema: {
          tags: ['sync'],
          summary:
            'Packages asked to run: the queued and running ones first, then the latest finished',
          params: regulatorParam,
          response: { 200: syncQueueSchema },
        },
      },
      async (request) => service.queue(deps, request.params.regulator),
    )

    app.post(
      '/:regulator/:id',
      {
        schema: {
          tags: ['sync'],
          summary:
            'The spec’s name of POST /api/syncronization/{id}/run: sends package {id} of the regulator (202 with the job)',
          params: regulatorParam.extend({ id: idSchema }),
          response: { 202: syncRunResultSchema },
        },
      },
      async (request, reply) => {
        await service.checkPackagesRegulator(deps, request.params.regulator)
        return sendRun(deps, request, reply, request.params.id)
      },
    )
  }

const integrationLogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:regulator/:id',
      {
        schema: {
          tags: ['sync'],
          summary:
            'The spec’s log link: the run log {id} of a regulator’s package (administrators; bearer or ?token=), as GET /api/syncronization/{package}/logs/{id}/download',
          params: regulatorParam.extend({ id: idSchema }),
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) =>
        sendLog(
          reply,
          await service.logFileById(
            deps,
            callerOf(deps.auth, request).user,
            request.params.regulator,
            request.params.id,
          ),
        ),
    )
  }
