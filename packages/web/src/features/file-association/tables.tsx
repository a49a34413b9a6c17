import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { t, type MessageKey } from '@gis/shared/i18n'
import {
  FILE_STATUS,
  SYNCFILES_PAGE_SIZES,
  type FileEntry,
  type FileStatus,
  type MissingFileEntry,
} from '@gis/shared/syncfiles'
import { useState, type ReactNode } from 'react'
import { TablePager } from '../../components/TablePager'

const STATUS_COLOR: Record<FileStatus, 'success' | 'info' | 'default' | 'error'> = {
  [FILE_STATUS.created]: 'success',
  [FILE_STATUS.updated]: 'info',
  [FILE_STATUS.pending]: 'default',
  [FILE_STATUS.error]: 'error',
}

export const statusLabel = (status: FileStatus): string =>
  t(`syncfiles.status.${status}` as MessageKey)

export const associationText = (f: Pick<FileEntry, 'association'>): string =>
  f.association.map((a) => `${a.name}:${a.id}`).join(', ')

export function StatusChip({ status }: { status: FileStatus }) {
  return <Chip size="small" label={statusLabel(status)} color={STATUS_COLOR[status]} />
}

interface Column<T> {
  key: string
  label: MessageKey
  render: (row: T, index: number) => ReactNode
}

/** A table paged in the browser with 30/50/100 rows (spec 2 §9). */
function LocalPagedTable<T>({
  rows,
  columns,
  label,
  empty,
}: {
  rows: readonly T[]
  columns: Column<T>[]
  label: string
  empty?: string
}) {
  const [paging, setPaging] = useState({ page: 0, limit: SYNCFILES_PAGE_SIZES[0] as number })
  const lastPage = Math.max(0, Math.ceil(rows.length / paging.limit) - 1)
  const page = Math.min(paging.page, lastPage)
  const start = page * paging.limit
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer sx={{ maxHeight: '55vh' }}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} sx={{ whiteSpace: 'nowrap' }}>
                  {t(c.label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(start, start + paging.limit).map((row, i) => (
              <TableRow key={start + i} hover>
                {columns.map((c) => (
                  <TableCell key={c.key}>{c.render(row, start + i)}</TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && empty && (
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
        total={rows.length}
        page={page}
        limit={paging.limit}
        sizes={SYNCFILES_PAGE_SIZES}
        onPage={(p, limit) => setPaging({ page: p, limit })}
      />
    </Paper>
  )
}

const FILE_COLUMNS: Column<FileEntry>[] = [
  { key: 'index', label: 'syncfiles.colIndex', render: (_f, i) => i + 1 },
  { key: 'status', label: 'syncfiles.colStatus', render: (f) => <StatusChip status={f.status} /> },
  { key: 'name', label: 'syncfiles.colName', render: (f) => f.name },
  {
    key: 'association',
    label: 'syncfiles.colAssociation',
    render: (f) => associationText(f) || '-',
  },
  { key: 'type', label: 'syncfiles.colType', render: (f) => f.type || '-' },
]

/** The folder's files (DADOS, and the summary): #, Estado, Nome, Associação, Tipo. */
export function FilesTable({ files }: { files: readonly FileEntry[] }) {
  return <LocalPagedTable rows={files} columns={FILE_COLUMNS} label={t('syncfiles.tabData')} />
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '-'
}

const MISSING_COLUMNS: Column<MissingFileEntry>[] = [
  { key: 'index', label: 'syncfiles.colIndex', render: (_m, i) => i + 1 },
  { key: 'layer', label: 'syncfiles.colLayer', render: (m) => m.layerName },
  { key: 'record', label: 'syncfiles.colLayerIndex', render: (m) => m.association.id },
  { key: 'field', label: 'syncfiles.colField', render: (m) => m.cell },
  { key: 'name', label: 'syncfiles.colFileName', render: (m) => m.text },
  { key: 'type', label: 'syncfiles.colType', render: (m) => extensionOf(m.text) },
]

/** Step 3's values naming files the folder lacks. */
export function MissingTable({ missing }: { missing: readonly MissingFileEntry[] }) {
  return (
    <LocalPagedTable
      rows={missing}
      columns={MISSING_COLUMNS}
      label={t('syncfiles.missingTitle')}
      empty={t('syncfiles.missingNone')}
    />
  )
}
