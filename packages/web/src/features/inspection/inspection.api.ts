import type {
  BridgeDetail,
  BridgeFeatureCollection,
  BridgeRow,
  BridgeSearchBody,
  BridgeStatus,
  InspectionDetail,
  InspectionHistoryEntry,
  InspectionInput,
  InspectionSummary,
  InspectionType,
  InspectionTypeInput,
} from '@gis/shared/inspections'
import { api, toPage, type Page } from '../../api/base-api'

const BASE = '/api/inspections'

/**
 * The inspection monitoring calls (/api/inspections, docs/inspections.md). Everything a
 * recorded, approved or deleted inspection changes (counts, list, map, the bridge) is one tag.
 */
export const inspectionApi = api
  .enhanceEndpoints({ addTagTypes: ['Inspections', 'InspectionTypes'] })
  .injectEndpoints({
    endpoints: (build) => ({
      inspectionTypes: build.query<InspectionType[], void>({
        query: () => `${BASE}/types`,
        providesTags: ['InspectionTypes'],
      }),
      saveInspectionTypes: build.mutation<InspectionType[], InspectionTypeInput[]>({
        query: (body) => ({ url: `${BASE}/types`, method: 'PUT', body }),
        invalidatesTags: ['InspectionTypes', 'Inspections'],
      }),
      inspectionSummary: build.query<InspectionSummary, void>({
        query: () => `${BASE}/summary`,
        providesTags: ['Inspections'],
      }),
      searchBridges: build.query<Page<BridgeRow>, BridgeSearchBody>({
        query: (body) => ({ url: `${BASE}/bridges/search`, method: 'POST', body }),
        transformResponse: (rows: BridgeRow[], meta) => toPage(rows, meta),
        providesTags: ['Inspections'],
      }),
      bridgesGeojson: build.query<BridgeFeatureCollection, void>({
        query: () => `${BASE}/bridges.geojson`,
        providesTags: ['Inspections'],
      }),
      bridge: build.query<BridgeDetail, number>({
        query: (featureId) => `${BASE}/bridges/${featureId}`,
        providesTags: ['Inspections'],
      }),
      inspection: build.query<InspectionDetail, number>({
        query: (id) => `${BASE}/${id}`,
        providesTags: ['Inspections'],
      }),
      inspectionHistory: build.query<InspectionHistoryEntry[], number>({
        query: (id) => `${BASE}/${id}/history`,
        providesTags: ['Inspections'],
      }),
      createInspection: build.mutation<InspectionDetail, InspectionInput>({
        query: (body) => ({ url: BASE, method: 'POST', body }),
        invalidatesTags: ['Inspections'],
      }),
      updateInspection: build.mutation<InspectionDetail, { id: number; body: InspectionInput }>({
        query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
        invalidatesTags: ['Inspections'],
      }),
      reviewInspection: build.mutation<
        InspectionDetail,
        { id: number; action: 'approve' | 'reject' }
      >({
        query: ({ id, action }) => ({ url: `${BASE}/${id}/${action}`, method: 'POST' }),
        invalidatesTags: ['Inspections'],
      }),
      deleteInspection: build.mutation<void, number>({
        query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
        invalidatesTags: ['Inspections'],
      }),
    }),
  })

export const {
  useInspectionTypesQuery,
  useSaveInspectionTypesMutation,
  useInspectionSummaryQuery,
  useSearchBridgesQuery,
  useBridgesGeojsonQuery,
  useBridgeQuery,
  useInspectionQuery,
  useInspectionHistoryQuery,
  useCreateInspectionMutation,
  useUpdateInspectionMutation,
  useReviewInspectionMutation,
  useDeleteInspectionMutation,
} = inspectionApi

/** The address of an export (xlsx or kmz) with the list's status and filter, `?token=`. */
export function exportUrl(
  kind: 'xlsx' | 'kmz',
  token: string | null,
  status: BridgeStatus | '',
  filter: unknown,
): string {
  const q = new URLSearchParams()
  if (status) q.set('status', status)
  if (filter) q.set('filter', JSON.stringify(filter))
  if (token) q.set('token', token)
  const s = q.toString()
  return `${BASE}/export.${kind}${s ? `?${s}` : ''}`
}

/** A photo (or its thumbnail) of the content store, readable through `?token=`. */
export function contentUrl(contentId: number, token: string | null, thumbnail = false): string {
  const q = new URLSearchParams()
  if (token) q.set('token', token)
  if (thumbnail) q.set('thumbnail', '')
  const s = q.toString()
  return `/api/content/${contentId}${s ? `?${s}` : ''}`
}
