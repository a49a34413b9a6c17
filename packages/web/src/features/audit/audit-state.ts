import { AUDIT_DEFAULT_LIMIT, AUDIT_DEFAULT_SORT, AUDIT_PAGE_SIZES } from '@gis/shared/audit'
import {
  EMPTY_FILTER,
  parseFilterWindowState,
  type FilterWindowState,
} from '../../components/filter-builder'

/**
 * What the AUDITOR keeps in the workspace, as the search window does: the builder's rules,
 * the query of the last BUSCAR, the paging, the sort and the tab.
 */
export interface AuditState extends FilterWindowState {
  /** An audit field; `-` prefix: descending (default: timestamp, newest first). */
  sort: string
}

export const INITIAL_AUDIT: AuditState = {
  filter: EMPTY_FILTER,
  page: 0,
  limit: AUDIT_DEFAULT_LIMIT,
  sort: AUDIT_DEFAULT_SORT,
  tab: 'filters',
}

/** Checks a restored state; anything malformed is an error (the window shows code 400). */
export function parseAuditState(value: unknown): AuditState | undefined {
  return parseFilterWindowState<AuditState>(
    value,
    AUDIT_PAGE_SIZES,
    (s) => typeof s.sort === 'string' && /^-?[a-zA-Z]{1,30}$/.test(s.sort),
  )
}
