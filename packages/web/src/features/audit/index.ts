// The AUDITOR's public face: its workspace type and saved state. The window itself
// (AuditWindow.tsx) is loaded by the workspace on demand.
export const AUDIT_WINDOW = 'Auditor'
export { parseAuditState, type AuditState } from './audit-state'
