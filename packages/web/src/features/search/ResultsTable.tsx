import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import Tooltip from '@mui/material/Tooltip'
import type { LayerAttribute, SearchRow } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { SEARCH_PAGE_SIZES } from '@gis/shared/search'
import { cellText } from './cells'
import { TablePager } from '../../components/TablePager'

interface Props {
  columns: readonly LayerAttribute[]
  rows: readonly SearchRow[]
  total: number
  loading: boolean
  empty: string
  page: number
  limit: number
  sort?: string
  order: 'asc' | 'desc'
  selected: ReadonlySet<number>
  onSelect: (ids: number[], selected: boolean) => void
  onSort: (field: string) => void
  onPage: (page: number, limit: number) => void
  onOpen: (id: number) => void
}

const DELETED = 'd_e_l_e_t_'

/**
 * The results of a search (spec 2 §2.3): a checkbox per row and select-all of the page, the
 * id as a link to the feature window, sortable columns, deleted rows marked, and the
 * paginator ('Linhas por página' 10/20/50/100, 'from-to de count').
 */
export function ResultsTable(p: Props) {
  const pageIds = p.rows.map((r) => r.id)
  const chosen = pageIds.filter((id) => p.selected.has(id)).length
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{p.loading && <LinearProgress />}</Box>
      <TableContainer sx={{ maxHeight: '60vh' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  indeterminate={chosen > 0 && chosen < pageIds.length}
                  checked={pageIds.length > 0 && chosen === pageIds.length}
                  disabled={pageIds.length === 0}
                  onChange={(e) => p.onSelect(pageIds, e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('search.selectPage') } }}
                />
              </TableCell>
              {p.columns.map((c) => (
                <TableCell
                  key={c.name}
                  sortDirection={p.sort === c.name ? p.order : false}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {c.type === 'geometry' ? (
                    c.title
                  ) : (
                    <TableSortLabel
                      active={p.sort === c.name}
                      direction={p.sort === c.name ? p.order : 'asc'}
                      onClick={() => p.onSort(c.name)}
                      title={t('search.sortBy', { field: c.title })}
                    >
                      {c.title}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {p.rows.map((row) => {
              const deleted = row[DELETED] === true
              return (
                <TableRow
                  key={row.id}
                  hover
                  selected={p.selected.has(row.id)}
                  data-deleted={deleted || undefined}
                  sx={
                    deleted
                      ? {
                          bgcolor: 'error.50',
                          '& td': { color: 'text.disabled', textDecoration: 'line-through' },
                          '& td:first-of-type, & td:nth-of-type(2)': { textDecoration: 'none' },
                        }
                      : undefined
                  }
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={p.selected.has(row.id)}
                      onChange={(e) => p.onSelect([row.id], e.target.checked)}
                      slotProps={{ input: { 'aria-label': t('search.selectRow', { id: row.id }) } }}
                    />
                  </TableCell>
                  {p.columns.map((c) => (
                    <TableCell key={c.name} sx={{ whiteSpace: 'nowrap' }}>
                      {c.name === 'id' ? (
                        <Tooltip title={deleted ? t('search.deletedRow') : ''}>
                          <Link
                            component="button"
                            onClick={() => p.onOpen(row.id)}
                            aria-label={t('search.openFeature', { id: row.id })}
                            color={deleted ? 'error' : 'primary'}
                          >
                            {row.id}
                            {deleted && ` (${t('search.deleted')})`}
                          </Link>
                        </Tooltip>
                      ) : (
                        cellText(row[c.name], c.type)
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              )
            })}
            {!p.loading && p.rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={p.columns.length + 1}
                  sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                >
                  {p.empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        total={p.total}
        page={p.page}
        limit={p.limit}
        sizes={SEARCH_PAGE_SIZES}
        onPage={p.onPage}
      />
    </Paper>
  )
}
