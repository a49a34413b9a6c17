import { skipToken } from '@reduxjs/toolkit/query/react'
import { SYNC_DEFAULT_LIMIT, type SyncPackage } from '@gis/shared'
import { t, tn } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { toFailure } from '../../api/base-api'
import {
  useRemoveSyncItemsMutation,
  useRunSyncMutation,
  useSyncItemsQuery,
  useSyncLogsQuery,
  useSyncPackageQuery,
} from './sync.api'

const POLL_MS = 2000

export const isBusy = (p: SyncPackage | undefined) =>
  p?.status === 'QUEUED' || p?.status === 'RUNNING'

export type SyncTab = 'items' | 'logs'

/**
 * The data of the synchronisation package page: the package (polled while it runs), a page of
 * its items and of its logs, the items chosen, and the two acts (run, remove the chosen).
 */
export function useSyncPackage(id: number | undefined, tab: SyncTab) {
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const [items, setItems] = useState({ page: 0, limit: SYNC_DEFAULT_LIMIT })
  const [logs, setLogs] = useState({ page: 0, limit: SYNC_DEFAULT_LIMIT })
  const [selected, setSelected] = useState<Set<number>>(new Set())

  // Always read afresh on arrival: a run changes items and logs on the server meanwhile.
  const fresh = { refetchOnMountOrArgChange: true }
  const pkgQuery = useSyncPackageQuery(id ?? skipToken, fresh)
  const pkg = pkgQuery.data
  const poll = isBusy(pkg) ? POLL_MS : 0
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
  const running = isBusy(pkg)
  const wasRunning = useRef(false)
  const refetchResults = useEffectEvent(() => {
    void itemsQuery.refetch()
    if (tab === 'logs') void logsQuery.refetch()
  })
  useEffect(() => {
    if (wasRunning.current && !running) refetchResults()
    wasRunning.current = running
  }, [running])
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
      enqueueSnackbar(t('sync.queued', { name: pkg?.name ?? '' }), { variant: 'success' })
      void navigate('/dashboard/syncqueue')
    } catch (err) {
      // Spec 3 §8: a failed synchronise is only logged; a refusal says why.
      console.error('sync run', err)
      const f = toFailure(err)
      if (f.status === 400 || f.status === 409) enqueueSnackbar(f.message, { variant: 'warning' })
    }
  }

  const removeNow = async () => {
    if (id === undefined) return
    try {
      const { removed } = await remove({ id, items: [...selected] }).unwrap()
      setSelected(new Set())
      enqueueSnackbar(tn('sync.removed.one', 'sync.removed.other', removed), { variant: 'success' })
    } catch (err) {
      console.error('sync remove', err)
      const f = toFailure(err)
      if (f.status === 409) enqueueSnackbar(f.message, { variant: 'warning' })
    }
  }

  const notFound =
    id === undefined || (pkgQuery.isError && toFailure(pkgQuery.error).status === 404)
  return {
    pkg,
    notFound,
    items: { query: itemsQuery, paging: items, setPaging: setItems },
    logs: { query: logsQuery, paging: logs, setPaging: setLogs },
    selected,
    toggle,
    refresh,
    runNow,
    removeNow,
  }
}
