import type { FilterGroup } from '@gis/shared/filters'
import { t } from '@gis/shared/i18n'
import { SEARCH_DEFAULT_LIMIT, SEARCH_PAGE_SIZES } from '@gis/shared/search'
import {
  EMPTY_FILTER,
  parseFilterBuilderState,
  type FilterBuilderState,
} from '../../components/filter-builder'

/**
 * What the search window keeps in the workspace (spec 2 §3, search state): the layer, the
 * builder's rules, the query of the last BUSCAR, the selected ids, the paging and the tab.
 */
export interface SearchState {
  layer: string | null
  filter: FilterBuilderState
  /** The serialised query of the last BUSCAR; undefined: not searched yet (null: no rule). */
  query?: FilterGroup | null
  selected: number[]
  page: number
  limit: number
  sort?: string
  order: 'asc' | 'desc'
  tab: 'filters' | 'results'
}

export const INITIAL_SEARCH: SearchState = {
  layer: null,
  filter: EMPTY_FILTER,
  selected: [],
  page: 0,
  limit: SEARCH_DEFAULT_LIMIT,
  order: 'asc',
  tab: 'filters',
}

/** Checks a restored state; anything malformed is an error (the window shows code 400). */
export function parseSearchState(value: unknown): SearchState | undefined {
  if (value === undefined || value === null) return undefined
  const s = value as SearchState
  try {
    const ok =
      typeof s === 'object' &&
      (s.layer === null || typeof s.layer === 'string') &&
      Array.isArray(s.selected) &&
      s.selected.every((id) => Number.isInteger(id)) &&
      Number.isInteger(s.page) &&
      s.page >= 0 &&
      (SEARCH_PAGE_SIZES as readonly number[]).includes(s.limit) &&
      (s.sort === undefined || typeof s.sort === 'string') &&
      (s.order === 'asc' || s.order === 'desc') &&
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
