import Box from '@mui/material/Box'
import Divider from '@mui/material/Divider'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { Approval, ApprovalItem, LayerDescription, MessageKey } from '@gis/shared'
import { labelFromValues } from '@gis/shared'
import { t, tn } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react'
import { toFailure } from '../../api/base-api'
import { BusyOverlay } from '../../components/BusyOverlay'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import type { WindowProps } from '../../windows/window-type'
import { ApprovalStatusChip } from './ApprovalStatusChip'
import {
  useApproveItemMutation,
  useGetApprovalQuery,
  useListApprovalAttachmentsQuery,
  useListApprovalItemsQuery,
  useRejectItemMutation,
} from './approvals.api'
import { REVIEW_PAGE_SIZES, type ApprovalReviewState } from './approvals-state'
import { ItemDetail } from './ItemDetail'
import { ItemsFilter } from './ItemsFilter'
import { ReviewAttachments } from './ReviewAttachments'
import { DataTable, type Column } from '../../components/DataTable'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })
const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—')
const day = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })
const hour = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short' })

/** A date and time in a narrow column: the day over the hour. */
function Stamp({ iso }: { iso: string }) {
  const date = new Date(iso)
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {day.format(date)}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {hour.format(date)}
      </Typography>
    </>
  )
}

/**
 * The item's feature as lists name it: the value of the layer's display field (proposed, else
 * the feature's at submission) over its Id ('nova' for an insert); the Id alone without one.
 */
function ItemName({
  item,
  layers,
}: {
  item: ApprovalItem
  layers: LayerDescription[] | undefined
}) {
  const field = layers?.find((l) => l.name === item.layerName)?.labelField
  const label = labelFromValues(field, item.data, item.base?.attributes)
  const ref =
    item.featureId === null
      ? t('approvals.item.new')
      : label
        ? t('approvals.item.id', { id: item.featureId })
        : String(item.featureId)
  if (!label) return <>{ref}</>
  return (
    <>
      <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {label}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {ref}
      </Typography>
    </>
  )
}

const FIRST: ApprovalReviewState = { page: 0, limit: 10, itemId: null }

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  )
}

function Header({ approval }: { approval: Approval }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, lineHeight: 1.3 }}>
          {approval.description}
        </Typography>
        <ApprovalStatusChip status={approval.status} />
      </Box>
      <Field label={t('approvals.review.createdBy')}>{approval.username}</Field>
      <Field label={t('approvals.review.createdAt')}>{when(approval.created)}</Field>
      <Field label={t('approvals.review.reviewedAt')}>{when(approval.reviewed)}</Field>
      <Field label={t('approvals.review.changes')}>
        {approval.itemsTotal} (
        {tn(
          'approvals.review.acceptedCount.one',
          'approvals.review.acceptedCount.other',
          approval.itemsAccepted,
        )}
        ,{' '}
        {tn(
          'approvals.review.rejectedCount.one',
          'approvals.review.rejectedCount.other',
          approval.itemsRejected,
        )}
        )
      </Field>
    </Box>
  )
}

const CELL = { px: 1 }

/** The review's items: layer, feature, status, action, created. */
function itemColumns(layers: LayerDescription[] | undefined): Column<ApprovalItem>[] {
  const layerTitle = (item: ApprovalItem) =>
    layers?.find((l) => l.name === item.layerName)?.title ?? item.layerName
  return [
    {
      key: 'layer',
      label: t('approvals.item.layer'),
      sx: CELL,
      render: layerTitle,
      cellProps: (item) => ({
        title: layerTitle(item),
        sx: {
          ...CELL,
          maxWidth: 110,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        },
      }),
    },
    {
      key: 'feature',
      label: t('approvals.item.feature'),
      sx: CELL,
      render: (item) => <ItemName item={item} layers={layers} />,
    },
    {
      key: 'status',
      label: t('approvals.item.status'),
      sx: CELL,
      render: (item) => <ApprovalStatusChip status={item.status} />,
    },
    {
      key: 'action',
      label: t('approvals.item.action'),
      sx: CELL,
      render: (item) => t(`approvals.action.${item.action}` as MessageKey),
    },
    {
      key: 'created',
      label: t('approvals.item.created'),
      sx: CELL,
      cellProps: () => ({ sx: { ...CELL, whiteSpace: 'nowrap' } }),
      render: (item) => <Stamp iso={item.created} />,
    },
  ]
}

/**
 * 'APROVAR / REJEITAR' for one approval: the header and the paginated items on the left, the
 * selected item in the middle (its values beside the feature's, the geometries, REJEITAR and
 * APROVAR), 'Imagens e Anexos' on the right. A decision locks the window until the server
 * answers, then the approval, its items and the list refresh.
 */
