import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import { SYNC_PAGE_SIZES, type SyncItem, type SyncLog, type SyncPackageStatus } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { Link as RouterLink } from 'react-router'
import { DataTable, type Column } from '../../components/DataTable'
import { useUrlToken } from '../../state/url-token'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import {
  actionLabel,
  dateTime,
  itemStatusLabel,
  packageStatusLabel,
  statusColor,
} from './sync-labels'
import { syncLogUrl } from './sync.api'

/** A package's status as a coloured chip (package page, queue, control panel's list). */
export function PackageStatusChip({ status }: { status: SyncPackageStatus }) {
  return <Chip size="small" color={statusColor(status)} label={packageStatusLabel(status)} />
}

/** '#id name', a link to the package's page. */
export function PackageLink({ pkg }: { pkg: { id: number; name: string } }) {
  return (
    <Link component={RouterLink} to={`/dashboard/sync/${pkg.id}`}>
      #{pkg.id} {pkg.name}
    </Link>
  )
}

interface Paging {
  page: number
  limit: number
}

interface TableProps<R> {
  rows: readonly R[]
  total: number
  loading: boolean
  paging: Paging
  onPaging: (paging: Paging) => void
}

/** What both tables take alike: borderless, the page's rows and the pager under them. */
const pagedOf = <R,>(p: TableProps<R>) => ({
  bare: true,
  rows: p.rows,
  loading: p.loading,
  pager: {
    total: p.total,
    page: p.paging.page,
    limit: p.paging.limit,
    sizes: SYNC_PAGE_SIZES,
    onPage: (page: number, limit: number) => p.onPaging({ page, limit }),
  },
  pagerSx: {},
})

/** The package's items: a checkbox each and the page's, layer, feature, dates, status, action. */
export function SyncItemsTable({
  selected,
  onSelect,
  ...p
}: TableProps<SyncItem> & {
  selected: ReadonlySet<number>
  onSelect: (ids: number[], on: boolean) => void
}) {
  const { data: layers } = useGetLayerDescriptionsQuery()
  const columns: Column<SyncItem>[] = [
    {
      key: 'layer',
      label: t('sync.colLayer'),
      cellProps: (r) => ({ title: r.layer }),
      render: (r) => layers?.find((l) => l.name === r.layer)?.title ?? r.layer,
    },
    { key: 'feature', label: t('sync.colFeature'), render: (r) => r.featureId },
    {
      key: 'created',
      label: t('sync.colCreated'),
      wide: true,
      render: (r) => dateTime(r.createdDate),
    },
    {
      key: 'operation',
      label: t('sync.colOperation'),
      wide: true,
      render: (r) => dateTime(r.operationDate),
    },
    {
      key: 'status',
      label: t('sync.colStatus'),
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          color={r.status === 'SYNCED' ? 'success' : r.status === 'ERROR' ? 'error' : 'default'}
          label={itemStatusLabel(r.status)}
        />
      ),
    },
    { key: 'action', label: t('sync.colAction'), render: (r) => actionLabel(r.action) },
    {
      key: 'message',
      label: t('sync.colMessage'),
      cellProps: () => ({ sx: { maxWidth: 420, overflowWrap: 'anywhere' } }),
      render: (r) => r.message ?? '-',
    },
  ]
  return (
    <DataTable
      {...pagedOf(p)}
      columns={columns}
      rowKey={(r) => r.id}
      empty={t('sync.noItems')}
      label={t('sync.tabItems')}
      maxHeight="60vh"
      selection={{
        selected,
        onSelect,
        id: (r) => r.id,
        pageLabel: t('sync.selectAll'),
        rowLabel: (r) => t('sync.selectItem', { id: r.featureId }),
      }}
    />
  )
}

/** The package's run logs, newest first, each downloadable. */
export function SyncLogsTable({ packageId, ...p }: TableProps<SyncLog> & { packageId?: number }) {
  const token = useUrlToken()
  const columns: Column<SyncLog>[] = [
    { key: 'date', label: t('sync.colLogDate'), render: (l) => dateTime(l.createdDate) },
    {
      key: 'name',
      label: t('sync.colLogName'),
      render: (l) => (
        <Link
          href={packageId === undefined ? undefined : syncLogUrl(packageId, l.id, token)}
          download
        >
          {l.name}
        </Link>
      ),
    },
  ]
  return (
    <DataTable
      {...pagedOf(p)}
      columns={columns}
      rowKey={(l) => l.id}
      empty={t('sync.noLogs')}
      label={t('sync.tabLogs')}
    />
  )
}
