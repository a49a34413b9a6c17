import type { Attachment, Feature } from '@gis/shared'
import { api } from '../../api/base-api'

/**
 * What the selection drawer's detail reads from the features API (the features issue owns
 * it): one feature's attributes and its attachments.
 */
export const selectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    selectedFeature: build.query<Feature, { layer: string; id: number }>({
      query: ({ layer, id }) => `/api/features/${encodeURIComponent(layer)}/${id}`,
      keepUnusedDataFor: 60,
    }),
    selectedFeatureAttachments: build.query<Attachment[], { layer: string; id: number }>({
      query: ({ layer, id }) => `/api/features/${encodeURIComponent(layer)}/${id}/attachments`,
      keepUnusedDataFor: 60,
    }),
  }),
})

export const { useSelectedFeatureQuery, useSelectedFeatureAttachmentsQuery } = selectionApi
