import Refresh from '@mui/icons-material/Refresh'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { Link as RouterLink } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { dateTime, packageStatusLabel, statusColor } from './sync-labels'
import { SYNC_REGULATOR, useSyncQueueQuery } from './sync.api'

const POLL_MS = 2000

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
    <Box
      sx={{ width: '100%', maxWidth: 1400, mx: 'auto', px: { xs: 1, sm: 3 }, py: { xs: 2, sm: 3 } }}
    >
      <PageHeader
        title={t('sync.queueTitle')}
        actions={
          <Button startIcon={<Refresh />} onClick={() => void queue.refetch()}>
            {t('sync.refresh')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{queue.isFetching && <LinearProgress />}</Box>
        <TableContainer>
          <Table size="small" aria-label={t('sync.queueTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sync.colPackage')}</TableCell>
                <TableCell>{t('sync.colStatus')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('sync.colQueued')}
                </TableCell>
                <TableCell>{t('sync.colProgress')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('sync.result')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <TableRow key={p.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/dashboard/sync/${p.id}`}>
                      #{p.id} {p.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={statusColor(p.status)}
                      label={packageStatusLabel(p.status)}
                    />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {dateTime(p.queuedDate)}
                  </TableCell>
                  <TableCell>
                    {p.itemsPartial}/{p.itemsTotal}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {p.message ?? '-'}
                  </TableCell>
                </TableRow>
              ))}
              {!queue.isFetching && rows.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={5}
                    sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                  >
                    {t('sync.queueEmpty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  )
}
