import Chip from '@mui/material/Chip'
import type { BridgeStatus } from '@gis/shared/inspections'
import { statusLabel, STATUS_COLOURS } from './notes'

/** A bridge's status as a small chip in its colour. */
export function StatusChip({ status }: { status: BridgeStatus }) {
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      data-status={status}
      sx={{
        bgcolor: STATUS_COLOURS[status],
        color: status === 'DUE_90' ? '#212121' : '#ffffff',
        fontWeight: 600,
      }}
    />
  )
}
