import Link from '@mui/material/Link'
import TableSortLabel from '@mui/material/TableSortLabel'
import Tooltip from '@mui/material/Tooltip'
import type { LayerAttribute, SearchRow } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { SEARCH_PAGE_SIZES } from '@gis/shared/search'
import { cellText } from './cells'
import { DataTable, type Column } from '../../components/DataTable'

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

const DELETED_ROW = {
  'data-deleted': true,
  sx: {
    bgcolor: 'error.50',
    '& td': { color: 'text.disabled', textDecoration: 'line-through' },
    '& td:first-of-type, & td:nth-of-type(2)': { textDecoration: 'none' },
  },
}

/** The id as a link to the feature window; a deleted row's says so. */
function IdLink({ row, onOpen }: { row: SearchRow; onOpen: (id: number) => void }) {
  const deleted = row[DELETED] === true
  return (
    <Tooltip title={deleted ? t('search.deletedRow') : ''}>
      <Link
        component="button"
        onClick={() => onOpen(row.id)}
        aria-label={t('search.openFeature', { id: row.id })}
        color={deleted ? 'error' : 'primary'}
      >
        {row.id}
        {deleted && ` (${t('search.deleted')})`}
      </Link>
    </Tooltip>
  )
}

/**
 * The results of a search (spec 2 §2.3): a checkbox per row and select-all of the page, the
 * id as a link to the feature window, sortable columns, deleted rows marked, and the
 * paginator ('Linhas por página' 10/20/50/100, 'from-to de count').
 */
export function ResultsTable(p: Props) {
  const columns: Column<SearchRow>[] = p.columns.map((c) => ({
    key: c.name,
    label: c.title,
    sx: { whiteSpace: 'nowrap' },
    headProps: { sortDirection: p.sort === c.name ? p.order : false },
    head:
      c.type === 'geometry' ? (
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
      ),
    render: (row) =>
      c.name === 'id' ? <IdLink row={row} onOpen={p.onOpen} /> : cellText(row[c.name], c.type),
  }))
  return (
    <DataTable
      columns={columns}
      rows={p.rows}
      rowKey={(row) => row.id}
      empty={p.empty}
      loading={p.loading}
      maxHeight="60vh"
      pager={{
        total: p.total,
        page: p.page,
        limit: p.limit,
        sizes: SEARCH_PAGE_SIZES,
        onPage: p.onPage,
      }}
      pagerSx={{}}
      selection={{
        selected: p.selected,
        onSelect: p.onSelect,
        id: (row) => row.id,
        pageLabel: t('search.selectPage'),
        rowLabel: (row) => t('search.selectRow', { id: row.id }),
      }}
      rowProps={(row) => (row[DELETED] === true ? DELETED_ROW : {})}
    />
  )
}
