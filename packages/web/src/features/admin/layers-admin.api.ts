import type {
  LayerGeometryType,
  LayerRecord,
  LayerRegister,
  LayerStyle,
  LayerTreeInput,
  LayerTreeNode,
  LayerUpdate,
  RemapResult,
  UnregisteredTable,
} from '@gis/shared'
import { pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'
import { adminApi } from './admin-api'

/**
 * Layer administration: the catalogue records (paged), tables that are not layers, register,
 * edit, delete (with the server's question when the layer has data), the legend preview,
 * remapindex and the layer tree editor.
 */
/** What adding or removing a layer changes: the layer lists, the tables, the tree and the permissions. */
const LAYER_SET_TAGS = [
  'Layers',
  'Unregistered',
  'Tables',
  'LayerTree',
  'Permissions',
  'GroupDetail',
] as const

export const layersAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listLayerRecords: build.query<Page<LayerRecord>, PageArgs>({
      query: (args) => `/api/layers?${pageQuery(args)}`,
      transformResponse: (rows: LayerRecord[], meta) => toPage(rows, meta),
      providesTags: ['Layers'],
    }),
    layerRecord: build.query<LayerRecord, number>({
      query: (id) => `/api/layers/${id}`,
      providesTags: ['Layers'],
    }),
    unregisteredTables: build.query<UnregisteredTable[], void>({
      query: () => '/api/layers/unregistered',
      providesTags: ['Unregistered'],
    }),
    registerLayer: build.mutation<LayerRecord, LayerRegister>({
      query: (body) => ({ url: '/api/layers', method: 'POST', body }),
      invalidatesTags: LAYER_SET_TAGS,
    }),
    updateLayer: build.mutation<LayerRecord, { id: number; layer: LayerUpdate }>({
      query: ({ id, layer }) => ({ url: `/api/layers/${id}`, method: 'PUT', body: layer }),
      invalidatesTags: ['Layers', 'LayerTree', 'GroupDetail'],
    }),
    deleteLayer: build.mutation<null, { id: number; confirm: boolean }>({
      query: ({ id, confirm }) => ({
        url: `/api/layers/${id}${confirm ? '?confirm=true' : ''}`,
        method: 'DELETE',
      }),
      invalidatesTags: LAYER_SET_TAGS,
    }),
    legendPreview: build.query<
      { image: string },
      { title: string; geometryType: LayerGeometryType; style: LayerStyle }
    >({
      query: (body) => ({ url: '/api/layers/legend-preview', method: 'POST', body }),
      keepUnusedDataFor: 30,
    }),
    remapIndex: build.mutation<RemapResult[], string | undefined>({
      query: (layer) => ({
        url: layer
          ? `/api/features/remapindex/${encodeURIComponent(layer)}`
          : '/api/features/remapindex',
        method: 'POST',
      }),
      invalidatesTags: ['Layers'],
    }),
    fullLayerTree: build.query<LayerTreeNode[], void>({
      query: () => '/api/mapconfig/layerlayout?all=true',
      providesTags: ['LayerTree'],
    }),
    saveLayerTree: build.mutation<LayerTreeNode[], LayerTreeInput[]>({
      query: (nodes) => ({ url: '/api/mapconfig/layerlayout', method: 'POST', body: { nodes } }),
      invalidatesTags: ['LayerTree', 'Layers', 'BaseLayers'],
    }),
  }),
})

export const {
  useListLayerRecordsQuery,
  useLayerRecordQuery,
  useUnregisteredTablesQuery,
  useRegisterLayerMutation,
  useUpdateLayerMutation,
  useDeleteLayerMutation,
  useLegendPreviewQuery,
  useRemapIndexMutation,
  useFullLayerTreeQuery,
  useSaveLayerTreeMutation,
} = layersAdminApi
