import { z } from 'zod'
import {
  loginRecordSchema,
  loginRequestSchema,
  pagingQuerySchema,
  sessionUserSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { pagedRoute } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as service from './auth.service'

const permissionFlagsSchema = z.object({
  readFeature: z.boolean(),
  updateFeature: z.boolean(),
  createFeature: z.boolean(),
  deleteFeature: z.boolean(),
  createFeatureAttachment: z.boolean(),
  readFeatureAttachment: z.boolean(),
  deleteFeatureAttachment: z.boolean(),
})

/** Sign-in, the session, and the record of sign-ins. */
export const authRoutes = ({ db, auth, config }: AppDeps): RouteScope[] => [
  {
    prefix: '/auth',
    access: 'public',
    routes: async (app) => {
      app.post(
        '/login',
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
          const outcome = await service.login(
            db,
            request.body,
            { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
            config,
          )
          if (outcome.token) reply.header('authorization', `Bearer ${outcome.token}`)
          return outcome.user
        },
      )
    },
  },
  {
    prefix: '/auth',
    access: 'user',
    routes: async (app) => {
      app.get(
        '/validate',
        {
          schema: {
            tags: ['auth'],
            summary: 'Whether the session token is valid',
            response: { 200: z.object({ ok: z.literal(true), user: sessionUserSchema }) },
          },
        },
        async (request) => ({ ok: true as const, user: callerOf(auth, request).user }),
      )

      app.get(
        '/permissions',
        {
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
        async (request) => service.permissions(db, callerOf(auth, request).user),
      )

      app.post(
        '/logout',
        {
          schema: {
            tags: ['auth'],
            summary: 'Revokes the session token',
            response: { 200: z.object({ ok: z.literal(true) }) },
          },
        },
        async (request) => {
          await service.logout(db, callerOf(auth, request).sessionId)
          return { ok: true as const }
        },
      )
    },
  },
  {
    prefix: '/api/logins',
    access: 'admin',
    routes: async (app) => {
      pagedRoute(
        app,
        '',
        {
          tags: ['auth'],
          summary:
            'Sign-ins: who, when, from where, with browser and system (administrators); total in x-rowcount',
          querystring: pagingQuerySchema,
          item: loginRecordSchema,
        },
        (request) => service.listLogins(db, request.query),
      )
    },
  },
]
