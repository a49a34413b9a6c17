// The reports window's public face: its workspace type and state. The window itself
// (ReportBuilderWindow.tsx) is loaded by the workspace on demand.
export const REPORTS_WINDOW = 'ReportBuilder'
export { parseReportBuilderState, type ReportBuilderState } from './report-state'
export { jobFileUrl } from './download'
export { useFollowedJob, useJobEnd } from './use-job-end'
export {
  reportsApi,
  useCreateTemplateMutation,
  useLazyReportTemplateQuery,
  useReportContentsQuery,
  useReportTemplateQuery,
  useReportTreeQuery,
  useUpdateTemplateMutation,
} from './reports.api'
