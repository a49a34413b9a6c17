import { z } from 'zod'
import {
  adminUserCreateSchema,
  adminUserRecordSchema,
  adminUserUpdateSchema,
  pagingQuerySchema,
  registerRequestSchema,
  USER_STATUSES,
  workspaceStateSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { readAppConfig } from '../config/config.service'
import { created } from '../../http/created'
import { idParams } from '../../http/params'
import { pagedRoute } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as service from './users.service'

const ok = z.object({ ok: z.literal(true) })

/** Accounts: registration, the own workspace, and administration. */
export const usersRoutes = ({ db, auth, config, mailer }: AppDeps): RouteScope[] => [
  {
    prefix: '/api/users',
    access: 'public',
    routes: async (app) => {
      app.post(
        '/register',
        {
          schema: {
            tags: ['users'],
            summary:
              'Self-registration; the account stays inactive until an administrator activates it',
            body: registerRequestSchema,
            response: { 201: ok },
          },
        },
        async (request, reply) => {
          const id = await service.register(db, request.body, request.ip)
          return created(reply, `/api/users/${id}`, { ok: true as const })
        },
      )

      app.get(
        '/exists',
        {
          schema: {
            tags: ['users'],
            summary: 'Whether a username is taken (ignoring case); limited per address',
            querystring: z.object({ username: z.string().trim().max(64).default('') }),
            response: { 200: z.object({ exists: z.boolean() }) },
          },
        },
        async (request) => ({
          exists: await service.usernameExists(db, request.query.username, request.ip),
        }),
      )
    },
  },
  {
    prefix: '/api/users',
    access: 'user',
    routes: async (app) => {
      app.post(
        '/workspace',
        {
          bodyLimit: 1_048_576,
          schema: {
            tags: ['users'],
            summary: 'Saves the signed-in user’s workspace',
            body: workspaceStateSchema,
            response: { 200: ok },
          },
        },
        async (request) => {
          await service.saveWorkspace(db, callerOf(auth, request).user.id, request.body)
          return { ok: true as const }
        },
      )

      app.get(
        '/workspace',
        {
          schema: {
            tags: ['users'],
            summary: 'The signed-in user’s saved workspace (read at boot), or null',
            response: { 200: workspaceStateSchema.nullable() },
          },
        },
        async (request) => service.readWorkspace(db, callerOf(auth, request).user.id),
      )
    },
  },
  {
    prefix: '/api/users',
    access: 'admin',
    routes: async (app) => {
      pagedRoute(
        app,
        '',
        {
          tags: ['users'],
          summary:
            'Users (administrators) with their groups; `status=pending` is the activation queue of self-registered accounts; total in x-rowcount',
          querystring: pagingQuerySchema.extend({
            query: z.string().trim().max(200).optional(),
            status: z.enum(USER_STATUSES).optional(),
          }),
          item: adminUserRecordSchema,
        },
        (request) => service.listUsers(db, request.query),
      )

      app.post(
        '',
        {
          schema: {
            tags: ['users'],
            summary:
              'Creates a user (administrators) and its groups; the new id ends the Location header',
            body: adminUserCreateSchema,
            response: { 201: z.object({ id: z.number() }) },
          },
        },
        async (request, reply) => {
          const id = await service.createAdminUser(db, request.body)
          return created(reply, `/api/users/${id}`, { id })
        },
      )

      app.get(
        '/:id',
        {
          schema: { tags: ['users'], params: idParams, response: { 200: adminUserRecordSchema } },
        },
        async (request) => service.getAdminUser(db, request.params.id),
      )

      app.put(
        '/:id',
        {
          schema: {
            tags: ['users'],
            summary:
              'Updates a user (administrators): profile, password, groups; activation is `active` (the user is told by e-mail); administrators cannot deactivate or demote themselves',
            params: idParams,
            body: adminUserUpdateSchema,
            response: { 200: adminUserRecordSchema },
          },
        },
        async (request) => {
          const { projectName } = await readAppConfig(db, config)
          return service.updateUser(
            db,
            callerOf(auth, request).user.id,
            request.params.id,
            request.body,
            {
              mailer,
              projectName,
              loginUrl: `${config.publicUrl ?? `http://localhost:${config.port}`}/login`,
              onError: (err) => request.log.warn({ err }, 'activation mail failed'),
            },
          )
        },
      )

      app.delete(
        '/:id',
        { schema: { tags: ['users'], params: idParams, response: { 204: z.null() } } },
        async (request, reply) => {
          await service.deleteUser(db, callerOf(auth, request).user.id, request.params.id)
          return reply.code(204).send(null)
        },
      )
    },
  },
]
