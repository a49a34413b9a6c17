import Search from '@mui/icons-material/Search'
import Box from '@mui/material/Box'
import InputAdornment from '@mui/material/InputAdornment'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { PAGE_SIZES, type PagedState } from './paged-state'
import { TablePager } from './TablePager'

export interface Column<R> {
  key: string
  label: string
  /** `index`: the row's position in the whole list (0-based). */
  render: (row: R, index: number) => ReactNode
  /** Left out on phone-sized screens. */
  wide?: boolean
  /** The API's sort name of the column: its header sorts (with `sort` and `onSort`). */
  sortKey?: string
}

/** Text inputs are throttled (spec section 9). */
export const SEARCH_DELAY_MS = 400

function cellSx<R>(column: Column<R>) {
  return column.wide ? { display: { xs: 'none', md: 'table-cell' } } : undefined
}

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
    <TextField
      label={label}
      value={query}
      onChange={(e) => setQuery(e.target.value)}
      sx={{ width: { xs: '100%', sm: 280 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
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

/** A column header: a sort label when the table sorts by this column's sortKey. */
function HeaderLabel<R>({
  column,
  sort,
  onSort,
}: {
  column: Column<R>
  sort?: string
  onSort?: (sort: string) => void
}) {
  if (!column.sortKey || !onSort) return <>{column.label}</>
  const descending = sort?.startsWith('-') ?? false
  const active = (descending ? sort?.slice(1) : sort) === column.sortKey
  return (
    <TableSortLabel
      active={active}
      direction={active && descending ? 'desc' : 'asc'}
      onClick={() => onSort(active && !descending ? `-${column.sortKey}` : column.sortKey!)}
    >
      {column.label}
    </TableSortLabel>
  )
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
        pager={{
          total,
          page: paging.page,
          limit: paging.limit,
          sizes: PAGE_SIZES,
          onPage: (page, limit) => onPaging({ ...paging, page, limit }),
        }}
      />
    </Box>
  )
}

export interface DataTableProps<R> {
  columns: Column<R>[]
  /** The rows of the page shown. */
  rows: readonly R[]
  rowKey: (row: R, index: number) => string | number
  empty: string
  loading?: boolean
  /** Names the table for assistive technology (and tests). */
  label?: string
  /** Caps the height, the header staying in view while the rows scroll. */
  maxHeight?: string
  sort?: string
  onSort?: (sort: string) => void
  pager: {
    total: number
    page: number
    limit: number
    sizes: readonly number[]
    onPage: (page: number, limit: number) => void
  }
}

/**
 * The table and paginator of PagedTable without its title and search box, for tables paged
 * in the browser too (a folder's files); `render` gets the row's position in the whole list.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  empty,
  loading = false,
  label,
  maxHeight,
  sort,
  onSort,
  pager,
}: DataTableProps<R>) {
  const first = pager.page * pager.limit
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <TableContainer sx={maxHeight ? { maxHeight } : undefined}>
        <Table size="small" stickyHeader={Boolean(maxHeight)} aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} sx={cellSx(c)}>
                  <HeaderLabel column={c} sort={sort} onSort={onSort} />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={rowKey(row, first + i)} hover>
                {columns.map((c) => (
                  <TableCell key={c.key} sx={cellSx(c)}>
                    {c.render(row, first + i)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={columns.length}
                  sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                >
                  {empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        total={pager.total}
        page={pager.page}
        limit={pager.limit}
        sizes={pager.sizes}
        onPage={pager.onPage}
        sx={{
          '& .MuiTablePagination-toolbar': { pl: { xs: 1, sm: 2 }, pr: { xs: 0.5, sm: 1 } },
          '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
          '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
        }}
      />
    </Paper>
  )
}
