import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { SearchField } from './SearchField'
import { pagerOf, type PagedState } from './paged-state'
import { DataTable, type Column } from './DataTable'

export { DataTable, type Column, type DataTableProps } from './DataTable'

/** Text inputs are throttled (spec section 9). */
export const SEARCH_DELAY_MS = 400

/** The search box of a paged table: it updates the paging (back to page 0) once typing pauses. */
function SearchBox({
  label,
  paging,
  onPaging,
}: {
  label: string
  paging: PagedState
  onPaging: (paging: PagedState) => void
}) {
  const [query, setQuery] = useState(paging.query)
  useEffect(() => {
    if (query === paging.query) return
    const timer = window.setTimeout(() => onPaging({ ...paging, page: 0, query }), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [query, paging, onPaging])
  // Text typed just before the table goes away (another page, another tab) is kept all the same.
  const latest = useRef({ query, paging, onPaging })
  latest.current = { query, paging, onPaging }
  useEffect(
    () => () => {
      const { query, paging, onPaging } = latest.current
      if (query !== paging.query) onPaging({ ...paging, page: 0, query })
    },
    [],
  )
  return (
    <SearchField
      label={label}
      value={query}
      onChange={(e) => setQuery(e.target.value)}
      sx={{ width: { xs: '100%', sm: 280 } }}
    />
  )
}

export interface PagedTableProps<R> {
  title: string
  description?: string
  columns: Column<R>[]
  rows: R[]
  total: number
  loading: boolean
  empty: string
  paging: PagedState
  onPaging: (paging: PagedState) => void
  /** Shows a search box with this label; its text goes in `paging.query`. */
  searchLabel?: string
  /** Buttons beside the search box (NOVO …). */
  actions?: ReactNode
  /** The sort (`-` prefix: descending) of sortable tables, and what a header click asks for. */
  sort?: string
  onSort?: (sort: string) => void
}

/**
 * The one paged table of the app: a title, an optional search box, the rows, and the
 * paginator ('Linhas por página', 'a-b de total'). The paging lives with the caller (a
 * window keeps it in its saved state); the rows come from an RTK Query list endpoint.
 */
export function PagedTable<R extends { id: number }>({
  title,
  description,
  columns,
  rows,
  total,
  loading,
  empty,
  paging,
  onPaging,
  searchLabel,
  actions,
  sort,
  onSort,
}: PagedTableProps<R>) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </Box>
        {searchLabel && <SearchBox label={searchLabel} paging={paging} onPaging={onPaging} />}
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
        empty={empty}
        sort={sort}
        onSort={onSort}
        pager={pagerOf(paging, total, onPaging)}
      />
    </Box>
  )
}
