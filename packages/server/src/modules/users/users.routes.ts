import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  pagingQuerySchema,
  registerRequestSchema,
  userCreateSchema,
  userRecordSchema,
  userUpdateSchema,
  workspaceStateSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { sendPage, toSqlPaging } from '../../http/paging'
import * as service from './users.service'
import * as sql from './users.sql'

const idParams = z.object({ id: z.coerce.number().int().positive() })
const ok = z.object({ ok: z.literal(true) })
const SORT_COLUMNS = {
  id: 'u.id',
  username: 'lower(u.username)',
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  sector: 'lower(u.sector)',
  active: 'u.active',
  admin: 'u.admin',
  createdAt: 'u.created_at',
}

export const usersRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/users/register',
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
        reply.code(201).header('location', `/api/users/${id}`)
        return { ok: true as const }
      },
    )

    app.get(
      '/api/users/exists',
      {
        schema: {
          tags: ['users'],
          summary: 'Whether a username is taken (ignoring case)',
          querystring: z.object({ username: z.string().trim().max(64).default('') }),
          response: { 200: z.object({ exists: z.boolean() }) },
        },
      },
      async (request) => ({
        exists: request.query.username
          ? await sql.usernameExists(db, request.query.username)
          : false,
      }),
    )

    app.post(
      '/api/users/workspace',
      {
        onRequest: auth.requireUser,
        bodyLimit: 1_048_576,
        schema: {
          tags: ['users'],
          summary: 'Saves the signed-in user’s workspace (at logout)',
          body: workspaceStateSchema,
          response: { 200: ok },
        },
      },
      async (request) => {
        await sql.saveWorkspace(db, auth.contextOf(request).user.id, request.body)
        return { ok: true as const }
      },
    )

    app.get(
      '/api/users/workspace',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['users'],
          summary: 'The signed-in user’s saved workspace (read at boot), or null',
          response: { 200: workspaceStateSchema.nullable() },
        },
      },
      async (request) => {
        const saved = await sql.readWorkspace(db, auth.contextOf(request).user.id)
        const parsed = workspaceStateSchema.safeParse(saved)
        return parsed.success ? parsed.data : null
      },
    )

    app.get(
      '/api/users',
      {
        onRequest: auth.requireAdmin,
        schema: {
          tags: ['users'],
          summary: 'Users (administrators); total in x-rowcount',
          querystring: pagingQuerySchema.extend({ query: z.string().trim().max(200).optional() }),
          response: { 200: z.array(userRecordSchema) },
        },
      },
      async (request, reply) => {
        const p = toSqlPaging(request.query, SORT_COLUMNS, 'username')
        const { rows, total } = await sql.listUsers(
          db,
          request.query.query,
          p.orderBy,
          p.limit,
          p.offset,
        )
        return sendPage(reply, rows.map(service.toUserRecord), total)
      },
    )

    app.post(
      '/api/users',
      {
        onRequest: auth.requireAdmin,
        schema: {
          tags: ['users'],
          summary: 'Creates a user (administrators); the new id ends the Location header',
          body: userCreateSchema,
          response: { 201: z.object({ id: z.number() }) },
        },
      },
      async (request, reply) => {
        const id = await service.createUser(db, request.body)
        reply.code(201).header('location', `/api/users/${id}`)
        return { id }
      },
    )

    app.get(
      '/api/users/:id',
      {
        onRequest: auth.requireAdmin,
        schema: { tags: ['users'], params: idParams, response: { 200: userRecordSchema } },
      },
      async (request) => service.getUser(db, request.params.id),
    )

    app.put(
      '/api/users/:id',
      {
        onRequest: auth.requireAdmin,
        schema: {
          tags: ['users'],
          summary: 'Updates a user (administrators); activation is `active`',
          params: idParams,
          body: userUpdateSchema,
          response: { 200: userRecordSchema },
        },
      },
      async (request) =>
        service.updateUser(db, auth.contextOf(request).user.id, request.params.id, request.body),
    )

    app.delete(
      '/api/users/:id',
      {
        onRequest: auth.requireAdmin,
        schema: { tags: ['users'], params: idParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.deleteUser(db, auth.contextOf(request).user.id, request.params.id)
        return reply.code(204).send(null)
      },
    )
  }
