import type {
  FieldDefinition,
  FieldRecord,
  SchemaRefresh,
  TableCreate,
  TableRecord,
} from '@gis/shared'
import { pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'
import { adminApi } from './admin-api'

/** Tables and fields of schema data (administrators). */
export const schemaApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listTables: build.query<Page<TableRecord>, PageArgs>({
      query: (args) => `/api/schema/tables?${pageQuery(args)}`,
      transformResponse: (rows: TableRecord[], meta) => toPage(rows, meta),
      providesTags: ['Tables'],
    }),
    createTable: build.mutation<{ name: string }, TableCreate>({
      query: (body) => ({ url: '/api/schema/tables', method: 'POST', body }),
      invalidatesTags: ['Tables', 'Unregistered'],
    }),
    deleteTable: build.mutation<null, string>({
      query: (name) => ({
        url: `/api/schema/tables/delete/${encodeURIComponent(name)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Tables', 'Unregistered'],
    }),
    listFields: build.query<FieldRecord[], string>({
      query: (table) => `/api/schema/fields/${encodeURIComponent(table)}`,
      providesTags: ['Fields'],
    }),
    addField: build.mutation<FieldRecord, { table: string; field: FieldDefinition }>({
      query: ({ table, field }) => ({
        url: `/api/schema/fields/${encodeURIComponent(table)}`,
        method: 'POST',
        body: field,
      }),
      invalidatesTags: ['Fields', 'Tables', 'Layers', 'Unregistered'],
    }),
    deleteField: build.mutation<null, { table: string; field: string }>({
      query: ({ table, field }) => ({
        url: `/api/schema/fields/${encodeURIComponent(table)}/${encodeURIComponent(field)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Fields', 'Tables', 'Layers', 'Unregistered'],
    }),
    refreshSchema: build.mutation<SchemaRefresh, void>({
      query: () => ({ url: '/api/schema/refresh', method: 'POST' }),
      invalidatesTags: ['Fields', 'Tables', 'Layers'],
    }),
  }),
})

export const {
  useListTablesQuery,
  useCreateTableMutation,
  useDeleteTableMutation,
  useListFieldsQuery,
  useAddFieldMutation,
  useDeleteFieldMutation,
  useRefreshSchemaMutation,
} = schemaApi
