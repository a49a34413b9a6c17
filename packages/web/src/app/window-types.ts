import { parsePagedState, type PagedState } from '../components/paged-state'
import {
  parseApprovalReviewState,
  parseApprovalsListState,
  type ApprovalReviewState,
  type ApprovalsListState,
} from '../features/approvals'
import { parseAuditState, type AuditState } from '../features/audit'
import { parseDataLoaderState, type DataLoaderState } from '../features/dataloader'
import { itemsKey, parseFeatureInfoState, type FeatureInfoState } from '../features/feature-info'
import { parseFileAssociationState, type FileAssociationState } from '../features/file-association'
import { parseReportBuilderState, type ReportBuilderState } from '../features/reports'
import { parseSearchState, type SearchState } from '../features/search'
import { parseSmmcadState, type SmmcadState } from '../features/smmcad'
import {
  parseTemplateBuilderState,
  type TemplateBuilderState,
} from '../features/template-designer/designer-state'
import { defineWindowType } from '../windows/window-type'
import { registerWindowTypes } from '../windows/window-registry'
import { FEATURE_INFO_WINDOW, SEARCH_WINDOW } from '../windows/window-names'

/**
 * The workspace window types that exist: the composition's table, registered at start-up
 * (`registerAppWindows`). A new window (imagery, documents…) is added here only: its feature
 * exports its state parser, and the window component is loaded on demand from its file (or
 * from its composition in screens/, when it shows another feature's part). Its FERRAMENTAS
 * item appears the day it is listed.
 */
export const WINDOW_TYPES = [
  defineWindowType<PagedState>({
    type: 'Users',
    title: 'users.windowTitle',
    admin: true,
    singleton: true,
    load: async () => (await import('../features/admin/UsersWindow')).UsersWindow,
    parseState: parsePagedState,
  }),
  defineWindowType<PagedState>({
    type: 'Logins',
    title: 'logins.windowTitle',
    admin: true,
    singleton: true,
    load: async () => (await import('../features/admin/LoginsWindow')).LoginsWindow,
    parseState: parsePagedState,
  }),
  defineWindowType<FeatureInfoState>({
    type: FEATURE_INFO_WINDOW,
    title: 'features.windowTitle',
    singleton: true,
    key: itemsKey,
    load: async () => (await import('./screens/FeatureInfoScreen')).FeatureInfoScreen,
    parseState: parseFeatureInfoState,
  }),
  defineWindowType<SearchState>({
    type: SEARCH_WINDOW,
    title: 'search.windowTitle',
    load: async () => (await import('./screens/SearchScreen')).SearchScreen,
    parseState: parseSearchState,
  }),
  defineWindowType<AuditState>({
    type: 'Auditor',
    title: 'audit.windowTitle',
    admin: true,
    singleton: true,
    load: async () => (await import('../features/audit/AuditWindow')).AuditWindow,
    parseState: parseAuditState,
  }),
  defineWindowType<FileAssociationState>({
    type: 'FileAssociation',
    title: 'syncfiles.windowTitle',
    admin: true,
    singleton: true,
    load: async () =>
      (await import('../features/file-association/FileAssociationWindow')).FileAssociationWindow,
    parseState: parseFileAssociationState,
  }),
  defineWindowType<DataLoaderState>({
    type: 'DataLoader',
    title: 'dataloader.windowTitle',
    load: async () => (await import('../features/dataloader/DataLoaderWindow')).DataLoaderWindow,
    parseState: parseDataLoaderState,
  }),
  defineWindowType<ApprovalsListState>({
    type: 'Approvals',
    title: 'approvals.list.title',
    admin: true,
    singleton: true,
    load: async () => (await import('../features/approvals/ApprovalsWindow')).ApprovalsWindow,
    parseState: parseApprovalsListState,
  }),
  defineWindowType<ApprovalReviewState>({
    type: 'ApprovalReview',
    title: 'approvals.review.title',
    admin: true,
    singleton: true,
    key: (props) => String(props.approvalId),
    load: async () =>
      (await import('../features/approvals/ApprovalReviewWindow')).ApprovalReviewWindow,
    parseState: parseApprovalReviewState,
  }),
  defineWindowType<ReportBuilderState>({
    type: 'ReportBuilder',
    title: 'reports.windowTitle',
    singleton: true,
    load: async () => (await import('../features/reports/ReportBuilderWindow')).ReportBuilderWindow,
    parseState: parseReportBuilderState,
  }),
  defineWindowType<TemplateBuilderState>({
    type: 'TemplateBuilder',
    title: 'designer.windowTitle',
    load: async () =>
      (await import('../features/template-designer/TemplateBuilderWindow')).TemplateBuilderWindow,
    parseState: parseTemplateBuilderState,
  }),
  defineWindowType<SmmcadState>({
    type: 'Smmcad',
    title: 'smmcad.windowTitle',
    module: 'smmcad',
    singleton: true,
    load: async () => (await import('../features/smmcad/SmmcadWindow')).SmmcadWindow,
    parseState: parseSmmcadState,
  }),
]

/** Registers the table with the workspace (once, before the first render). */
export function registerAppWindows(): void {
  registerWindowTypes(WINDOW_TYPES)
}