export function ApprovalReviewWindow({ props, state, setState }: WindowProps<ApprovalReviewState>) {
  const approvalId = Number(props.approvalId)
  const view = state ?? FIRST
  const { enqueueSnackbar } = useSnackbar()
  const approval = useGetApprovalQuery(approvalId, { refetchOnMountOrArgChange: true })
  const filter = { action: view.action ?? null, status: view.status ?? null }
  const items = useListApprovalItemsQuery(
    {
      id: approvalId,
      page: view.page,
      limit: view.limit,
      ...(filter.action ? { action: filter.action } : {}),
      ...(filter.status ? { status: filter.status } : {}),
    },
    { refetchOnMountOrArgChange: true },
  )
  const files = useListApprovalAttachmentsQuery(approvalId, { refetchOnMountOrArgChange: true })
  const { data: layers } = useGetLayerDescriptionsQuery()
  const [approve] = useApproveItemMutation()
  const [reject] = useRejectItemMutation()
  const [busy, setBusy] = useState<string | null>(null)

  const failures: [boolean, unknown, MessageKey][] = [
    [approval.isError, approval.error, 'approvals.review.loadError'],
    [items.isError, items.error, 'approvals.review.itemsError'],
    [files.isError, files.error, 'approvals.review.attachmentsError'],
  ]
  const failed = failures
    .filter(([is]) => is)
    .map(([, error, key]) => `${key}|${toFailure(error).message}`)
  const announce = useEffectEvent(() => {
    for (const f of failed) {
      const [key, message] = f.split('|') as [MessageKey, string]
      enqueueSnackbar(`${t(key)} ${message}`, { variant: 'error' })
    }
  })
  // Each failure once, when it appears.
  const failedKey = failed.join()
  useEffect(() => announce(), [failedKey])

  const selected = items.data?.data.find((i) => i.id === view.itemId)
  const layer = layers?.find((l) => l.name === selected?.layerName)
  const itemFiles = (files.data ?? []).filter((f) => !selected || f.itemId === selected.id)

  async function decide(kind: 'approve' | 'reject') {
    if (!selected) return
    setBusy(t(kind === 'approve' ? 'approvals.review.accepting' : 'approvals.review.rejecting'))
    try {
      const args = {
        approvalId,
        itemId: selected.id,
        layer: selected.layerName,
        featureId: selected.featureId,
      }
      await (kind === 'approve' ? approve(args) : reject(args)).unwrap()
      enqueueSnackbar(
        t(kind === 'approve' ? 'approvals.review.accepted' : 'approvals.review.rejected'),
        { variant: 'success' },
      )
    } catch (error) {
      const failure = toFailure(error)
      const key =
        kind === 'approve' ? 'approvals.review.acceptError' : 'approvals.review.rejectError'
      enqueueSnackbar(`${t(key)} ${failure.message}`.trim(), { variant: 'error' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <Box
      sx={{
        position: 'relative',
        display: 'grid',
        gap: 2,
        p: { xs: 2, sm: 3 },
        gridTemplateColumns: {
          xs: '1fr',
          // Up to 1536 px the attachments go below the items, so neither table is squeezed.
          md: 'minmax(0, 1.1fr) minmax(0, 1fr)',
          xl: 'minmax(0, 1.15fr) minmax(0, 1.25fr) minmax(220px, 0.6fr)',
        },
        gridTemplateRows: { md: 'auto 1fr', xl: 'auto' },
        alignItems: 'start',
      }}
    >
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
      >
        {approval.data && <Header approval={approval.data} />}
        <Divider />
        <ItemsFilter
          approvalId={approvalId}
          filter={filter}
          shown={items.data?.rowCount ?? 0}
          total={approval.data?.itemsTotal ?? 0}
          onChange={(next) => setState({ ...view, ...next, page: 0, itemId: null })}
        />
        <DataTable
          bare
          noLoadingBar
          columns={itemColumns(layers)}
          rows={items.data?.data ?? []}
          rowKey={(item) => item.id}
          empty=""
          pager={{
            total: items.data?.rowCount ?? 0,
            page: view.page,
            limit: view.limit,
            sizes: REVIEW_PAGE_SIZES,
            onPage: (page, limit) => setState({ ...view, page, limit }),
          }}
          pagerSx={{}}
          rowProps={(item) => ({
            selected: item.id === view.itemId,
            onClick: () => setState({ ...view, itemId: item.id }),
            sx: { cursor: 'pointer' },
          })}
        />
      </Paper>
      <Paper
        variant="outlined"
        sx={{ p: 2, minHeight: 240, gridRow: { md: 'span 2', xl: 'auto' }, minWidth: 0 }}
      >
        {selected ? (
          <ItemDetail
            item={selected}
            layer={layer}
            onApprove={() => void decide('approve')}
            onReject={() => void decide('reject')}
          />
        ) : (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
            {t('approvals.review.selectItem')}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ReviewAttachments files={itemFiles} />
      </Paper>
      <BusyOverlay text={busy} />
    </Box>
  )
}
