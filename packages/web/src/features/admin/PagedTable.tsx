import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import { PAGE_SIZES, type PagedState } from '../workspace/paged-state'

export interface Column<R> {
  key: string
  label: string
  render: (row: R) => ReactNode
  /** Left out on phone-sized screens. */
  wide?: boolean
}

function cellSx<R>(column: Column<R>) {
  return column.wide ? { display: { xs: 'none', md: 'table-cell' } } : undefined
}

/** The one paged table of the app: 'Linhas por página', 'a-b de total'. */
export function PagedTable<R extends { id: number }>({
  columns,
  rows,
  total,
  loading,
  empty,
  paging,
  onPaging,
}: {
  columns: Column<R>[]
  rows: R[]
  total: number
  loading: boolean
  empty: string
  paging: PagedState
  onPaging: (paging: PagedState) => void
}) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} sx={cellSx(c)}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((c) => (
                  <TableCell key={c.key} sx={cellSx(c)}>
                    {c.render(row)}
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
      <TablePagination
        component="div"
        count={total}
        page={paging.page}
        rowsPerPage={paging.limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        labelRowsPerPage={t('common.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
        onPageChange={(_e, page) => onPaging({ ...paging, page })}
        onRowsPerPageChange={(e) => onPaging({ ...paging, page: 0, limit: Number(e.target.value) })}
        sx={{
          '& .MuiTablePagination-toolbar': { pl: { xs: 1, sm: 2 }, pr: { xs: 0.5, sm: 1 } },
          '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
          '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
        }}
      />
    </Paper>
  )
}
