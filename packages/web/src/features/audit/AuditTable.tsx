import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown'
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Collapse from '@mui/material/Collapse'
import IconButton from '@mui/material/IconButton'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import Tooltip from '@mui/material/Tooltip'
import { labelFromValues, type AuditRecord, type LayerDescription } from '@gis/shared'
import { AUDIT_PAGE_SIZES } from '@gis/shared/audit'
import { t, type MessageKey } from '@gis/shared/i18n'
import { useState, type ReactNode } from 'react'
import { AuditChanges } from './AuditChanges'
import { DataTable, type Column as TableColumn } from '../../components/DataTable'

const ACTION_COLOR = { I: 'success', U: 'info', D: 'error' } as const

interface Column {
  /** The API's sort name. */
  key: string
  title: MessageKey
  render: (r: AuditRecord, layers: readonly LayerDescription[]) => ReactNode
}

const COLUMNS: readonly Column[] = [
  {
    key: 'timestamp',
    title: 'audit.field.timestamp',
    render: (r) => new Date(r.timestamp).toLocaleString('pt-BR'),
  },
  {
    key: 'action',
    title: 'audit.field.action',
    render: (r) => (
      <Chip
        size="small"
        variant="outlined"
        color={ACTION_COLOR[r.action]}
        label={t(`audit.action.${r.action}`)}
      />
    ),
  },
  {
    key: 'table',
    title: 'audit.field.table',
    render: (r) => (
      <Tooltip title={r.table}>
        <span>{r.tableTitle ?? r.table}</span>
      </Tooltip>
    ),
  },
  {
    key: 'rowId',
    title: 'audit.field.rowId',
    // The record's feature named by its layer's display field (its value then), with the Id.
    render: (r, layers) => {
      const field = layers.find((l) => l.name === r.table)?.labelField
      const label = labelFromValues(field, r.currentFields, r.previousFields)
      if (r.rowId === null) return '-'
      return label ? t('audit.rowNamed', { label, id: r.rowId }) : r.rowId
    },
  },
  {
    key: 'user',
    title: 'audit.field.user',
    render: (r) => (
      <>
        {r.user ?? t('audit.unknownUser')}
        {r.approvedBy && (
          <Box component="span" sx={{ color: 'text.secondary', ml: 0.5, fontSize: '0.75rem' }}>
            {t('audit.approvedBy', { reviewer: r.approvedBy })}
          </Box>
        )}
      </>
    ),
  },
  { key: 'application', title: 'audit.field.application', render: (r) => r.application ?? '-' },
  {
    key: 'clientAddress',
    title: 'audit.field.clientAddress',
    render: (r) =>
      r.clientAddress ? [r.clientAddress, r.clientPort].filter((v) => v !== null).join(':') : '-',
  },
]

interface Props {
  rows: readonly AuditRecord[]
  total: number
  loading: boolean
  page: number
  limit: number
  /** An audit field; `-` prefix: descending. */
  sort: string
  onSort: (sort: string) => void
  onPage: (page: number, limit: number) => void
  /** The layers, for the titles of the changed attributes. */
  layers: readonly LayerDescription[]
}

/**
 * The AUDITOR's results (spec 3 §2): one row per audit record with the action by its name
 * and the layer by its title, sortable headers (the same header toggles the direction, a new
 * one starts descending for the timestamp and ascending for the rest), rows that expand into
 * the attributes changed, and the paginator ('Linhas por página' 10/20/50/100).
 */
export function AuditTable(p: Props) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const toggle = (id: number) => {
    const next = new Set(open)
    if (!next.delete(id)) next.add(id)
    setOpen(next)
  }
  const descending = p.sort.startsWith('-')
  const sortKey = descending ? p.sort.slice(1) : p.sort
  const sortBy = (key: string) =>
    p.onSort(
      key === sortKey ? (descending ? key : `-${key}`) : key === 'timestamp' ? '-timestamp' : key,
    )
  const expander: TableColumn<AuditRecord> = {
    key: 'expand',
    label: '',
    head: null,
    padding: 'checkbox',
    render: (r) => (
      <IconButton
        size="small"
        aria-label={t('audit.expand', { id: r.id })}
        aria-expanded={open.has(r.id)}
        onClick={() => toggle(r.id)}
      >
        {open.has(r.id) ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
      </IconButton>
    ),
  }
  const columns: TableColumn<AuditRecord>[] = [
    expander,
    ...COLUMNS.map((c) => ({
      key: c.key,
      label: t(c.title),
      sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      headProps: {
        sortDirection: sortKey === c.key ? (descending ? 'desc' : 'asc') : false,
        sx: { whiteSpace: 'nowrap' },
      } as const,
      head: (
        <TableSortLabel
          active={sortKey === c.key}
          direction={sortKey === c.key && descending ? 'desc' : 'asc'}
          onClick={() => sortBy(c.key)}
          title={t('audit.sortBy', { field: t(c.title) })}
        >
          {t(c.title)}
        </TableSortLabel>
      ),
      render: (r: AuditRecord) => c.render(r, p.layers),
    })),
  ]
  return (
    <DataTable
      columns={columns}
      rows={p.rows}
      rowKey={(r) => r.id}
      empty={t('audit.empty')}
      loading={p.loading}
      label={t('audit.title')}
      maxHeight="65vh"
      pager={{
        total: p.total,
        page: p.page,
        limit: p.limit,
        sizes: AUDIT_PAGE_SIZES,
        onPage: p.onPage,
      }}
      pagerSx={{}}
      rowProps={(r) => ({
        'data-audit-id': r.id,
        sx: { '& > td': { borderBottom: open.has(r.id) ? 'none' : undefined } },
      })}
      after={(r) => (
        <TableRow>
          <TableCell colSpan={COLUMNS.length + 1} sx={{ py: 0 }}>
            <Collapse in={open.has(r.id)} timeout="auto" unmountOnExit>
              <AuditChanges record={r} layer={p.layers.find((l) => l.name === r.table)} />
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    />
  )
}
