import Delete from '@mui/icons-material/DeleteOutlined'
import Refresh from '@mui/icons-material/Refresh'
import SyncIcon from '@mui/icons-material/Sync'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { SyncPackage } from '@gis/shared'
import { t, tn } from '@gis/shared/i18n'
import { useState, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { PageFrame } from '../../components/PageHeader'
import { NumberField } from '../../components/br-input'
import { PackageStatusChip, SyncItemsTable, SyncLogsTable } from './SyncTables'
import { isBusy, useSyncPackage, type SyncTab } from './use-sync-package'

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ mt: 0.25 }}>{children}</Box>
    </Box>
  )
}

/** The package's name, status, result and success as partial/total. */
function PackageInfo({ pkg }: { pkg: SyncPackage }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 3 }}
      aria-label={t('sync.pageTitle')}
      component="section"
    >
      <Info label={t('sync.name')}>
        <Typography>{pkg.name}</Typography>
      </Info>
      <Info label={t('sync.status')}>
        <PackageStatusChip status={pkg.status} />
      </Info>
      <Info label={t('sync.result')}>
        <Typography>{pkg.message ?? '-'}</Typography>
      </Info>
      <Info label={t('sync.success')}>
        <Typography>
          {pkg.itemsPartial}/{pkg.itemsTotal}
        </Typography>
      </Info>
    </Paper>
  )
}

/** IR PARA PACOTE with its number, ATUALIZAR, REMOVER SELECIONADOS and SINCRONIZAR. */
function Toolbar({
  onRefresh,
  canRefresh,
  canRemove,
  canRun,
  onRemove,
  onRun,
}: {
  onRefresh: () => void
  canRefresh: boolean
  canRemove: boolean
  canRun: boolean
  onRemove: () => void
  onRun: () => void
}) {
  const navigate = useNavigate()
  const [goTo, setGoTo] = useState<number | null>(null)
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
      <NumberField
        size="small"
        label={t('sync.goToPackageLabel')}
        value={goTo}
        integer
        min={1}
        onChange={setGoTo}
        onProblem={(problem) => problem && setGoTo(Number.NaN)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && goTo) void navigate(`/dashboard/sync/${goTo}`)
        }}
        sx={{ width: 170 }}
      />
      <Button
        variant="outlined"
        disabled={!goTo}
        onClick={() => void navigate(`/dashboard/sync/${goTo}`)}
      >
        {t('sync.goToPackage')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <Button startIcon={<Refresh />} onClick={onRefresh} disabled={!canRefresh}>
        {t('sync.refresh')}
      </Button>
      <Button color="error" startIcon={<Delete />} disabled={!canRemove} onClick={onRemove}>
        {t('sync.removeSelected')}
      </Button>
      <Button variant="contained" startIcon={<SyncIcon />} disabled={!canRun} onClick={onRun}>
        {t('sync.synchronise')}
      </Button>
    </Box>
  )
}

/**
 * The synchronisation package page (/dashboard/sync/{syncId}, administrators; spec 3
 * 'Synchronisation package window'): the package's name, status, result and success as
 * partial/total; its items (checkboxes, select-all, REMOVER SELECIONADOS after confirmation)
 * and its run logs (each downloadable); IR PARA PACOTE, SINCRONIZAR (confirmed: it cannot be
 * cancelled; then the queue page) and ATUALIZAR.
 */
export function SyncPage() {
  const { syncId = '' } = useParams()
  const id = /^\d{1,15}$/.test(syncId) ? Number(syncId) : undefined
  const [tab, setTab] = useState<SyncTab>('items')
  const [confirm, setConfirm] = useState<'run' | 'remove' | null>(null)
  const sync = useSyncPackage(id, tab)
  const { pkg, items, logs, selected } = sync

  return (
    <PageFrame
      title={pkg ? `${t('sync.pageTitle')} #${pkg.id}` : t('sync.pageTitle')}
      subtitle={pkg?.name}
    >
      <Toolbar
        onRefresh={sync.refresh}
        canRefresh={id !== undefined}
        canRemove={selected.size > 0 && !isBusy(pkg)}
        canRun={Boolean(pkg) && !isBusy(pkg) && pkg!.itemsTotal > 0}
        onRemove={() => setConfirm('remove')}
        onRun={() => setConfirm('run')}
      />
      {sync.notFound && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('sync.notFoundPage')}
        </Alert>
      )}
      {pkg && <PackageInfo pkg={pkg} />}

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs value={tab} onChange={(_e, v: SyncTab) => setTab(v)}>
          <Tab value="items" label={t('sync.tabItems')} />
          <Tab value="logs" label={t('sync.tabLogs')} />
        </Tabs>
        {tab === 'items' ? (
          <SyncItemsTable
            rows={items.query.data?.items ?? []}
            total={items.query.data?.rowCount ?? 0}
            loading={items.query.isFetching}
            paging={items.paging}
            onPaging={items.setPaging}
            selected={selected}
            onSelect={sync.toggle}
          />
        ) : (
          <SyncLogsTable
            packageId={id}
            rows={logs.query.data?.rows ?? []}
            total={logs.query.data?.total ?? 0}
            loading={logs.query.isFetching}
            paging={logs.paging}
            onPaging={logs.setPaging}
          />
        )}
      </Paper>

      <ConfirmDialog
        open={confirm === 'remove'}
        title={t('sync.confirmRemoveTitle')}
        text={tn('sync.confirmRemove.one', 'sync.confirmRemove.other', selected.size)}
        confirmLabel={t('sync.removeSelected')}
        onConfirm={async () => {
          await sync.removeNow()
          setConfirm(null)
        }}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'run'}
        title={t('sync.confirmRunTitle')}
        text={t('sync.confirmRun', { name: pkg?.name ?? '' })}
        confirmLabel={t('sync.synchronise')}
        danger={false}
        onConfirm={async () => {
          await sync.runNow()
          setConfirm(null)
        }}
        onClose={() => setConfirm(null)}
      />
    </PageFrame>
  )
}
