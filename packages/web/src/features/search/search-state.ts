import { SEARCH_DEFAULT_LIMIT, SEARCH_PAGE_SIZES } from '@gis/shared/search'
import {
  EMPTY_FILTER,
  parseFilterWindowState,
  type FilterWindowState,
} from '../../components/filter-builder'

/**
 * What the search window keeps in the workspace (spec 2 §3, search state): the layer, the
 * builder's rules, the query of the last BUSCAR, the selected ids, the paging and the tab.
 */
export interface SearchState extends FilterWindowState {
  layer: string | null
  selected: number[]
  sort?: string
  order: 'asc' | 'desc'
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
  return parseFilterWindowState<SearchState>(
    value,
    SEARCH_PAGE_SIZES,
    (s) =>
      (s.layer === null || typeof s.layer === 'string') &&
      Array.isArray(s.selected) &&
      s.selected.every((id) => Number.isInteger(id)) &&
      (s.sort === undefined || typeof s.sort === 'string') &&
      (s.order === 'asc' || s.order === 'desc'),
  )
}
