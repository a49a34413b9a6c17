// The feature information window's public face: its workspace type and how to open it. The
// window itself (FeatureInfoWindow.tsx) is loaded by the workspace on demand.
import type { FeatureRef } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { openWindow } from '../workspace'

/** The workspace window type of the feature information window. */
export const FEATURE_INFO_WINDOW = 'FeatureInfo'

/**
 * Opens the feature information window on these features (Expandir, search results): the same
 * list opens the same window again; one feature opens on DADOS, several on ITENS. The tab is
 * named after the layer and the feature (or the count), so tabs can be told apart.
 */
export function openFeatureWindow(items: readonly FeatureRef[], layerTitle?: string) {
  const one = items.length === 1 ? items[0] : undefined
  const title = !layerTitle
    ? undefined
    : one
      ? t('features.windowTitleOne', { layer: layerTitle, id: one.id })
      : t('features.windowTitleMany', { layer: layerTitle, count: items.length })
  return openWindow({
    type: FEATURE_INFO_WINDOW,
    props: { items: items.map(({ layer, id }) => ({ layer, id })) },
    title,
  })
}

export { Lightbox } from './Lightbox'
export { itemsKey, parseFeatureInfoState, type FeatureInfoState } from './window-state'
export { CameraDialog, cameraSupported } from './CameraDialog'
