import Delete from '@mui/icons-material/DeleteOutlined'
import Refresh from '@mui/icons-material/Refresh'
import SyncIcon from '@mui/icons-material/Sync'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { SYNC_DEFAULT_LIMIT, SYNC_PAGE_SIZES, type SyncPackage } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router'
import { toFailure } from '../../api/base-api'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { PageHeader } from '../../components/PageHeader'
import { useUrlToken } from '../feature-form'
import { useGetLayerDescriptionsQuery } from '../layers'
import {
  actionLabel,
  dateTime,
  itemStatusLabel,
  packageStatusLabel,
  statusColor,
} from './sync-labels'
import {
  syncLogUrl,
  useRemoveSyncItemsMutation,
  useRunSyncMutation,
  useSyncItemsQuery,
  useSyncLogsQuery,
  useSyncPackageQuery,
} from './sync.api'
import { TablePager } from '../../components/TablePager'
import { NumberField } from '../../components/br-input'

const POLL_MS = 2000

const busy = (p: SyncPackage | undefined) => p?.status === 'QUEUED' || p?.status === 'RUNNING'

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
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const token = useUrlToken()
  const [tab, setTab] = useState<'items' | 'logs'>('items')
  const [items, setItems] = useState({ page: 0, limit: SYNC_DEFAULT_LIMIT })
  const [logs, setLogs] = useState({ page: 0, limit: SYNC_DEFAULT_LIMIT })
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [confirm, setConfirm] = useState<'run' | 'remove' | null>(null)
  const [goTo, setGoTo] = useState<number | null>(null)

  // Always read afresh on arrival: a run changes items and logs on the server meanwhile.
  const fresh = { refetchOnMountOrArgChange: true }
  const pkgQuery = useSyncPackageQuery(id ?? skipToken, fresh)
  const pkg = pkgQuery.data
  const poll = busy(pkg) ? POLL_MS : 0
  useSyncPackageQuery(id ?? skipToken, { pollingInterval: poll })
  const itemsQuery = useSyncItemsQuery(id === undefined ? skipToken : { id, ...items }, {
    ...fresh,
    pollingInterval: poll,
  })
  const logsQuery = useSyncLogsQuery(
    id === undefined || tab !== 'logs' ? skipToken : { id, ...logs, sort: '-createdDate' },
    fresh,
  )
  // A run that ends while the page is open: its items' results and its log, at once.
  const running = busy(pkg)
  const wasRunning = useRef(false)
  useEffect(() => {
    if (wasRunning.current && !running) {
      void itemsQuery.refetch()
      if (tab === 'logs') void logsQuery.refetch()
    }
    wasRunning.current = running
  }, [running])
  const { data: layers } = useGetLayerDescriptionsQuery()
  const [run] = useRunSyncMutation()
  const [remove] = useRemoveSyncItemsMutation()

  const loadFailed = pkgQuery.isError || itemsQuery.isError
  useEffect(() => {
    if (loadFailed) enqueueSnackbar(t('sync.loadFailed'), { variant: 'error' })
  }, [loadFailed, enqueueSnackbar])
  useEffect(() => {
    if (logsQuery.isError) enqueueSnackbar(t('sync.logsFailed'), { variant: 'error' })
  }, [logsQuery.isError, enqueueSnackbar])
  useEffect(() => setSelected(new Set()), [id])

  const rows = itemsQuery.data?.items ?? []
  const pageIds = rows.map((r) => r.id)
  const chosenOnPage = pageIds.filter((r) => selected.has(r)).length
  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(selected)
    for (const i of ids) {
      if (on) next.add(i)
      else next.delete(i)
    }
    setSelected(next)
  }

  const refresh = () => {
    void pkgQuery.refetch()
    void itemsQuery.refetch()
    if (tab === 'logs') void logsQuery.refetch()
  }

  const runNow = async () => {
    if (id === undefined) return
    try {
      await run(id).unwrap()
      setConfirm(null)
      enqueueSnackbar(t('sync.queued', { name: pkg?.name ?? '' }), { variant: 'success' })
      void navigate('/dashboard/syncqueue')
    } catch (err) {
      // Spec 3 §8: a failed synchronise is only logged; a refusal says why.
      console.error('sync run', err)
      setConfirm(null)
      const f = toFailure(err)
      if (f.status === 400 || f.status === 409) enqueueSnackbar(f.message, { variant: 'warning' })
    }
  }

  const removeNow = async () => {
    if (id === undefined) return
    try {
      const { removed } = await remove({ id, items: [...selected] }).unwrap()
      setSelected(new Set())
      enqueueSnackbar(t('sync.removed', { count: removed }), { variant: 'success' })
    } catch (err) {
      console.error('sync remove', err)
      const f = toFailure(err)
      if (f.status === 409) enqueueSnackbar(f.message, { variant: 'warning' })
    } finally {
      setConfirm(null)
    }
  }

  const header = (
    <PageHeader
      title={pkg ? `${t('sync.pageTitle')} #${pkg.id}` : t('sync.pageTitle')}
      subtitle={pkg?.name}
    />
  )
  const toolbar = (
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
      <Button startIcon={<Refresh />} onClick={refresh} disabled={id === undefined}>
        {t('sync.refresh')}
      </Button>
      <Button
        color="error"
        startIcon={<Delete />}
        disabled={selected.size === 0 || busy(pkg)}
        onClick={() => setConfirm('remove')}
      >
        {t('sync.removeSelected')}
      </Button>
      <Button
        variant="contained"
        startIcon={<SyncIcon />}
        disabled={!pkg || busy(pkg) || pkg.itemsTotal === 0}
        onClick={() => setConfirm('run')}
      >
        {t('sync.synchronise')}
      </Button>
    </Box>
  )

  return (
    <Box
      sx={{ width: '100%', maxWidth: 1400, mx: 'auto', px: { xs: 1, sm: 3 }, py: { xs: 2, sm: 3 } }}
    >
      {header}
      {toolbar}
      {(id === undefined || (pkgQuery.isError && toFailure(pkgQuery.error).status === 404)) && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('sync.notFoundPage')}
        </Alert>
      )}
      {pkg && (
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
            <Chip
              size="small"
              color={statusColor(pkg.status)}
              label={packageStatusLabel(pkg.status)}
            />
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
      )}

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs value={tab} onChange={(_e, v: 'items' | 'logs') => setTab(v)}>
          <Tab value="items" label={t('sync.tabItems')} />
          <Tab value="logs" label={t('sync.tabLogs')} />
        </Tabs>
        {tab === 'items' ? (
          <>
            <Box sx={{ height: 4 }}>{itemsQuery.isFetching && <LinearProgress />}</Box>
            <TableContainer sx={{ maxHeight: '60vh' }}>
              <Table size="small" stickyHeader aria-label={t('sync.tabItems')}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        indeterminate={chosenOnPage > 0 && chosenOnPage < pageIds.length}
                        checked={pageIds.length > 0 && chosenOnPage === pageIds.length}
                        disabled={pageIds.length === 0}
                        onChange={(e) => toggle(pageIds, e.target.checked)}
                        slotProps={{ input: { 'aria-label': t('sync.selectAll') } }}
                      />
                    </TableCell>
                    <TableCell>{t('sync.colLayer')}</TableCell>
                    <TableCell>{t('sync.colFeature')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {t('sync.colCreated')}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {t('sync.colOperation')}
                    </TableCell>
                    <TableCell>{t('sync.colStatus')}</TableCell>
                    <TableCell>{t('sync.colAction')}</TableCell>
                    <TableCell>{t('sync.colMessage')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.id} hover selected={selected.has(r.id)}>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.has(r.id)}
                          onChange={(e) => toggle([r.id], e.target.checked)}
                          slotProps={{
                            input: { 'aria-label': t('sync.selectItem', { id: r.featureId }) },
                          }}
                        />
                      </TableCell>
                      <TableCell title={r.layer}>
                        {layers?.find((l) => l.name === r.layer)?.title ?? r.layer}
                      </TableCell>
                      <TableCell>{r.featureId}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        {dateTime(r.createdDate)}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        {dateTime(r.operationDate)}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={
                            r.status === 'SYNCED'
                              ? 'success'
                              : r.status === 'ERROR'
                                ? 'error'
                                : 'default'
                          }
                          label={itemStatusLabel(r.status)}
                        />
                      </TableCell>
                      <TableCell>{actionLabel(r.action)}</TableCell>
                      <TableCell sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
                        {r.message ?? '-'}
                      </TableCell>
                    </TableRow>
                  ))}
                  {!itemsQuery.isFetching && rows.length === 0 && (
                    <TableRow>
                      <TableCell
                        colSpan={8}
                        sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                      >
                        {t('sync.noItems')}
                      </TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePager
              sizes={SYNC_PAGE_SIZES}
              total={itemsQuery.data?.rowCount ?? 0}
              page={items.page}
              limit={items.limit}
              onPage={(page, limit) => setItems({ page, limit })}
            />
          </>
        ) : (
          <>
            <Box sx={{ height: 4 }}>{logsQuery.isFetching && <LinearProgress />}</Box>
            <TableContainer>
              <Table size="small" aria-label={t('sync.tabLogs')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('sync.colLogDate')}</TableCell>
                    <TableCell>{t('sync.colLogName')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(logsQuery.data?.rows ?? []).map((l) => (
                    <TableRow key={l.id} hover>
                      <TableCell>{dateTime(l.createdDate)}</TableCell>
                      <TableCell>
                        <Link
                          href={id === undefined ? undefined : syncLogUrl(id, l.id, token)}
                          download
                        >
                          {l.name}
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                  {!logsQuery.isFetching && (logsQuery.data?.rows.length ?? 0) === 0 && (
                    <TableRow>
                      <TableCell
                        colSpan={2}
                        sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                      >
                        {t('sync.noLogs')}
                      </TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePager
              sizes={SYNC_PAGE_SIZES}
              total={logsQuery.data?.total ?? 0}
              page={logs.page}
              limit={logs.limit}
              onPage={(page, limit) => setLogs({ page, limit })}
            />
          </>
        )}
      </Paper>

      <ConfirmDialog
        open={confirm === 'remove'}
        title={t('sync.confirmRemoveTitle')}
        text={t('sync.confirmRemove', { count: selected.size })}
        confirmLabel={t('sync.removeSelected')}
        onConfirm={removeNow}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'run'}
        title={t('sync.confirmRunTitle')}
        text={t('sync.confirmRun', { name: pkg?.name ?? '' })}
        confirmLabel={t('sync.synchronise')}
        danger={false}
        onConfirm={runNow}
        onClose={() => setConfirm(null)}
      />
    </Box>
  )
}
