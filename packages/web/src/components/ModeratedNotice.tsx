import Alert from '@mui/material/Alert'
import type { FeatureRef } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useGetFeaturePendingQuery } from '../api/pending.api'

/**
 * Above DADOS for a user whose edits of the layer go to review: says so before the first
 * SALVAR, so 'Mudança enviada para aprovação' comes as no surprise.
 */
export function ModeratedNotice({ item }: { item: FeatureRef }) {
  const { currentData } = useGetFeaturePendingQuery(item)
  if (!currentData?.moderated) return null
  return (
    <Alert severity="info" sx={{ mb: 1.5 }} data-testid="moderated-notice">
      {t('approvals.moderatedNotice')}
    </Alert>
  )
}
