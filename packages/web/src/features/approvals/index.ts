// Approvals' public face: the workspace types of 'Gerenciar Aprovações' and the review window.
// The windows themselves are loaded by the workspace on demand.
export {
  APPROVALS_WINDOW,
  APPROVAL_REVIEW_WINDOW,
  parseApprovalsListState,
  parseApprovalReviewState,
  type ApprovalsListState,
  type ApprovalReviewState,
} from './approvals-state'
