import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  APPROVALS_PAGE_SIZE,
  approvalAttachmentSchema,
  approvalConflictSchema,
  approvalDecideAllResultSchema,
  approvalDecideAllSchema,
  approvalItemFilterSchema,
  approvalItemSchema,
  approvalItemsPageSchema,
  approvalRejectSchema,
  approvalSchema,
  approvalsQuerySchema,
  featurePendingSchema,
  pagingQuerySchema,
  type ApprovalSubmit,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { idParams } from '../../http/params'
import { badRequest, forbidden } from '../../http/errors'
import { pagedRoute } from '../../http/paging'
import { sendStoredFile } from '../../http/send-file'
import type { RouteScope } from '../../http/scopes'
import { callerOf } from '../../auth/caller'
import * as decisions from './approvals.decisions'
import * as service from './approvals.service'
import * as submission from './approvals.submission'
import { pendingOfFeature } from './moderation'

/**
 * Approvals (spec 1 sections 2, 3 and 7; issue 14): any user submits changes for review
 * (`POST /api/approvals`); administrators list, read and decide them item by item.
 */
export const approvalsScopes = (deps: AppDeps): RouteScope[] => {
  const approvalDeps: service.ApprovalDeps = {
    db: deps.db,
    storage: deps.storage,
    maxBytes: deps.config.attachmentMaxMb * 1_048_576,
  }
  return [
    { prefix: '/api/approvals', access: 'user', routes: submitRoutes(deps, approvalDeps) },
    { prefix: '/api/approvals', access: 'admin', routes: reviewRoutes(deps) },
    { prefix: '/api/approvals', access: 'download', routes: downloadRoutes(deps, approvalDeps) },
  ]
}

const submitRoutes =
  ({ auth }: AppDeps, deps: service.ApprovalDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: deps.maxBytes + 1,
        files: 50,
        fields: 5,
        fieldSize: 4 * 1024 * 1024,
        parts: 60,
        headerPairs: 100,
      },
    })

    app.post(
      '/',
      {
        schema: {
          tags: ['approvals'],
          summary:
            'Submits changes for review: `{ description, items: [{ layerName, featureId?, action, data, geom?, version?, attachments: [{ part, description }] }] }` (the spec’s item names, as the review answers them; `layer` and `attributes` are read too, and must agree when both are sent; `geom` as WKT or GeoJSON, EPSG:4326) as JSON, or multipart/form-data with that JSON in `payload` and each file in the part an item names. Checked like direct edits (the action’s flag on each layer); an invalid item refuses all. 201 with the approval, its id at the end of Location',
          response: { 201: approvalSchema },
        },
      },
      async (request, reply) => {
        let body: unknown = request.body
        let files = new Map<string, submission.ReceivedFile>()
        if (request.isMultipart()) {
          ;({ body, files } = await submission.receiveMultipart(
            deps,
            () => request.parts() as AsyncIterable<submission.SubmitPart>,
          ))
        }
        let id: number
        try {
          id = await submission.submit(
            deps.db,
            callerOf(auth, request),
            body as ApprovalSubmit,
            files,
          )
        } catch (err) {
          await submission.discardFiles(deps.storage, files)
          throw err
        }
        reply.header('location', `/api/approvals/${id}`)
        return reply.code(201).send(await service.getApproval(deps.db, id))
      },
    )

    app.get(
      '/pending/:layer/:id',
      {
        schema: {
          tags: ['approvals'],
          summary:
            'How many changes of a feature await a decision (`pending`) and whether the caller’s edits of the layer go to review (`moderated`); readFeature on the layer',
          params: z.object({ layer: z.string().min(1).max(63) }).merge(idParams),
          response: { 200: featurePendingSchema },
        },
      },
      async (request) =>
        pendingOfFeature(
          deps.db,
          callerOf(auth, request).user,
          request.params.layer,
          request.params.id,
        ),
    )
  }

const reviewRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    pagedRoute(
      app,
      '/all',
      {
        tags: ['approvals'],
        summary:
          'The approvals (administrators): paged (50 a page by default), sorted (`-created` by default), `filter` over user and description; total in x-rowcount',
        querystring: pagingQuerySchema
          .extend({ limit: pagingQuerySchema.shape.limit.default(APPROVALS_PAGE_SIZE) })
          .merge(approvalsQuerySchema),
        item: approvalSchema,
      },
      (request) => service.listApprovals(db, request.query),
    )

    app.get(
      '/:id',
      {
        schema: {
          tags: ['approvals'],
          summary: 'One approval: description, user, times, counts and status (administrators)',
          params: idParams,
          response: { 200: approvalSchema },
        },
      },
      async (request) => service.getApproval(db, request.params.id),
    )

    app.get(
      '/:id/items',
      {
        schema: {
          tags: ['approvals'],
          summary:
            'One page of the approval’s items in submission order, filtered by action and status: data and rowCount',
          params: idParams,
          querystring: pagingQuerySchema.extend(approvalItemFilterSchema.shape),
          response: { 200: approvalItemsPageSchema },
        },
      },
      async (request) => service.listItems(db, request.params.id, request.query),
    )

    app.get(
      '/:id/attachments',
      {
        schema: {
          tags: ['approvals'],
          summary: 'The files kept with the approval’s items (id, content type, `src`)',
          params: idParams,
          response: { 200: z.array(approvalAttachmentSchema) },
        },
      },
      async (request) => service.listAttachments(db, request.params.id),
    )

    app.post(
      '/:id/decide',
      {
        schema: {
          tags: ['approvals'],
          summary:
            'Decides every pending item of the approval the filter (action) selects: approved in batches with the same rules as one by one (an UPDATE over a feature changed since stays pending, counted in `conflicts`), or rejected',
          params: idParams,
          body: approvalDecideAllSchema,
          response: { 200: approvalDecideAllResultSchema },
        },
      },
      async (request) =>
        service.decideAll(
          db,
          callerOf(auth, request),
          request.params.id,
          request.body.decision,
          { action: request.body.action },
          request.body.reason || null,
        ),
    )

    app.post(
      '/items/:id/approve',
      {
        schema: {
          tags: ['approvals'],
          summary:
            'Applies the item to its layer in one transaction (the audit names the submitter, approved_by the reviewer); 409 when decided already, or with the differences when the feature changed since submission (nothing applied)',
          params: idParams,
          response: { 200: approvalItemSchema, 409: approvalConflictSchema.partial() },
        },
      },
      async (request, reply) => {
        try {
          return await decisions.approveItem(db, callerOf(auth, request), request.params.id)
        } catch (err) {
          if (err instanceof decisions.ApprovalConflict) {
            return reply.code(409).send({
              message: err.message,
              current: err.current,
              differences: err.differences,
            })
          }
          throw err
        }
      },
    )

    app.post(
      '/items/:id/reject',
      {
        schema: {
          tags: ['approvals'],
          summary:
            'Rejects the item (optional reason): nothing is applied; 409 when decided already',
          params: idParams,
          response: { 200: approvalItemSchema },
        },
      },
      async (request) => {
        // The body is optional (a client may send none): read here, not by the route schema.
        const body = approvalRejectSchema.safeParse(request.body ?? {})
        if (!body.success) {
          throw badRequest(
            body.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
          )
        }
        return decisions.rejectItem(
          db,
          callerOf(auth, request),
          request.params.id,
          body.data.reason,
        )
      },
    )
  }

const downloadRoutes =
  ({ auth }: AppDeps, deps: service.ApprovalDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/attachments/:id',
      {
        schema: {
          tags: ['approvals'],
          summary:
            'A file kept with an item (administrators; `?token=` accepted): images inline, anything else as a download',
          params: idParams,
          querystring: z.object({ token: z.string().optional(), thumbnail: z.string().optional() }),
        },
      },
      async (request, reply) => {
        if (!callerOf(auth, request).user.admin) throw forbidden()
        return sendStoredFile(reply, await service.openKeptFile(deps, request.params.id))
      },
    )
  }
