import type { FilterGroup } from '@gis/shared/filters'
import { t } from '@gis/shared/i18n'
import { parseFilterBuilderState, type FilterBuilderState } from './filter-model'

/** What a filter window (search, audit) keeps alike in the workspace. */
export interface FilterWindowState {
  filter: FilterBuilderState
  /** The serialised query of the last BUSCAR; undefined: not searched yet (null: no rule). */
  query?: FilterGroup | null
  page: number
  limit: number
  tab: 'filters' | 'results'
}

/**
 * Checks a restored filter window state: the shared parts, the page size among `sizes`, and
 * the window's own parts by `ownOk`. Anything malformed is an error (the window shows code 400).
 */
export function parseFilterWindowState<S extends FilterWindowState>(
  value: unknown,
  sizes: readonly number[],
  ownOk: (s: S) => boolean,
): S | undefined {
  if (value === undefined || value === null) return undefined
  const s = value as S
  try {
    const ok =
      typeof s === 'object' &&
      ownOk(s) &&
      Number.isInteger(s.page) &&
      s.page >= 0 &&
      sizes.includes(s.limit) &&
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
