import type {
  Approval,
  ApprovalAttachment,
  ApprovalDecideAll,
  ApprovalDecideAllResult,
  ApprovalItem,
  ApprovalItemFilter,
  ApprovalItemsPage,
} from '@gis/shared'
import { api, pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'

/** What a decision names: the item, its approval and the feature it changes (null: an insert). */
export interface DecisionArgs {
  approvalId: number
  itemId: number
  layer: string
  featureId: number | null
}

const featureKeys = (item: ApprovalItem | undefined, args: DecisionArgs) => {
  const id = item?.featureId ?? args.featureId
  return id === null ? [] : [`${args.layer}:${id}`]
}

/**
 * The review API (administrators): the approvals list, one approval with its items and kept
 * files, and the two decisions, which refresh the approval, its items and the feature they
 * changed (its data, attachments and history, wherever the feature window shows them).
 */
export const approvalsApi = api
  .enhanceEndpoints({
    addTagTypes: ['Approvals', 'Feature', 'FeatureAttachments', 'FeatureHistory', 'FeaturePending'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listApprovals: build.query<Page<Approval>, PageArgs>({
        query: (args) => `/api/approvals/all?${pageQuery(args)}`,
        transformResponse: (rows: Approval[], meta) => toPage(rows, meta),
        providesTags: [{ type: 'Approvals', id: 'LIST' }],
      }),
      getApproval: build.query<Approval, number>({
        query: (id) => `/api/approvals/${id}`,
        providesTags: (_r, _e, id) => [{ type: 'Approvals', id }],
      }),
      listApprovalItems: build.query<
        ApprovalItemsPage,
        { id: number; page: number; limit: number } & ApprovalItemFilter
      >({
        query: ({ id, page, limit, action, status }) => {
          const filter = new URLSearchParams({ page: String(page), limit: String(limit) })
          if (action) filter.set('action', action)
          if (status) filter.set('status', status)
          return `/api/approvals/${id}/items?${filter}`
        },
        providesTags: (_r, _e, { id }) => [{ type: 'Approvals', id }],
      }),
      /** Every pending item the filter selects, approved or rejected at once. */
      decideAll: build.mutation<
        ApprovalDecideAllResult,
        { approvalId: number } & ApprovalDecideAll
      >({
        query: ({ approvalId, ...body }) => ({
          url: `/api/approvals/${approvalId}/decide`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_r, _e, { approvalId }) => [
          { type: 'Approvals', id: approvalId },
          { type: 'Approvals', id: 'LIST' },
          'Feature',
          'FeatureHistory',
          'FeaturePending',
        ],
      }),
      listApprovalAttachments: build.query<ApprovalAttachment[], number>({
        query: (id) => `/api/approvals/${id}/attachments`,
        providesTags: (_r, _e, id) => [{ type: 'Approvals', id }],
      }),
      approveItem: build.mutation<ApprovalItem, DecisionArgs>({
        query: ({ itemId }) => ({ url: `/api/approvals/items/${itemId}/approve`, method: 'POST' }),
        // Refused or not, the feature is read again: a 409 means it changed meanwhile.
        invalidatesTags: (item, _e, args) => [
          { type: 'Approvals', id: args.approvalId },
          { type: 'Approvals', id: 'LIST' },
          ...featureKeys(item, args).flatMap((id) => [
            { type: 'Feature' as const, id },
            { type: 'FeatureAttachments' as const, id },
            { type: 'FeatureHistory' as const, id },
            { type: 'FeaturePending' as const, id },
          ]),
        ],
      }),
      rejectItem: build.mutation<ApprovalItem, DecisionArgs>({
        query: ({ itemId }) => ({
          url: `/api/approvals/items/${itemId}/reject`,
          method: 'POST',
          body: {},
        }),
        invalidatesTags: (_r, _e, args) => [
          { type: 'Approvals', id: args.approvalId },
          { type: 'Approvals', id: 'LIST' },
          ...featureKeys(undefined, args).map((id) => ({ type: 'FeaturePending' as const, id })),
        ],
      }),
    }),
  })

export const {
  useListApprovalsQuery,
  useGetApprovalQuery,
  useListApprovalItemsQuery,
  useListApprovalAttachmentsQuery,
  useApproveItemMutation,
  useRejectItemMutation,
  useDecideAllMutation,
} = approvalsApi
