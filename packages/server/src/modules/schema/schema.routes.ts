import { z } from 'zod'
import {
  fieldDefinitionSchema,
  fieldRecordSchema,
  pagingQuerySchema,
  schemaRefreshSchema,
  tableCreateSchema,
  tableRecordSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { created } from '../../http/created'
import { pagedRoute } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import * as service from './schema.service'

const tableParams = z.object({ table: z.string().max(200) })

/** Tables and fields of schema data (administrators): spec 3 §7. */
export const schemaRoutes = ({ db }: AppDeps): RouteScope[] => [
  {
    prefix: '/api/schema',
    access: 'admin',
    routes: async (app) => {
      pagedRoute(
        app,
        '/tables',
        {
          tags: ['schema'],
          summary: 'Tables of schema data (layer or not), paged; total in x-rowcount',
          querystring: pagingQuerySchema.extend({
            query: z.string().trim().max(200).optional(),
          }),
          item: tableRecordSchema,
        },
        (request) => service.listTables(db, request.query),
      )

      app.post(
        '/tables',
        {
          schema: {
            tags: ['schema'],
            summary:
              'Creates a table with the system fields (id, uuid, geom, d_e_l_e_t_, m_o_d_i_f_), the given fields, indexes and the audit trigger',
            body: tableCreateSchema,
            response: { 201: z.object({ name: z.string() }) },
          },
        },
        async (request, reply) => {
          const name = await service.createTable(db, request.body)
          return created(reply, `/api/schema/tables/${name}`, { name })
        },
      )

      app.post(
        '/tables/delete/:table',
        {
          schema: {
            tags: ['schema'],
            summary: 'Drops a table that no layer uses (409 while a layer does)',
            params: tableParams,
            response: { 204: z.null() },
          },
        },
        async (request, reply) => {
          await service.deleteTable(db, request.params.table)
          return reply.code(204).send(null)
        },
      )

      app.get(
        '/fields/:table',
        {
          schema: {
            tags: ['schema'],
            summary: 'Columns of a table, system fields flagged',
            params: tableParams,
            response: { 200: z.array(fieldRecordSchema) },
          },
        },
        async (request) => service.listFields(db, request.params.table),
      )

      app.post(
        '/fields/:table',
        {
          schema: {
            tags: ['schema'],
            summary: 'Adds a field; a layer of the table gets it at once',
            params: tableParams,
            body: fieldDefinitionSchema,
            response: { 201: fieldRecordSchema },
          },
        },
        async (request, reply) => {
          const field = await service.addField(db, request.params.table, request.body)
          reply
            .code(201)
            .header('location', `/api/schema/fields/${request.params.table}/${field.name}`)
          return field
        },
      )

      app.delete(
        '/fields/:table/:field',
        {
          schema: {
            tags: ['schema'],
            summary: 'Drops a field (never a system field) and removes it from the layer',
            params: tableParams.extend({ field: z.string().max(200) }),
            response: { 204: z.null() },
          },
        },
        async (request, reply) => {
          await service.deleteField(db, request.params.table, request.params.field)
          return reply.code(204).send(null)
        },
      )

      app.post(
        '/refresh',
        {
          schema: {
            tags: ['schema'],
            summary:
              'Re-reads every layer table: catalogue fields follow the columns, missing triggers are attached, extents recomputed',
            response: { 200: schemaRefreshSchema },
          },
        },
        async () => service.refresh(db),
      )
    },
  },
]
