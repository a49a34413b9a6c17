import Refresh from '@mui/icons-material/Refresh'
import Button from '@mui/material/Button'
import type { Approval } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { useAppDispatch } from '../../state/root-state'
import { PagedTable, type Column } from '../../components/PagedTable'
import { openWindow } from '../../windows/open-window'
import { type WindowProps } from '../../windows/window-type'
import { ApprovalStatusChip } from './ApprovalStatusChip'
import { useListApprovalsQuery } from './approvals.api'
import {
  APPROVAL_REVIEW_WINDOW,
  APPROVALS_FIRST_PAGE,
  type ApprovalsListState,
} from './approvals-state'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—')

/**
 * 'Gerenciar Aprovações' (administrators): every submission with its counts and status,
 * sortable by each column, searchable; Ações opens 'APROVAR / REJEITAR' for that approval.
 */
export function ApprovalsWindow({ state, setState }: WindowProps<ApprovalsListState>) {
  const paging = state ?? APPROVALS_FIRST_PAGE
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const { data, isFetching, isError, error, refetch } = useListApprovalsQuery(
    { page: paging.page, limit: paging.limit, sort: paging.sort, query: paging.query },
    { refetchOnMountOrArgChange: true },
  )
  useEffect(() => {
    if (!isError) return
    const message = (error as { message?: string } | undefined)?.message
    enqueueSnackbar(`${t('approvals.list.loadError')}${message ? ` ${message}` : ''}`, {
      variant: 'error',
    })
  }, [isError, error, enqueueSnackbar])

  const review = (approval: Approval) =>
    dispatch(
      openWindow({
        type: APPROVAL_REVIEW_WINDOW,
        props: { approvalId: approval.id },
        title: `${t('approvals.review.title')} #${approval.id}`,
      }),
    )

  const columns: Column<Approval>[] = [
    {
      key: 'username',
      sortKey: 'username',
      label: t('approvals.col.user'),
      render: (r) => r.username,
    },
    {
      key: 'created',
      sortKey: 'created',
      label: t('approvals.col.created'),
      render: (r) => when(r.created),
    },
    {
      key: 'reviewed',
      sortKey: 'reviewed',
      label: t('approvals.col.reviewed'),
      render: (r) => when(r.reviewed),
      wide: true,
    },
    {
      key: 'description',
      sortKey: 'description',
      label: t('approvals.col.description'),
      render: (r) => r.description,
      wide: true,
    },
    {
      key: 'itemsTotal',
      sortKey: 'itemsTotal',
      label: t('approvals.col.changes'),
      render: (r) => r.itemsTotal,
    },
    {
      key: 'itemsAccepted',
      sortKey: 'itemsAccepted',
      label: t('approvals.col.accepted'),
      render: (r) => r.itemsAccepted,
    },
    {
      key: 'itemsRejected',
      sortKey: 'itemsRejected',
      label: t('approvals.col.rejected'),
      render: (r) => r.itemsRejected,
    },
    {
      key: 'status',
      sortKey: 'status',
      label: t('approvals.col.status'),
      render: (r) => <ApprovalStatusChip status={r.status} />,
    },
    {
      key: 'actions',
      label: t('approvals.col.actions'),
      render: (r) => (
        <Button size="small" variant="outlined" onClick={() => review(r)}>
          {t('approvals.list.open')}
        </Button>
      ),
    },
  ]

  return (
    <PagedTable
      title={t('approvals.list.title')}
      columns={columns}
      rows={data?.rows ?? []}
      total={data?.total ?? 0}
      loading={isFetching}
      empty={t('approvals.list.empty')}
      paging={paging}
      onPaging={(p) => setState({ ...paging, ...p })}
      searchLabel={t('approvals.list.filter')}
      sort={paging.sort}
      onSort={(sort) => setState({ ...paging, page: 0, sort })}
      actions={
        <Button variant="contained" startIcon={<Refresh />} onClick={() => void refetch()}>
          {t('approvals.list.refresh')}
        </Button>
      }
    />
  )
}
