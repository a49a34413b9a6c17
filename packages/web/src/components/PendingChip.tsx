import HourglassTop from '@mui/icons-material/HourglassTop'
import Chip from '@mui/material/Chip'
import Tooltip from '@mui/material/Tooltip'
import type { FeatureRef } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useGetFeaturePendingQuery } from '../api/pending.api'

/**
 * 'Aguardando aprovação' beside the feature window's title while changes of the feature
 * submitted by a moderated user await an administrator's decision; nothing otherwise.
 */
export function PendingChip({ item }: { item: FeatureRef }) {
  const { currentData } = useGetFeaturePendingQuery(item, { refetchOnMountOrArgChange: true })
  if (!currentData?.pending) return null
  return (
    <Tooltip title={t('approvals.pendingOnFeature')}>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        icon={<HourglassTop />}
        label={t('approvals.pendingChip')}
        data-testid="feature-pending"
        sx={{ ml: 1, verticalAlign: 'middle' }}
      />
    </Tooltip>
  )
}
