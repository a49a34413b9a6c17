import type { Extent } from '@gis/shared'
import type { Geometry as GeoJsonGeometry } from 'geojson'
import { api, SESSION_CACHE_S } from '../api/base-api'
import { wfsTypeNames, wmsLayerExtents } from './capabilities'

/** A GeoJSON FeatureCollection as /ows answers GetFeature (ids are `layer.id`). */
export interface WfsFeatureCollection {
  type: 'FeatureCollection'
  features: {
    type: 'Feature'
    id?: string | number
    geometry: GeoJsonGeometry | null
    properties: Record<string, unknown> | null
  }[]
  numberMatched?: number | string
  numberReturned?: number
}

/** POST /api/features/{layer}/geometries: each id's geometry in EPSG:4326 (null: none). */
export interface FeatureGeometry {
  id: number
  geometry: GeoJsonGeometry | null
}

/**
 * The map's calls: WFS GetFeature (the XML OpenLayers writes, answered as GeoJSON) for
 * identify and box selection, the geometries of features shown on the map (showOnMap), and
 * the WFS and WMS capabilities read at start-up.
 */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    wfsGetFeature: build.mutation<WfsFeatureCollection, { xml: string }>({
      query: ({ xml }) => ({
        url: '/ows',
        method: 'POST',
        rawBody: { text: xml, contentType: 'text/xml; charset=utf-8' },
      }),
    }),
    featureGeometries: build.mutation<FeatureGeometry[], { layer: string; ids: number[] }>({
      query: ({ layer, ids }) => ({
        url: `/api/features/${encodeURIComponent(layer)}/geometries`,
        method: 'POST',
        body: { ids },
      }),
    }),
    wfsCapabilities: build.query<string[], void>({
      query: () => '/ows?SERVICE=WFS&REQUEST=GetCapabilities&VERSION=2.0.0',
      transformResponse: (xml: string) => wfsTypeNames(String(xml)),
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['Layers'],
    }),
    wmsCapabilities: build.query<Record<string, Extent | null>, void>({
      query: () => '/ows?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0',
      transformResponse: (xml: string) => wmsLayerExtents(String(xml)),
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['Layers'],
    }),
  }),
})

export const {
  useWfsGetFeatureMutation,
  useFeatureGeometriesMutation,
  useWfsCapabilitiesQuery,
  useWmsCapabilitiesQuery,
} = mapApi
