import { t } from '@gis/shared/i18n'

/** What a paged list keeps (in its window's saved state): page, page size and search text. */
export interface PagedState {
  page: number
  limit: number
  query: string
}

export const PAGE_SIZES = [10, 30, 50, 100] as const

export const FIRST_PAGE: PagedState = { page: 0, limit: 10, query: '' }

/** The arguments of a list endpoint for a paged table: its paging, a sort, the typed search. */
export const listArgs = (paging: PagedState, sort: string) => ({
  page: paging.page,
  limit: paging.limit,
  sort,
  query: paging.query || undefined,
})

/** The paginator of a paged list under its table: a page or a page size changes `paging`. */
export const pagerOf = (
  paging: PagedState,
  total: number,
  onPaging: (paging: PagedState) => void,
) => ({
  total,
  page: paging.page,
  limit: paging.limit,
  sizes: PAGE_SIZES,
  onPage: (page: number, limit: number) => onPaging({ ...paging, page, limit }),
})

/** Checks a restored paged-list state; anything malformed is an error, not a silent reset. */
export function parsePagedState(state: unknown): PagedState | undefined {
  if (state === undefined || state === null) return undefined
  const s = state as Partial<PagedState>
  const ok =
    typeof s === 'object' &&
    Number.isInteger(s.page) &&
    (s.page ?? -1) >= 0 &&
    PAGE_SIZES.includes(s.limit as (typeof PAGE_SIZES)[number]) &&
    typeof s.query === 'string'
  if (!ok) throw new Error(t('workspace.invalidState'))
  return s as PagedState
}
