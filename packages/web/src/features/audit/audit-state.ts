import type { FilterGroup } from '@gis/shared/filters'
import { t } from '@gis/shared/i18n'
import { AUDIT_DEFAULT_LIMIT, AUDIT_DEFAULT_SORT, AUDIT_PAGE_SIZES } from '@gis/shared/audit'
import {
  EMPTY_FILTER,
  parseFilterBuilderState,
  type FilterBuilderState,
} from '../../components/filter-builder'

/**
 * What the AUDITOR keeps in the workspace, as the search window does: the builder's rules,
 * the query of the last BUSCAR, the paging, the sort and the tab.
 */
export interface AuditState {
  filter: FilterBuilderState
  /** The serialised query of the last BUSCAR; undefined: not searched yet (null: no rule). */
  query?: FilterGroup | null
  page: number
  limit: number
  /** An audit field; `-` prefix: descending (default: timestamp, newest first). */
  sort: string
  tab: 'filters' | 'results'
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
  if (value === undefined || value === null) return undefined
  const s = value as AuditState
  try {
    const ok =
      typeof s === 'object' &&
      Number.isInteger(s.page) &&
      s.page >= 0 &&
      (AUDIT_PAGE_SIZES as readonly number[]).includes(s.limit) &&
      typeof s.sort === 'string' &&
      /^-?[a-zA-Z]{1,30}$/.test(s.sort) &&
      (s.tab === 'filters' || s.tab === 'results') &&
      (s.query === undefined ||
        s.query === null ||
        (typeof s.query === 'object' && s.query.type === 'group'))
    if (!ok) throw new Error()
    parseFilterBuilderState(s.filter)
  } catch {
    throw new Error(t('workspace.invalidState'))
  }
  return s
}
