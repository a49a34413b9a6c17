import type {
  Attachment,
  Feature,
  FeatureAttribute,
  FeatureInsert,
  FeatureRef,
  FeatureGeometry,
  FeatureUpdate,
  GeometriesSearch,
  HistoryEntry,
  SearchCoord,
  SearchCoordResult,
} from '@gis/shared'
import { isSubmittedForApproval } from '@gis/shared'
import { api, pageQuery, toPage, type Page, type PageArgs } from './base-api'

const path = ({ layer, id }: FeatureRef) => `/api/features/${encodeURIComponent(layer)}/${id}`
const keyOf = ({ layer, id }: FeatureRef) => `${layer}:${id}`

/**
 * The features API, shared by the feature window, the attribute form, the geometry editor and
 * the approvals review: one feature, its attachments and its history (each cached per layer
 * and feature), and the writes, which refresh what they change.
 */
export const featuresApi = api
  .enhanceEndpoints({
    addTagTypes: ['Feature', 'FeatureAttachments', 'FeatureHistory', 'FeatureLabels'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getFeature: build.query<Feature, FeatureRef>({
        query: (ref) => path(ref),
        providesTags: (_r, _e, ref) => [{ type: 'Feature', id: keyOf(ref) }],
      }),
      getFeatureAttributes: build.query<FeatureAttribute[], string>({
        query: (layer) => `/api/features/${encodeURIComponent(layer)}/attributes`,
        keepUnusedDataFor: 600,
      }),
      insertFeature: build.mutation<Feature, { layer: string; body: FeatureInsert }>({
        query: ({ layer, body }) => ({
          url: `/api/features/${encodeURIComponent(layer)}`,
          method: 'POST',
          body,
        }),
      }),
      updateFeature: build.mutation<Feature, FeatureRef & { body: FeatureUpdate; geom?: boolean }>({
        query: ({ body, geom, ...ref }) => ({
          url: `${path(ref)}?geom=${geom ? 'true' : 'false'}`,
          method: 'PUT',
          body,
        }),
        // The answer is the feature as saved: the cache takes it, the history changed. A
        // moderated user's change went to review instead (202, isSubmittedForApproval): the
        // feature did not change. A refused save is the caller's (the form shows it).
        async onQueryStarted(ref, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }))
          if (!data || isSubmittedForApproval(data)) return
          dispatch(
            featuresApi.util.upsertQueryData('getFeature', { layer: ref.layer, id: ref.id }, data),
          )
        },
        // A new value of the display field renames the feature in lists.
        invalidatesTags: (_r, _e, ref) => [
          { type: 'FeatureHistory', id: keyOf(ref) },
          'FeatureLabels',
        ],
      }),
      deleteFeature: build.mutation<Feature, FeatureRef>({
        query: (ref) => ({ url: path(ref), method: 'DELETE' }),
        invalidatesTags: (_r, _e, ref) => [
          { type: 'Feature', id: keyOf(ref) },
          { type: 'FeatureHistory', id: keyOf(ref) },
        ],
      }),
      undeleteFeature: build.mutation<Feature, FeatureRef>({
        query: (ref) => ({ url: `${path(ref)}/undelete`, method: 'PATCH' }),
        invalidatesTags: (_r, _e, ref) => [
          { type: 'Feature', id: keyOf(ref) },
          { type: 'FeatureHistory', id: keyOf(ref) },
        ],
      }),
      getAttachments: build.query<{ rows: Attachment[]; maxBytes: number | null }, FeatureRef>({
        query: (ref) => `${path(ref)}/attachments`,
        transformResponse: (rows: Attachment[], meta) => {
          const max = Number(meta?.headers.get('x-attachment-max-bytes'))
          return { rows, maxBytes: Number.isFinite(max) && max > 0 ? max : null }
        },
        providesTags: (_r, _e, ref) => [{ type: 'FeatureAttachments', id: keyOf(ref) }],
      }),
      deleteAttachment: build.mutation<void, FeatureRef & { attachmentId: number }>({
        query: ({ attachmentId }) => ({
          url: `/api/attachments/${attachmentId}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_r, _e, ref) => [{ type: 'FeatureAttachments', id: keyOf(ref) }],
      }),
      /** The geometry editor: live features of a layer in a box (EPSG:4326). */
      searchGeometries: build.mutation<
        FeatureGeometry[],
        { layer: string; body: GeometriesSearch }
      >({
        query: ({ layer, body }) => ({
          url: `/api/features/${encodeURIComponent(layer)}/geometries/search`,
          method: 'POST',
          body,
        }),
      }),
      /** The geometry editor's pick: the feature nearest a point. */
      searchCoord: build.mutation<SearchCoordResult[], SearchCoord>({
        query: (body) => ({ url: '/api/features/searchcoord', method: 'POST', body }),
      }),
      getHistory: build.query<Page<HistoryEntry>, FeatureRef & PageArgs>({
        query: ({ layer, id, ...paging }) =>
          `/api/audit/${encodeURIComponent(layer)}/${id}?${pageQuery(paging)}`,
        transformResponse: (rows: HistoryEntry[], meta) => toPage(rows, meta),
        providesTags: (_r, _e, ref) => [{ type: 'FeatureHistory', id: keyOf(ref) }],
      }),
    }),
  })

/** The tags of one feature: Atualizar invalidates them all. */
export function featureTags(ref: FeatureRef) {
  const id = keyOf(ref)
  return [
    { type: 'Feature' as const, id },
    { type: 'FeatureAttachments' as const, id },
    { type: 'FeatureHistory' as const, id },
  ]
}

/** The upload address of a feature's attachments (multipart through useUpload). */
export const attachmentsPath = (ref: FeatureRef) => `${path(ref)}/attachments`

export const {
  useGetFeatureQuery,
  useGetFeatureAttributesQuery,
  useInsertFeatureMutation,
  useUpdateFeatureMutation,
  useDeleteFeatureMutation,
  useUndeleteFeatureMutation,
  useGetAttachmentsQuery,
  useDeleteAttachmentMutation,
  useGetHistoryQuery,
  useSearchGeometriesMutation,
  useSearchCoordMutation,
} = featuresApi
