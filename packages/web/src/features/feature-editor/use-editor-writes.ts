import type { Feature, FeatureRef, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { toFailure } from '../../api/base-api'
import { INFO_TOLERANCE_PX } from '../../map/constants'
import { useAppDispatch } from '../../state/root-state'
import { useBusy } from '../../state/use-busy'
import { useSubmittedNotice } from '../../components/use-submitted-notice'
import {
  featuresApi,
  useSearchCoordMutation,
  useUpdateFeatureMutation,
} from '../../api/features.api'

/**
 * EDITAR's click: the nearest feature of the layer within 8 pixels (`resolution` is the map's,
 * metres per pixel), loaded fresh; undefined, with the reason shown, when there is none or it
 * has no geometry.
 */
export function usePickFeature() {
  const dispatch = useAppDispatch()
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()
  const [searchCoord] = useSearchCoordMutation()
  return async (
    layer: string,
    [longitude, latitude]: [number, number],
    resolution: number,
  ): Promise<{ ref: FeatureRef; geom: string } | undefined> => {
    const tolerance = Math.min(10_000, INFO_TOLERANCE_PX * resolution)
    try {
      const found = await busy(() =>
        searchCoord({ longitude, latitude, tolerance, layers: [layer], limit: 1 }).unwrap(),
      )
      const hit = found[0]
      if (!hit) {
        enqueueSnackbar(t('features.noneFound'), { variant: 'info' })
        return undefined
      }
      const ref = { layer, id: hit.id }
      const feature = await dispatch(
        featuresApi.endpoints.getFeature.initiate(ref, { forceRefetch: true, subscribe: false }),
      ).unwrap()
      if (!feature.geom) {
        enqueueSnackbar(t('features.noGeometry'), { variant: 'warning' })
        return undefined
      }
      return { ref, geom: feature.geom }
    } catch {
      enqueueSnackbar(t('features.searchFailed'), { variant: 'error' })
      return undefined
    }
  }
}

/**
 * EDITAR's SALVAR: the geometry alone, against the version loaded. Answers whether it was
 * written (or sent to review, for a moderated user); a failure is shown.
 */
export function useSaveGeometry() {
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()
  const [updateFeature] = useUpdateFeatureMutation()
  const submittedNotice = useSubmittedNotice()
  return async (layer: LayerDescription, editing: Feature, wkt: string): Promise<boolean> => {
    const result = await busy(() =>
      updateFeature({
        layer: layer.name,
        id: editing.id,
        geom: true,
        body: { version: editing.version, attributes: {}, geom: wkt },
      })
        .unwrap()
        .then(
          (saved) => ({ saved }),
          (error: unknown) => ({ error: toFailure(error) }),
        ),
    )
    if ('saved' in result) {
      // A moderated user's geometry went to review: said instead of the save message.
      if (!submittedNotice(editing, result.saved)) {
        enqueueSnackbar(t('features.saved'), { variant: 'success' })
      }
      return true
    }
    const failure = result.error
    enqueueSnackbar(
      failure.status === 409 || failure.status === 400 || failure.status === 403
        ? failure.message
        : t('features.geometryUpdateFailed'),
      { variant: 'error' },
    )
    return false
  }
}
