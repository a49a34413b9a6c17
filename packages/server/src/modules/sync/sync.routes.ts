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
import { sendPage } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import { syncJobHandler } from './sync.run'
import * as service from './sync.service'

const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
const regulatorParam = z.object({ regulator: z.string().max(40) })

/**
 * Synchronisation packages (module artespSync; 404 while it is off). Any signed-in user lists
 * and creates packages and adds the features it reads (the search's SINCRONIZAR dialog);
 * administrators see a package's items and logs, change, empty, delete and run it, and set
 * the external server (spec 1 puts the package page and the queue under administrators).
 */
export const syncScopes = (deps: AppDeps): RouteScope[] => {
  deps.jobs.register(service.SYNC_JOB, syncJobHandler(deps))
  return [
    { prefix: '/api/syncronization', access: 'user', routes: userRoutes(deps) },
    { prefix: '/api/syncronization', access: 'admin', routes: adminRoutes(deps) },
    { prefix: '/api/syncronization', access: 'download', routes: downloadRoutes(deps) },
    { prefix: '/api/integration', access: 'admin', routes: integrationRoutes(deps) },
  ]
}

const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags: ['sync'],
          summary: 'Synchronisation packages, newest first, paged (total in x-rowcount)',
          querystring: pagingQuerySchema,
          response: { 200: z.array(syncPackageSchema) },
        },
      },
      async (request, reply) => {
        const page = await service.listPackages(deps, request.query)
        return sendPage(reply, page.rows, page.total)
      },
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
          deps.auth.contextOf(request).user,
          request.body.name,
        )
        reply.code(201).header('location', `/api/syncronization/${id}`)
        return service.getPackage(deps, id)
      },
    )

    app.post(
      '/:id/:layer/items',
      {
        schema: {
          tags: ['sync'],
          summary:
            "Adds the features of a readable layer that the search's filter tree (query) and/or the selected ids pick (features already in the package stay once)",
          params: idParam.extend({ layer: z.string().max(63) }),
          body: syncAddBodySchema,
          response: { 200: syncAddResultSchema },
        },
      },
      async (request) =>
        service.addItems(
          deps,
          deps.auth.contextOf(request).user,
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
          params: idParam,
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
          params: idParam,
          body: syncPackageBodySchema,
          response: { 200: syncPackageSchema },
        },
      },
      async (request) => service.renamePackage(deps, request.params.id, request.body.name),
    )

    app.delete(
      '/:id',
      {
        schema: {
          tags: ['sync'],
          summary: 'Deletes a package, its items and logs (409 while queued or running)',
          params: idParam,
        },
      },
      async (request, reply) => {
        await service.deletePackage(deps, request.params.id)
        return reply.code(204).send()
      },
    )

    app.get(
      '/:id/items',
      {
        schema: {
          tags: ['sync'],
          summary: "A page of the package's items with their last result ({items, rowCount})",
          params: idParam,
          querystring: pagingQuerySchema,
          response: { 200: syncItemsPageSchema },
        },
      },
      async (request, reply) => {
        const page = await service.listItems(deps, request.params.id, request.query)
        reply.header('x-rowcount', String(page.rowCount))
        return page
      },
    )

    app.post(
      '/:id/items/remove',
      {
        schema: {
          tags: ['sync'],
          summary: "Removes items of the package (a list of the items' ids)",
          params: idParam,
          body: syncRemoveBodySchema,
          response: { 200: z.object({ removed: z.number().int() }) },
        },
      },
      async (request) => service.removeItems(deps, request.params.id, request.body),
    )

    app.get(
      '/:id/logs',
      {
        schema: {
          tags: ['sync'],
          summary: "The package's run logs, newest first by default (total in x-rowcount)",
          params: idParam,
          querystring: pagingQuerySchema,
          response: { 200: z.array(syncLogSchema) },
        },
      },
      async (request, reply) => {
        const page = await service.listLogs(deps, request.params.id, request.query)
        return sendPage(reply, page.rows, page.total)
      },
    )

    app.post(
      '/:id/run',
      {
        schema: {
          tags: ['sync'],
          summary:
            'Sends the package to the external server: a job (202); cannot be cancelled. 409 while queued, 400 when empty or no server is configured',
          params: idParam,
          response: { 202: syncRunResultSchema },
        },
      },
      async (request, reply) => {
        const jobId = await service.runPackage(
          deps,
          deps.auth.contextOf(request).user,
          request.params.id,
        )
        return reply.code(202).send({ jobId })
      },
    )
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
          params: idParam.extend({
            logId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          }),
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const file = await service.logFile(
          deps,
          deps.auth.contextOf(request).user,
          request.params.id,
          request.params.logId,
        )
        return reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
          )
          .header('cache-control', 'private, no-store')
          .header('content-length', String(file.size))
          .send(file.stream)
      },
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
          deps.auth.contextOf(request).user,
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
  }
