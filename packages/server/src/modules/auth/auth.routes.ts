import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  loginRecordSchema,
  loginRequestSchema,
  pagingQuerySchema,
  sessionUserSchema,
} from '@gis/shared'
import { layerPermissions } from '../../auth/permissions'
import { sendPage, toSqlPaging } from '../../http/paging'
import type { AppDeps } from '../../app-deps'
import { login } from './auth.service'
import * as sql from './auth.sql'

const permissionFlagsSchema = z.object({
  readFeature: z.boolean(),
  updateFeature: z.boolean(),
  createFeature: z.boolean(),
  deleteFeature: z.boolean(),
  createFeatureAttachment: z.boolean(),
  readFeatureAttachment: z.boolean(),
  deleteFeatureAttachment: z.boolean(),
})

export const authRoutes =
  ({ db, auth, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Entrar: answers the user; active users also get `authorization: Bearer <token>`',
          body: loginRequestSchema,
          response: { 200: sessionUserSchema },
        },
      },
      async (request, reply) => {
        const outcome = await login(
          db,
          request.body,
          { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
          config.sessionTtlHours,
        )
        if (outcome.token) reply.header('authorization', `Bearer ${outcome.token}`)
        return outcome.user
      },
    )

    app.get(
      '/auth/validate',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Whether the session token is valid',
          response: { 200: z.object({ ok: z.literal(true), user: sessionUserSchema }) },
        },
      },
      async (request) => ({ ok: true as const, user: auth.contextOf(request).user }),
    )

    app.get(
      '/auth/permissions',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Administrator flag and per-layer permission flags',
          response: {
            200: z.object({
              admin: z.boolean(),
              layers: z.record(z.string(), permissionFlagsSchema),
            }),
          },
        },
      },
      async (request) => {
        const { user } = auth.contextOf(request)
        return { admin: user.admin, layers: await layerPermissions(db, user) }
      },
    )

    app.post(
      '/auth/logout',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Revokes the session token',
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) => {
        await sql.revokeSession(db, auth.contextOf(request).sessionId)
        return { ok: true as const }
      },
    )

    app.get(
      '/api/logins',
      {
        onRequest: auth.requireAdmin,
        schema: {
          tags: ['auth'],
          summary: 'Sign-ins: who, when and from where (administrators); total in x-rowcount',
          querystring: pagingQuerySchema,
          response: { 200: z.array(loginRecordSchema) },
        },
      },
      async (request, reply) => {
        const paging = toSqlPaging(
          request.query,
          { at: 'l.at', username: 'l.username', address: 'l.address', id: 'l.id' },
          '-at',
        )
        const { rows, total } = await sql.listLogins(
          db,
          paging.orderBy,
          paging.limit,
          paging.offset,
        )
        return sendPage(
          reply,
          rows.map((r) => ({
            id: r.id,
            userId: r.user_id,
            username: r.username,
            name: r.name,
            at: r.at.toISOString(),
            address: r.address,
            userAgent: r.user_agent,
          })),
          total,
        )
      },
    )
  }
