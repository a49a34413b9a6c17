import { useState } from 'react'
import { FIRST_PAGE, type PagedState } from '../../../components/paged-state'

/** The paging of a control panel list: kept while the panel is open. */
export function usePaging(limit = FIRST_PAGE.limit) {
  return useState<PagedState>({ ...FIRST_PAGE, limit })
}
