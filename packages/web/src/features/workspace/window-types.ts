import { parsePagedState, type PagedState } from '../../components/paged-state'
import { defineWindowType } from './window-type'
import {
  itemsKey,
  parseFeatureInfoState,
  type FeatureInfoState,
} from '../feature-info/window-state'
import {
  parseApprovalReviewState,
  parseApprovalsListState,
  type ApprovalReviewState,
  type ApprovalsListState,
} from '../approvals'
import { parseSearchState, type SearchState } from '../search/search-state'
import { parseAuditState, type AuditState } from '../audit'
import { parseDataLoaderState, type DataLoaderState } from '../dataloader'
import { parseFileAssociationState, type FileAssociationState } from '../file-association'
import {
  parseTemplateBuilderState,
  type TemplateBuilderState,
} from '../template-designer/designer-state'
import { parseReportBuilderState, type ReportBuilderState } from '../reports'

/**
 * The workspace window types that exist. A later feature adds its window here (search,
 * feature creator, auditor, data loader, file association, reports, approvals, SMMCAD); its
 * FERRAMENTAS item appears the day it is listed.
 */
export const WINDOW_TYPES = [
  defineWindowType<PagedState>({
    type: 'Users',
    title: 'users.windowTitle',
    admin: true,
    singleton: true,
    load: async () => (await import('../admin/UsersWindow')).UsersWindow,
    parseState: parsePagedState,
  }),
  defineWindowType<PagedState>({
    type: 'Logins',
    title: 'logins.windowTitle',
    admin: true,
    singleton: true,
    load: async () => (await import('../admin/LoginsWindow')).LoginsWindow,
    parseState: parsePagedState,
  }),
  defineWindowType<FeatureInfoState>({
    type: 'FeatureInfo',
    title: 'features.windowTitle',
    singleton: true,
    key: itemsKey,
    load: async () => (await import('../feature-info/FeatureInfoWindow')).FeatureInfoWindow,
    parseState: parseFeatureInfoState,
  }),
  defineWindowType<SearchState>({
    type: 'SearchFeatures',
    title: 'search.windowTitle',
    load: async () => (await import('../search/SearchWindow')).SearchWindow,
    parseState: parseSearchState,
  }),
  defineWindowType<AuditState>({
    type: 'Auditor',
    title: 'audit.windowTitle',
    admin: true,
    singleton: true,
    load: async () => (await import('../audit/AuditWindow')).AuditWindow,
    parseState: parseAuditState,
  }),
  defineWindowType<FileAssociationState>({
    type: 'FileAssociation',
    title: 'syncfiles.windowTitle',
    admin: true,
    singleton: true,
    load: async () =>
      (await import('../file-association/FileAssociationWindow')).FileAssociationWindow,
    parseState: parseFileAssociationState,
  }),
  defineWindowType<DataLoaderState>({
    type: 'DataLoader',
    title: 'dataloader.windowTitle',
    load: async () => (await import('../dataloader/DataLoaderWindow')).DataLoaderWindow,
    parseState: parseDataLoaderState,
  }),
  defineWindowType<ApprovalsListState>({
    type: 'Approvals',
    title: 'approvals.list.title',
    admin: true,
    singleton: true,
    load: async () => (await import('../approvals/ApprovalsWindow')).ApprovalsWindow,
    parseState: parseApprovalsListState,
  }),
  defineWindowType<ApprovalReviewState>({
    type: 'ApprovalReview',
    title: 'approvals.review.title',
    admin: true,
    singleton: true,
    key: (props) => String(props.approvalId),
    load: async () => (await import('../approvals/ApprovalReviewWindow')).ApprovalReviewWindow,
    parseState: parseApprovalReviewState,
  }),
  defineWindowType<ReportBuilderState>({
    type: 'ReportBuilder',
    title: 'reports.windowTitle',
    singleton: true,
    load: async () => (await import('../reports/ReportBuilderWindow')).ReportBuilderWindow,
    parseState: parseReportBuilderState,
  }),
  defineWindowType<TemplateBuilderState>({
    type: 'TemplateBuilder',
    title: 'designer.windowTitle',
    load: async () =>
      (await import('../template-designer/TemplateBuilderWindow')).TemplateBuilderWindow,
    parseState: parseTemplateBuilderState,
  }),
]
