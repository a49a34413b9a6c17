import type { FilterGroup } from '@gis/shared/filters'
import type { ExportFormat } from '@gis/shared/search'
import type { ExportJob, FeatureGeometry, SampleValue, SearchResponse } from '@gis/shared'
import { api } from './base-api'

export interface SearchArgs {
  layer: string
  filter?: FilterGroup
  /** Only these ids (a selection). */
  ids?: number[]
  page: number
  limit: number
  sort?: string
  order?: 'asc' | 'desc'
}

export interface ExportArgs {
  layer: string
  format: ExportFormat
  fields: string[]
  filter?: FilterGroup
  ids?: number[]
  sort?: string
  order?: 'asc' | 'desc'
  /** Deleted features too, flagged in 'Excluído?' (else they are left out). */
  includeDeleted?: boolean
  /** The EPSG code of the geometries (one of SERVED_CRS); absent: the format's default. */
  srid?: number
}

function searchQuery({ page, limit, sort, order }: SearchArgs): string {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) })
  if (sort) q.set('sort', sort)
  if (order) q.set('order', order)
  return q.toString()
}

/**
 * The search window's calls (spec 2 §7.4, spec 3 §7): the paged feature search, the value
 * samples of the filter builder, the SQL of a filter ('Validar', developer mode), and the
 * export jobs ('Exportar relatório') followed until their file is ready. The search and the
 * samples also serve the file association, the inspections and the report parameters.
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchFeatures: build.query<SearchResponse, SearchArgs>({
      query: (args) => ({
        url: `/api/features/${encodeURIComponent(args.layer)}/search?${searchQuery(args)}`,
        method: 'POST',
        body: {
          ...(args.filter ? { filter: args.filter } : {}),
          ...(args.ids ? { ids: args.ids } : {}),
        },
      }),
      keepUnusedDataFor: 30,
    }),
    fieldSamples: build.query<SampleValue[], { layer: string; field: string; filter: string }>({
      query: ({ layer, field, filter }) =>
        `/api/features/${encodeURIComponent(layer)}/samples/${encodeURIComponent(field)}?${new URLSearchParams({ limit: '40', filter })}`,
      keepUnusedDataFor: 60,
    }),
    /** VER NO MAPA without a selection: the live features the filter matches (at most 10,000). */
    matchingGeometries: build.mutation<
      FeatureGeometry[],
      { layer: string; filter: FilterGroup | undefined }
    >({
      query: ({ layer, filter }) => ({
        url: `/api/features/${encodeURIComponent(layer)}/geometries/search`,
        method: 'POST',
        body: filter ? { query: filter } : {},
      }),
    }),
    filterSql: build.mutation<{ sql: string }, { layer: string; filter: FilterGroup | undefined }>({
      query: ({ layer, filter }) => ({
        url: `/api/debug/getquery/${encodeURIComponent(layer)}`,
        method: 'POST',
        body: filter ?? { type: 'group', operator: 'and', rules: [] },
      }),
    }),
    startExport: build.mutation<{ id: number }, ExportArgs>({
      query: ({ layer, format, ...body }) => ({
        url: `/api/features/${encodeURIComponent(layer)}/report?format=${encodeURIComponent(format)}`,
        method: 'POST',
        body,
      }),
    }),
    /** The regulator's KMZ items (module artespKmz): key to label. */
    kmzItems: build.query<Record<string, string>, string>({
      query: (regulator) => `/api/integration/${encodeURIComponent(regulator)}/kmz/items`,
    }),
    exportJob: build.query<ExportJob, number>({
      query: (id) => `/api/reports/jobs/${id}`,
      keepUnusedDataFor: 0,
    }),
  }),
})

export const {
  useSearchFeaturesQuery,
  useFieldSamplesQuery,
  useFilterSqlMutation,
  useMatchingGeometriesMutation,
  useStartExportMutation,
  useExportJobQuery,
  useKmzItemsQuery,
} = searchApi
