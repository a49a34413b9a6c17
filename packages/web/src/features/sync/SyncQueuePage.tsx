import Refresh from '@mui/icons-material/Refresh'
import Button from '@mui/material/Button'
import type { SyncQueue } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { DataTable, type Column } from '../../components/DataTable'
import { PageFrame } from '../../components/PageHeader'
import { dateTime } from './sync-labels'
import { PackageLink, PackageStatusChip } from './SyncTables'
import { SYNC_REGULATOR, useSyncQueueQuery } from './sync.api'

const POLL_MS = 2000

type QueuedPackage = SyncQueue['items'][number]

const COLUMNS: Column<QueuedPackage>[] = [
  {
    key: 'package',
    label: t('sync.colPackage'),
    render: (p) => <PackageLink pkg={p} />,
  },
  {
    key: 'status',
    label: t('sync.colStatus'),
    render: (p) => <PackageStatusChip status={p.status} />,
  },
  {
    key: 'queued',
    label: t('sync.colQueued'),
    render: (p) => dateTime(p.queuedDate),
    sx: { display: { xs: 'none', sm: 'table-cell' } },
  },
  {
    key: 'progress',
    label: t('sync.colProgress'),
    render: (p) => `${p.itemsPartial}/${p.itemsTotal}`,
  },
  { key: 'result', label: t('sync.result'), render: (p) => p.message ?? '-', wide: true },
]

/**
 * The synchronisation queue (/dashboard/syncqueue/, administrators; reached after a
 * successful SINCRONIZAR): the packages waiting or running first, then the latest finished,
 * refreshed every 2 s while any is waiting or running.
 */
export function SyncQueuePage() {
  const { enqueueSnackbar } = useSnackbar()
  const first = useSyncQueueQuery(SYNC_REGULATOR)
  const active = (first.data?.items ?? []).some(
    (p) => p.status === 'QUEUED' || p.status === 'RUNNING',
  )
  const queue = useSyncQueueQuery(SYNC_REGULATOR, { pollingInterval: active ? POLL_MS : 0 })
  useEffect(() => {
    if (queue.isError) enqueueSnackbar(t('sync.queueFailed'), { variant: 'error' })
  }, [queue.isError, enqueueSnackbar])
  const rows = queue.data?.items ?? []
  return (
    <PageFrame
      title={t('sync.queueTitle')}
      actions={
        <Button startIcon={<Refresh />} onClick={() => void queue.refetch()}>
          {t('sync.refresh')}
        </Button>
      }
    >
      <DataTable
        label={t('sync.queueTitle')}
        columns={COLUMNS}
        rows={rows}
        rowKey={(p) => p.id}
        loading={queue.isFetching}
        empty={t('sync.queueEmpty')}
      />
    </PageFrame>
  )
}
