import Chip from '@mui/material/Chip'
import type { MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'

const COLORS: Record<string, 'default' | 'warning' | 'success' | 'error' | 'info'> = {
  PENDING: 'warning',
  REVIEW: 'info',
  REVIEWED: 'success',
  ACCEPTED: 'success',
  REJECTED: 'error',
}

/** The badge of an approval's or an item's status ('Pendente', 'Revisado', 'Aceito', …). */
export function ApprovalStatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      variant={status === 'PENDING' ? 'outlined' : 'filled'}
      label={t(`approvals.status.${status}` as MessageKey)}
    />
  )
}
