import type { ImportStatusBody } from '@gis/shared'
import { api, toPage, type Page } from '../../api/base-api'
import type {
  ImportConfig,
  ImportJob,
  ImportReport,
  ImportRow,
  ImportTemplate,
} from './dataloader-types'

/** The data-import wizard's calls (spec 2 §7.2). */
export const dataloaderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImport: build.query<ImportJob, number>({
      query: (id) => `/api/dataloader/${id}`,
    }),
    importStatus: build.query<ImportStatusBody, number>({
      query: (id) => `/api/dataloader/${id}/status`,
      keepUnusedDataFor: 0,
    }),
    cancelImport: build.mutation<ImportStatusBody, number>({
      query: (id) => ({ url: `/api/dataloader/${id}/cancel`, method: 'POST' }),
    }),
    undoImport: build.mutation<{ id: number; status: string }, number>({
      query: (id) => ({ url: `/api/dataloader/${id}/undo`, method: 'POST' }),
    }),
    importReport: build.query<ImportReport, { id: number; run: number }>({
      query: ({ id }) => `/api/dataloader/${id}/report`,
      keepUnusedDataFor: 0,
    }),
    importData: build.query<
      Page<ImportRow>,
      { id: number; page: number; limit: number; run: number }
    >({
      query: ({ id, page, limit }) => `/api/dataloader/${id}/data?page=${page}&limit=${limit}`,
      transformResponse: (body: { data: ImportRow[] }, meta) => toPage(body.data, meta),
      keepUnusedDataFor: 0,
    }),
    executeImport: build.mutation<{ id: number }, { id: number; config: ImportConfig }>({
      query: ({ id, config }) => ({
        url: `/api/dataloader/${id}/execute`,
        method: 'POST',
        body: config,
      }),
    }),
    deleteImport: build.mutation<void, number>({
      query: (id) => ({ url: `/api/dataloader/${id}`, method: 'DELETE' }),
    }),
    listTemplates: build.query<
      Page<ImportTemplate>,
      { page: number; limit: number; sort: string; search: string }
    >({
      query: ({ page, limit, sort, search }) =>
        `/api/dataloader/templates?${new URLSearchParams({ page: String(page), limit: String(limit), sort, ...(search ? { search } : {}) })}`,
      transformResponse: (rows: ImportTemplate[], meta) => toPage(rows, meta),
      keepUnusedDataFor: 0,
    }),
    saveTemplate: build.mutation<
      { id: number },
      { name: string; description: string; isPublic: boolean; metadata: ImportConfig }
    >({
      query: (body) => ({ url: '/api/dataloader/templates', method: 'POST', body }),
    }),
    deleteTemplate: build.mutation<void, number>({
      query: (id) => ({ url: `/api/dataloader/templates/${id}`, method: 'DELETE' }),
    }),
  }),
})

export const {
  useGetImportQuery,
  useImportStatusQuery,
  useCancelImportMutation,
  useUndoImportMutation,
  useImportReportQuery,
  useImportDataQuery,
  useExecuteImportMutation,
  useDeleteImportMutation,
  useListTemplatesQuery,
  useSaveTemplateMutation,
  useDeleteTemplateMutation,
} = dataloaderApi
