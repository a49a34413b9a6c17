import TablePagination from '@mui/material/TablePagination'
import type { SxProps, Theme } from '@mui/material/styles'
import { t } from '@gis/shared/i18n'

const PAGE_BUTTONS = {
  first: 'common.firstPage',
  previous: 'common.previousPage',
  next: 'common.nextPage',
  last: 'common.lastPage',
} as const

/**
 * The pager under every table: 'Linhas por página' with the table's sizes, 'from-to de
 * count', and its buttons named in Portuguese. `onPage` gets the page and the page size (a
 * new size goes back to the first page).
 */
export function TablePager({
  total,
  page,
  limit,
  sizes,
  onPage,
  sx,
}: {
  total: number
  page: number
  limit: number
  sizes: readonly number[]
  onPage: (page: number, limit: number) => void
  sx?: SxProps<Theme>
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={limit}
      rowsPerPageOptions={[...sizes]}
      labelRowsPerPage={t('common.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(PAGE_BUTTONS[type])}
      onPageChange={(_e, next) => onPage(next, limit)}
      onRowsPerPageChange={(e) => onPage(0, Number(e.target.value))}
      sx={sx}
    />
  )
}
