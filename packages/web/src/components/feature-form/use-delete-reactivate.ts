import type { Feature, LayerDescription, MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useSubmittedNotice } from '../use-submitted-notice'
import { useDeleteFeatureMutation, useUndeleteFeatureMutation } from '../../api/features.api'

/**
 * EXCLUIR and REATIVAR of the attribute form (spec 1 sections 4 and 8): the screen locked
 * with 'Excluindo feature...' or 'Reativando feature...', then the spec's message (or, for a
 * moderated user, 'Mudança enviada para aprovação').
 */
export function useDeleteReactivate({
  layer,
  feature,
  locked,
  onDeleted,
  onReactivated,
}: {
  layer: LayerDescription
  feature: Feature | undefined
  locked: <T>(key: MessageKey, work: () => Promise<T>) => Promise<T>
  onDeleted?: (feature: Feature) => void
  onReactivated?: (feature: Feature) => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  const submittedNotice = useSubmittedNotice()
  const [deleteFeature] = useDeleteFeatureMutation()
  const [undeleteFeature] = useUndeleteFeatureMutation()

  async function remove() {
    if (!feature) return
    const ref = { layer: layer.name, id: feature.id }
    const result = await locked('features.deleting', () => deleteFeature(ref))
    // A moderated user's delete went to review: the feature stays as it is.
    if ('data' in result && submittedNotice(ref, result.data)) return
    if ('data' in result && result.data) {
      enqueueSnackbar(t('features.deletedOk', { layer: layer.title }), { variant: 'success' })
      onDeleted?.(result.data)
    } else {
      enqueueSnackbar(t('features.deleteFailed', { id: feature.id }), { variant: 'error' })
    }
  }

  async function reactivate() {
    if (!feature) return
    const ref = { layer: layer.name, id: feature.id }
    const result = await locked('features.reactivating', () => undeleteFeature(ref))
    if ('data' in result && result.data) {
      enqueueSnackbar(t('features.undeletedOk', { layer: layer.title }), { variant: 'success' })
      onReactivated?.(result.data)
    } else {
      enqueueSnackbar(t('features.undeleteFailed', { id: feature.id }), { variant: 'error' })
    }
  }

  return { remove, reactivate }
}
