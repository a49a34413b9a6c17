import { z } from 'zod'
import {
  groupInputSchema,
  groupMemberSchema,
  groupRecordSchema,
  membersUpdateSchema,
  pagingQuerySchema,
  permissionMatrixRowSchema,
  permissionsUpdateSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { created } from '../../http/created'
import { idParams } from '../../http/params'
import { pagedRoute } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as service from './groups.service'

/** Groups, their members and their flags on each layer (administrators). */
export const groupsRoutes = ({ db }: AppDeps): RouteScope[] => [
  {
    prefix: '/api/groups',
    access: 'admin',
    routes: async (app) => {
      pagedRoute(
        app,
        '',
        {
          tags: ['groups'],
          summary: 'Groups with their member and layer counts, paged; total in x-rowcount',
          querystring: pagingQuerySchema.extend({
            query: z.string().trim().max(200).optional(),
          }),
          item: groupRecordSchema,
        },
        (request) => service.listGroups(db, request.query),
      )

      app.post(
        '',
        {
          schema: {
            tags: ['groups'],
            summary: 'Creates a group; the new id ends the Location header',
            body: groupInputSchema,
            response: { 201: z.object({ id: z.number() }) },
          },
        },
        async (request, reply) => {
          const id = await service.createGroup(db, request.body)
          return created(reply, `/api/groups/${id}`, { id })
        },
      )

      app.get(
        '/:id',
        { schema: { tags: ['groups'], params: idParams, response: { 200: groupRecordSchema } } },
        async (request) => service.getGroup(db, request.params.id),
      )

      app.put(
        '/:id',
        {
          schema: {
            tags: ['groups'],
            params: idParams,
            body: groupInputSchema,
            response: { 200: groupRecordSchema },
          },
        },
        async (request) => service.updateGroup(db, request.params.id, request.body),
      )

      app.delete(
        '/:id',
        {
          schema: {
            tags: ['groups'],
            summary: 'Deletes a group: its members lose its flags on their next request',
            params: idParams,
            response: { 204: z.null() },
          },
        },
        async (request, reply) => {
          await service.deleteGroup(db, request.params.id)
          return reply.code(204).send(null)
        },
      )

      app.get(
        '/:id/permissions',
        {
          schema: {
            tags: ['groups'],
            summary: 'The permissions matrix: the group’s flags on every layer',
            params: idParams,
            response: { 200: z.array(permissionMatrixRowSchema) },
          },
        },
        async (request) => service.permissionMatrix(db, request.params.id),
      )

      app.put(
        '/:id/permissions',
        {
          schema: {
            tags: ['groups'],
            summary:
              'Replaces the group’s flags (readFeature … deleteFeatureAttachment, submitForReview); applies on the next request',
            params: idParams,
            body: permissionsUpdateSchema,
            response: { 200: z.array(permissionMatrixRowSchema) },
          },
        },
        async (request) => service.replacePermissions(db, request.params.id, request.body),
      )

      app.get(
        '/:id/members',
        {
          schema: {
            tags: ['groups'],
            params: idParams,
            response: { 200: z.array(groupMemberSchema) },
          },
        },
        async (request) => service.members(db, request.params.id),
      )

      app.put(
        '/:id/members',
        {
          schema: {
            tags: ['groups'],
            summary: 'Replaces the group’s members',
            params: idParams,
            body: membersUpdateSchema,
            response: { 200: z.array(groupMemberSchema) },
          },
        },
        async (request) => service.replaceMembers(db, request.params.id, request.body.userIds),
      )
    },
  },
]
