import type { FeaturePending, FeatureRef } from '@gis/shared'
import { skipToken } from '@reduxjs/toolkit/query'
import { api } from './base-api'

const keyOf = ({ layer, id }: FeatureRef) => `${layer}:${id}`

/**
 * Moderated editing as the feature window sees it: how many changes of a feature await a
 * decision. A submission, a decision and Atualizar refresh it (tag FeaturePending).
 */
export const pendingApi = api
  .enhanceEndpoints({ addTagTypes: ['FeaturePending'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getFeaturePending: build.query<FeaturePending, FeatureRef>({
        query: ({ layer, id }) => `/api/approvals/pending/${encodeURIComponent(layer)}/${id}`,
        providesTags: (_r, _e, ref) => [{ type: 'FeaturePending', id: keyOf(ref) }],
      }),
    }),
  })

/** The action that makes every view of the feature's pending count ask again. */
export const pendingChanged = (ref: FeatureRef) =>
  pendingApi.util.invalidateTags([{ type: 'FeaturePending', id: keyOf(ref) }])

export const { useGetFeaturePendingQuery } = pendingApi

/**
 * The values a feature's changes awaiting a decision propose, by attribute (issue 42): shown
 * beside the current ones, so a moderated user sees what was sent. Nothing while none awaits.
 */
export function usePendingValues(item: FeatureRef | undefined): Record<string, unknown> {
  const { currentData } = pendingApi.useGetFeaturePendingQuery(item ?? skipToken)
  return currentData?.pending ? (currentData.values ?? {}) : NONE
}
const NONE: Record<string, unknown> = {}
