import type { BaseLayer, BaseLayerInput } from '@gis/shared'
import { pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'
import { adminApi } from './admin-api'

/** Base layers (administrators): the paged list, create, update, delete. */
export const baseLayersAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listBaseLayers: build.query<Page<BaseLayer>, PageArgs>({
      query: (args) => `/api/base-layers?${pageQuery(args)}`,
      transformResponse: (rows: BaseLayer[], meta) => toPage(rows, meta),
      providesTags: ['BaseLayers'],
    }),
    createBaseLayer: build.mutation<BaseLayer, BaseLayerInput>({
      query: (body) => ({ url: '/api/base-layers', method: 'POST', body }),
      invalidatesTags: ['BaseLayers', 'LayerTree', 'Layers'],
    }),
    updateBaseLayer: build.mutation<BaseLayer, { id: number; layer: BaseLayerInput }>({
      query: ({ id, layer }) => ({ url: `/api/base-layers/${id}`, method: 'PUT', body: layer }),
      invalidatesTags: ['BaseLayers', 'LayerTree', 'Layers'],
    }),
    deleteBaseLayer: build.mutation<null, number>({
      query: (id) => ({ url: `/api/base-layers/${id}`, method: 'DELETE' }),
      invalidatesTags: ['BaseLayers', 'LayerTree', 'Layers'],
    }),
  }),
})

export const {
  useListBaseLayersQuery,
  useCreateBaseLayerMutation,
  useUpdateBaseLayerMutation,
  useDeleteBaseLayerMutation,
} = baseLayersAdminApi
