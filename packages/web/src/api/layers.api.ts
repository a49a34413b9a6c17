import type {
  BaseLayer,
  LayerDescription,
  LayerRecord,
  LayerTreeNode,
  MapConfig,
} from '@gis/shared'
import { api, SESSION_CACHE_S } from './base-api'

/**
 * What the map page reads about layers: their descriptions (fields, layout, domains), the
 * catalogue records the user may read, the active base layers and the start extent. Boot
 * loads them so that the cache is warm; the map page reads them with these hooks.
 */
export const layersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLayerDescriptions: build.query<LayerDescription[], void>({
      query: () => '/api/config/layers',
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['Layers'],
    }),
    getLayers: build.query<LayerRecord[], void>({
      query: () => '/api/layers',
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['Layers'],
    }),
    getActiveBaseLayers: build.query<BaseLayer[], void>({
      query: () => '/api/base-layers/active',
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['BaseLayers'],
    }),
    /** The layer tree of the map's layer manager (folders, layers, base layers, radio groups). */
    getLayerTree: build.query<LayerTreeNode[], void>({
      query: () => '/api/mapconfig/layerlayout',
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['Layers'],
    }),
    getMapConfig: build.query<MapConfig, void>({
      query: () => '/api/mapconfig',
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['MapConfig'],
    }),
  }),
})

export const {
  useGetLayerDescriptionsQuery,
  useGetLayersQuery,
  useGetActiveBaseLayersQuery,
  useGetMapConfigQuery,
  useGetLayerTreeQuery,
} = layersApi
