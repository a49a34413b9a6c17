// The reports window's public face: its workspace type and state. The window itself
// (ReportBuilderWindow.tsx) is loaded by the workspace on demand.
export const REPORTS_WINDOW = 'ReportBuilder'
export { parseReportBuilderState, type ReportBuilderState } from './report-state'
