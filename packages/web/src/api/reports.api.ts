import type {
  ExportJob,
  RenderedReport,
  ContentItem,
  ReportNode,
  ReportRecord,
  ReportRunBody,
  ReportSaveBody,
} from '@gis/shared'
import { api, pageQuery, toPage, type Page, type PageArgs } from './base-api'

/**
 * The reports' API with its own tags: the template tree, templates, jobs and the image library
 * (the reports window and the template designer share it).
 */
export const reportsApi = api
  .enhanceEndpoints({
    addTagTypes: ['ReportTree', 'ReportTemplate', 'ReportJobs', 'ReportContents'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The template folder tree (spec 3 §7 GET /api/reports); `all` in developer mode. */
      reportTree: build.query<ReportNode[], { all?: boolean } | void>({
        query: (args) => `/api/reports${args?.all ? '?all=true' : ''}`,
        providesTags: ['ReportTree'],
      }),
      simpleReports: build.query<ReportNode[], void>({
        query: () => '/api/reports/simple',
        providesTags: ['ReportTree'],
      }),
      reportTemplate: build.query<ReportRecord, number>({
        query: (id) => `/api/reports/json/${id}`,
        providesTags: (_r, _e, id) => [{ type: 'ReportTemplate', id }],
      }),
      createTemplate: build.mutation<ReportRecord, ReportSaveBody>({
        query: (body) => ({ url: '/api/reports/templates', method: 'POST', body }),
        invalidatesTags: ['ReportTree'],
      }),
      updateTemplate: build.mutation<ReportRecord, { id: number; body: ReportSaveBody }>({
        query: ({ id, body }) => ({ url: `/api/reports/templates/${id}`, method: 'PUT', body }),
        invalidatesTags: (_r, _e, { id }) => ['ReportTree', { type: 'ReportTemplate', id }],
      }),
      deleteTemplate: build.mutation<void, number>({
        query: (id) => ({ url: `/api/reports/templates/${id}`, method: 'DELETE' }),
        invalidatesTags: ['ReportTree'],
      }),
      /** Starts a report job (spec 3 §7 POST /api/reports/{id}). */
      runReport: build.mutation<{ id: number }, { id: number; body: ReportRunBody }>({
        query: ({ id, body }) => ({ url: `/api/reports/${id}`, method: 'POST', body }),
        invalidatesTags: ['ReportJobs'],
      }),
      previewReport: build.mutation<RenderedReport, { id: number; body: ReportRunBody }>({
        query: ({ id, body }) => ({ url: `/api/reports/${id}/preview`, method: 'POST', body }),
      }),
      /** The repository: the caller's jobs, newest first (x-rowcount). */
      reportJobs: build.query<Page<ExportJob>, PageArgs>({
        query: (args) => `/api/reports/jobs?${pageQuery(args)}`,
        transformResponse: (rows: ExportJob[], meta) => toPage(rows, meta),
        providesTags: ['ReportJobs'],
      }),
      reportJob: build.query<ExportJob, number>({
        query: (id) => `/api/reports/jobs/${id}`,
        keepUnusedDataFor: 0,
      }),
      /** The report image library: the content store's tag 'reports/imagens'. */
      reportContents: build.query<Page<ContentItem>, PageArgs & { tag: string }>({
        query: ({ tag, ...args }) =>
          `/api/content/tag/${encodeURIComponent(tag)}?${pageQuery(args)}`,
        transformResponse: (rows: ContentItem[], meta) => toPage(rows, meta),
        providesTags: ['ReportContents'],
      }),
    }),
  })

export const {
  useReportTreeQuery,
  useSimpleReportsQuery,
  useReportTemplateQuery,
  useLazyReportTemplateQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
  useRunReportMutation,
  usePreviewReportMutation,
  useReportJobsQuery,
  useReportJobQuery,
  useReportContentsQuery,
} = reportsApi
