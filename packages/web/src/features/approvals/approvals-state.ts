import {
  APPROVAL_ACTIONS,
  APPROVAL_ITEM_STATUSES,
  APPROVALS_PAGE_SIZE,
  type ApprovalAction,
  type ApprovalItemStatus,
} from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { parsePagedState, type PagedState } from '../../components/paged-state'

/** 'Gerenciar Aprovações' keeps its paging, search and sort across closing (workspace state). */
export interface ApprovalsListState extends PagedState {
  sort: string
}

export const APPROVALS_FIRST_PAGE: ApprovalsListState = {
  page: 0,
  limit: APPROVALS_PAGE_SIZE,
  query: '',
  sort: 'created',
}

export function parseApprovalsListState(state: unknown): ApprovalsListState | undefined {
  const paged = parsePagedState(state)
  if (!paged) return undefined
  const sort = (state as { sort?: unknown }).sort
  if (typeof sort !== 'string' || !/^-?[a-zA-Z]{1,30}$/.test(sort)) {
    throw new Error(t('workspace.invalidState'))
  }
  return { ...paged, sort }
}

/** The review window keeps the items page, their filter and the selected item. */
export interface ApprovalReviewState {
  page: number
  limit: number
  itemId: number | null
  /** The items' filter (absent or null: every action, every status). */
  action?: ApprovalAction | null
  status?: ApprovalItemStatus | null
}

export const REVIEW_PAGE_SIZES = [5, 10, 20] as const

export function parseApprovalReviewState(state: unknown): ApprovalReviewState | undefined {
  if (state === undefined || state === null) return undefined
  const s = state as Partial<ApprovalReviewState>
  const ok =
    typeof s === 'object' &&
    Number.isInteger(s.page) &&
    (s.page ?? -1) >= 0 &&
    REVIEW_PAGE_SIZES.includes(s.limit as (typeof REVIEW_PAGE_SIZES)[number]) &&
    (s.itemId === null || Number.isInteger(s.itemId)) &&
    (s.action == null || APPROVAL_ACTIONS.includes(s.action)) &&
    (s.status == null || APPROVAL_ITEM_STATUSES.includes(s.status))
  if (!ok) throw new Error(t('workspace.invalidState'))
  return s as ApprovalReviewState
}

/** The workspace window types of approvals. */
export const APPROVALS_WINDOW = 'Approvals'
export const APPROVAL_REVIEW_WINDOW = 'ApprovalReview'
