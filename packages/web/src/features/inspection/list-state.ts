import type { BridgeSearchBody, BridgeStatus } from '@gis/shared/inspections'
import { EMPTY_FILTER, type FilterBuilderState } from '../../components/filter-builder'

/** LISTA's state, kept by the page while the tabs change. */
export interface ListState {
  status: BridgeStatus | ''
  /** Only bridges with inspections awaiting approval. */
  pending: boolean
  /** The rules being edited, and the tree of the last BUSCAR. */
  filter: FilterBuilderState
  query: unknown
  page: number
  size: number
  sort: string
}

export const INITIAL_LIST: ListState = {
  status: '',
  pending: false,
  filter: EMPTY_FILTER,
  query: null,
  page: 0,
  size: 20,
  sort: 'codigo',
}

/** The body of POST /bridges/search for this state. */
export function searchBody(s: ListState): BridgeSearchBody {
  return {
    ...(s.query ? { filter: s.query } : {}),
    ...(s.status ? { status: s.status } : {}),
    ...(s.pending ? { pending: true } : {}),
    page: s.page,
    size: s.size,
    sort: s.sort,
  }
}
