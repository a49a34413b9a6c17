/**
 * Constants of the audit search (spec 3 sections 3 and 9), pure data without zod: the web app
 * imports this file by path (`@gis/shared/audit`) as it imports the texts.
 */
import type { FilterFieldType } from '../filters/operators'
import type { MessageKey } from '../i18n/messages'

/** Rows per page of the auditor's results: 20 by default, with these options. */
export const AUDIT_PAGE_SIZES = [10, 20, 50, 100] as const
export const AUDIT_DEFAULT_LIMIT = 20
/** At most this many rows in one page. */
export const AUDIT_MAX_LIMIT = 100
/** The default sort: timestamp, newest first. */
export const AUDIT_DEFAULT_SORT = '-timestamp'

/** The actions of an audit record: I Inserção, U Atualização, D Exclusão. */
export const AUDIT_ACTION_CODES = ['I', 'U', 'D'] as const

/** A field of the audit record the filter builder offers, with its filter type. */
export interface AuditFieldInfo {
  name: string
  type: FilterFieldType
  title: MessageKey
}

/**
 * The audit record's fields the auditor filters and sorts by (spec 3 §3, Audit record), in the
 * order of the builder's list and of the results' columns.
 */
export const AUDIT_FIELDS: readonly AuditFieldInfo[] = [
  { name: 'timestamp', type: 'datetime', title: 'audit.field.timestamp' },
  { name: 'action', type: 'audit-action', title: 'audit.field.action' },
  { name: 'table', type: 'layer', title: 'audit.field.table' },
  { name: 'rowId', type: 'number', title: 'audit.field.rowId' },
  { name: 'user', type: 'string', title: 'audit.field.user' },
  { name: 'application', type: 'string', title: 'audit.field.application' },
  { name: 'clientAddress', type: 'string', title: 'audit.field.clientAddress' },
  { name: 'clientPort', type: 'number', title: 'audit.field.clientPort' },
]

/** Fields the results sort by: the filterable ones and the record's id. */
export const AUDIT_SORT_FIELDS = ['id', ...AUDIT_FIELDS.map((f) => f.name)] as const
