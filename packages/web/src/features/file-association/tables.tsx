import Chip from '@mui/material/Chip'
import { t, type MessageKey } from '@gis/shared/i18n'
import {
  FILE_STATUS,
  SYNCFILES_PAGE_SIZES,
  type FileEntry,
  type FileStatus,
  type MissingFileEntry,
  type PendingReason,
} from '@gis/shared/syncfiles'
import { useMemo, useState } from 'react'
import { DataTable, type Column } from '../../components/PagedTable'

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

/** Why a file waits, from the catalogue. */
export function reasonText(r: PendingReason): string {
  switch (r.code) {
    case 'noRecord':
      return t('syncfiles.reason.noRecord', { value: r.value ?? '' })
    case 'severalRecords': {
      const ids = (r.ids ?? []).join(', ')
      const more = (r.count ?? 0) > (r.ids?.length ?? 0) ? ', …' : ''
      return t('syncfiles.reason.severalRecords', {
        count: r.count ?? 0,
        value: r.value ?? '',
        ids: ids + more,
      })
    }
    case 'notImage':
      return t('syncfiles.reason.notImage', { field: r.field ?? '' })
    case 'tooBig':
      return t('syncfiles.reason.tooBig', { max: r.maxMb ?? 0 })
    case 'uploadFailed':
      return t('syncfiles.reason.uploadFailed', { message: r.message ?? '' })
  }
}

/**
 * The reason column: why a file waits; for a pending file without one, 'to be sent' once the
 * scan chose its record, else 'not compared yet'; nothing for a file sent.
 */
const reasonCell = (f: FileEntry, toSend: ReadonlySet<string>): string => {
  if (f.reason) return reasonText(f.reason)
  if (f.status !== FILE_STATUS.pending) return '-'
  return toSend.has(f.name) ? t('syncfiles.reason.toSend') : t('syncfiles.reason.none')
}

export function StatusChip({ status }: { status: FileStatus }) {
  return <Chip size="small" label={statusLabel(status)} color={STATUS_COLOR[status]} />
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
  empty: string
}) {
  const [paging, setPaging] = useState({ page: 0, limit: SYNCFILES_PAGE_SIZES[0] as number })
  const lastPage = Math.max(0, Math.ceil(rows.length / paging.limit) - 1)
  const page = Math.min(paging.page, lastPage)
  const start = page * paging.limit
  return (
    <DataTable
      columns={columns}
      rows={rows.slice(start, start + paging.limit)}
      rowKey={(_row, index) => index}
      label={label}
      empty={empty}
      maxHeight="55vh"
      pager={{
        total: rows.length,
        page,
        limit: paging.limit,
        sizes: SYNCFILES_PAGE_SIZES,
        onPage: (p, limit) => setPaging({ page: p, limit }),
      }}
    />
  )
}

const fileColumns = (toSend: ReadonlySet<string>): Column<FileEntry>[] => [
  { key: 'index', label: t('syncfiles.colIndex'), render: (_f, i) => i + 1, wide: true },
  {
    key: 'status',
    label: t('syncfiles.colStatus'),
    render: (f) => <StatusChip status={f.status} />,
  },
  { key: 'name', label: t('syncfiles.colName'), render: (f) => f.name },
  {
    key: 'association',
    label: t('syncfiles.colAssociation'),
    render: (f) => associationText(f) || '-',
    wide: true,
  },
  { key: 'type', label: t('syncfiles.colType'), render: (f) => f.type || '-', wide: true },
  { key: 'reason', label: t('syncfiles.colReason'), render: (f) => reasonCell(f, toSend) },
]

const NONE: ReadonlySet<string> = new Set()

/** The folder's files (DADOS, and the summary): #, Estado, Nome, Associação, Tipo, Motivo. */
export function FilesTable({
  files,
  label = t('syncfiles.tabData'),
  toSend = NONE,
}: {
  files: readonly FileEntry[]
  label?: string
  /** The files the scan will send. */
  toSend?: ReadonlySet<string>
}) {
  const columns = useMemo(() => fileColumns(toSend), [toSend])
  return (
    <LocalPagedTable
      rows={files}
      columns={columns}
      label={label}
      empty={t('syncfiles.filesNone')}
    />
  )
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '-'
}

const MISSING_COLUMNS: Column<MissingFileEntry>[] = [
  { key: 'index', label: t('syncfiles.colIndex'), render: (_m, i) => i + 1 },
  { key: 'layer', label: t('syncfiles.colLayer'), render: (m) => m.layerName },
  { key: 'record', label: t('syncfiles.colLayerIndex'), render: (m) => m.association.id },
  { key: 'field', label: t('syncfiles.colField'), render: (m) => m.cell },
  { key: 'name', label: t('syncfiles.colFileName'), render: (m) => m.text },
  { key: 'type', label: t('syncfiles.colType'), render: (m) => extensionOf(m.text) },
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
