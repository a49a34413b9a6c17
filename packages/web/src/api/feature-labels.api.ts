import type { FeatureLabel } from '@gis/shared'
import { useMemo } from 'react'
import { api } from './base-api'

/**
 * The names of features in lists (the selection drawer, ITENS): POST /api/features/labels
 * answers the value of each layer's display field for a page of features, in one request.
 */
export const featureLabelsApi = api
  .enhanceEndpoints({ addTagTypes: ['FeatureLabels'] })
  .injectEndpoints({
    endpoints: (build) => ({
      featureLabels: build.query<FeatureLabel[], { layer: string; id: number }[]>({
        query: (items) => ({ url: '/api/features/labels', method: 'POST', body: { items } }),
        providesTags: ['FeatureLabels'],
        keepUnusedDataFor: 60,
      }),
    }),
  })

/**
 * The labels of the listed features, by `layer.id` key: a string, null when the feature has
 * none, undefined while loading or when the request failed (lists then show the id alone).
 */
export function useFeatureLabels(
  items: readonly { layer: string; id: number }[],
): (layer: string, id: number) => string | null | undefined {
  const args = useMemo(() => items.map(({ layer, id }) => ({ layer, id })), [items])
  const { data } = featureLabelsApi.useFeatureLabelsQuery(args, { skip: args.length === 0 })
  return useMemo(() => {
    const byKey = new Map((data ?? []).map((l) => [`${l.layer}.${l.id}`, l.label]))
    return (layer, id) => (data ? (byKey.get(`${layer}.${id}`) ?? null) : undefined)
  }, [data])
}
