import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  APPROVAL_ACTIONS,
  APPROVAL_ITEM_STATUSES,
  type ApprovalAction,
  type ApprovalItemStatus,
  type MessageKey,
} from '@gis/shared'
import { t, tn } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { toFailure } from '../../api/base-api'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useDecideAllMutation, useListApprovalItemsQuery } from './approvals.api'

export interface ItemFilter {
  action: ApprovalAction | null
  status: ApprovalItemStatus | null
}

/**
 * The review's items filtered by action and status, and every pending item of the filter
 * approved or rejected at once (an import's thousands of rows), after a confirmation naming
 * how many. Approving applies each with the same rules as one by one.
 */
export function ItemsFilter({
  approvalId,
  filter,
  shown,
  total,
  onChange,
}: {
  approvalId: number
  filter: ItemFilter
  /** Items the filter selects (the table's row count). */
  shown: number
  /** Items of the approval. */
  total: number
  onChange: (filter: ItemFilter) => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  const [deciding, setDeciding] = useState<'ACCEPTED' | 'REJECTED' | null>(null)
  const [reason, setReason] = useState('')
  const [decideAll] = useDecideAllMutation()
  // How many of the filter are still pending: what a decision would take.
  const pending = useListApprovalItemsQuery(
    {
      id: approvalId,
      page: 0,
      limit: 1,
      ...(filter.action ? { action: filter.action } : {}),
      status: 'PENDING',
    },
    { skip: filter.status !== null && filter.status !== 'PENDING' },
  )
  const pendingCount =
    filter.status !== null && filter.status !== 'PENDING' ? 0 : (pending.data?.rowCount ?? 0)

  async function decide() {
    if (!deciding) return
    try {
      const result = await decideAll({
        approvalId,
        decision: deciding,
        ...(filter.action ? { action: filter.action } : {}),
        ...(deciding === 'REJECTED' && reason.trim() ? { reason: reason.trim() } : {}),
      }).unwrap()
      const done = tn(
        'approvals.decideAll.done.one',
        'approvals.decideAll.done.other',
        result.decided,
      )
      const left = result.conflicts
        ? ` ${tn('approvals.decideAll.conflicts.one', 'approvals.decideAll.conflicts.other', result.conflicts)}`
        : ''
      enqueueSnackbar(done + left, { variant: result.conflicts ? 'warning' : 'success' })
    } catch (error) {
      enqueueSnackbar(`${t('approvals.decideAll.error')} ${toFailure(error).message}`.trim(), {
        variant: 'error',
      })
    } finally {
      setDeciding(null)
      setReason('')
    }
  }

  const select = <V extends string>(
    label: MessageKey,
    value: V | null,
    options: readonly V[],
    prefix: string,
    set: (v: V | null) => void,
  ) => (
    <TextField
      select
      size="small"
      label={t(label)}
      value={value ?? ''}
      onChange={(e) => set((e.target.value || null) as V | null)}
      sx={{ minWidth: 140 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('approvals.filter.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {t(`${prefix}.${o}` as MessageKey)}
        </MenuItem>
      ))}
    </TextField>
  )

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {select('approvals.item.action', filter.action, APPROVAL_ACTIONS, 'approvals.action', (v) =>
          onChange({ ...filter, action: v }),
        )}
        {select(
          'approvals.item.status',
          filter.status,
          APPROVAL_ITEM_STATUSES,
          'approvals.status',
          (v) => onChange({ ...filter, status: v }),
        )}
        <Typography variant="body2" color="text.secondary">
          {tn('approvals.filter.shown.one', 'approvals.filter.shown.other', total, {
            shown: shown.toLocaleString('pt-BR'),
          })}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          color="success"
          disabled={pendingCount === 0}
          onClick={() => setDeciding('ACCEPTED')}
        >
          {t('approvals.decideAll.approve')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={pendingCount === 0}
          onClick={() => setDeciding('REJECTED')}
        >
          {t('approvals.decideAll.reject')}
        </Button>
      </Box>
      <ConfirmDialog
        open={deciding !== null}
        danger={deciding === 'REJECTED'}
        title={
          deciding === 'REJECTED'
            ? tn(
                'approvals.decideAll.rejectTitle.one',
                'approvals.decideAll.rejectTitle.other',
                pendingCount,
              )
            : tn(
                'approvals.decideAll.approveTitle.one',
                'approvals.decideAll.approveTitle.other',
                pendingCount,
              )
        }
        text={
          <>
            {t(
              deciding === 'REJECTED'
                ? 'approvals.decideAll.rejectText'
                : 'approvals.decideAll.approveText',
            )}
            {deciding === 'REJECTED' && (
              <TextField
                fullWidth
                size="small"
                sx={{ mt: 2 }}
                label={t('approvals.decideAll.reason')}
                value={reason}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </>
        }
        confirmLabel={t(
          deciding === 'REJECTED' ? 'approvals.decideAll.reject' : 'approvals.decideAll.approve',
        )}
        onClose={() => setDeciding(null)}
        onConfirm={decide}
      />
    </Box>
  )
}
