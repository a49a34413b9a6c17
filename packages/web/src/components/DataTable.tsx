import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import type { SxProps, Theme } from '@mui/material/styles'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell, { type TableCellProps } from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow, { type TableRowProps } from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import { Fragment, type ReactNode } from 'react'
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
  /** The header's content when it is not the label (a sort of the screen's own). */
  head?: ReactNode
  /** More of the header cell (its sort direction). */
  headProps?: TableCellProps
  /** The style of the column's cells, header included. */
  sx?: SxProps<Theme>
  padding?: TableCellProps['padding']
  /** More of a row's cell of this column (its title). */
  cellProps?: (row: R) => TableCellProps
}

/** Checkboxes before the rows: each row's and the page's. */
export interface TableSelection<R> {
  selected: ReadonlySet<number>
  onSelect: (ids: number[], selected: boolean) => void
  id: (row: R) => number
  /** The page's checkbox's name. */
  pageLabel: string
  rowLabel: (row: R) => string
}

const WIDE = { display: { xs: 'none', md: 'table-cell' } }

function cellProps<R>(column: Column<R>): TableCellProps {
  const sx = column.wide ? [WIDE, column.sx ?? {}] : column.sx
  return { sx: sx as SxProps<Theme>, padding: column.padding }
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
  if (column.head !== undefined) return <>{column.head}</>
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

function PageCheckbox<R>({
  rows,
  selection,
}: {
  rows: readonly R[]
  selection: TableSelection<R>
}) {
  const ids = rows.map(selection.id)
  const chosen = ids.filter((id) => selection.selected.has(id)).length
  return (
    <TableCell padding="checkbox">
      <Checkbox
        indeterminate={chosen > 0 && chosen < ids.length}
        checked={ids.length > 0 && chosen === ids.length}
        disabled={ids.length === 0}
        onChange={(e) => selection.onSelect(ids, e.target.checked)}
        slotProps={{ input: { 'aria-label': selection.pageLabel } }}
      />
    </TableCell>
  )
}

function RowCheckbox<R>({ row, selection }: { row: R; selection: TableSelection<R> }) {
  const id = selection.id(row)
  return (
    <TableCell padding="checkbox">
      <Checkbox
        checked={selection.selected.has(id)}
        onChange={(e) => selection.onSelect([id], e.target.checked)}
        slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
      />
    </TableCell>
  )
}

/** The pager's spacing of the paged tables, tighter on phones. */
export const RESPONSIVE_PAGER: SxProps<Theme> = {
  '& .MuiTablePagination-toolbar': { pl: { xs: 1, sm: 2 }, pr: { xs: 0.5, sm: 1 } },
  '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
  '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
}

export interface DataTableProps<R> {
  columns: Column<R>[]
  /** The rows of the page shown. */
  rows: readonly R[]
  rowKey: (row: R, index: number) => string | number
  /** The text of a table without rows; '': no such row (nothing loaded yet). */
  empty: string
  loading?: boolean
  /** Names the table for assistive technology (and tests). */
  label?: string
  /** Caps the height, the header staying in view while the rows scroll. */
  maxHeight?: string
  sort?: string
  onSort?: (sort: string) => void
  /** None: every row at once, no paginator (a short list of a dialog). */
  pager?: {
    total: number
    page: number
    limit: number
    sizes: readonly number[]
    onPage: (page: number, limit: number) => void
  }
  pagerSx?: SxProps<Theme>
  selection?: TableSelection<R>
  /** More of a row's element (marks, data attributes, a click); `index` as in `render`. */
  rowProps?: (row: R, index: number) => TableRowProps & Record<`data-${string}`, unknown>
  /** A row of its own after each row (an expandable detail). */
  after?: (row: R) => ReactNode
  /** Without the outlined paper (the table sits in a frame of the caller's). */
  bare?: boolean
  /** Without the header row (rows that say what they are). */
  noHead?: boolean
  /** Without the loading bar's place above the table (rows held by the caller). */
  noLoadingBar?: boolean
}

/**
 * The one table of the app: a loading bar, the rows (with optional checkboxes, marks and
 * expandable details), the empty text and the paginator ('Linhas por página', 'a-b de
 * total'). PagedTable puts a title and search box over it; `render` gets the row's position
 * in the whole list.
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
  pagerSx = RESPONSIVE_PAGER,
  selection,
  rowProps,
  after,
  bare = false,
  noHead = false,
  noLoadingBar = false,
}: DataTableProps<R>) {
  const first = pager ? pager.page * pager.limit : 0
  const span = columns.length + (selection ? 1 : 0)
  const body = (
    <>
      {!noLoadingBar && <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>}
      <TableContainer sx={maxHeight ? { maxHeight } : undefined}>
        <Table size="small" stickyHeader={Boolean(maxHeight)} aria-label={label}>
          {!noHead && (
            <TableHead>
              <TableRow>
                {selection && <PageCheckbox rows={rows} selection={selection} />}
                {columns.map((c) => (
                  <TableCell key={c.key} {...cellProps(c)} {...c.headProps}>
                    <HeaderLabel column={c} sort={sort} onSort={onSort} />
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
          )}
          <TableBody>
            {rows.map((row, i) => (
              <Fragment key={rowKey(row, first + i)}>
                <TableRow
                  hover
                  selected={selection ? selection.selected.has(selection.id(row)) : undefined}
                  {...rowProps?.(row, first + i)}
                >
                  {selection && <RowCheckbox row={row} selection={selection} />}
                  {columns.map((c) => (
                    <TableCell key={c.key} {...cellProps(c)} {...c.cellProps?.(row)}>
                      {c.render(row, first + i)}
                    </TableCell>
                  ))}
                </TableRow>
                {after?.(row)}
              </Fragment>
            ))}
            {!loading && rows.length === 0 && empty && (
              <TableRow>
                <TableCell
                  colSpan={span}
                  sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                >
                  {empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pager && <TablePager {...pager} sx={pagerSx} />}
    </>
  )
  if (bare) return body
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {body}
    </Paper>
  )
}
