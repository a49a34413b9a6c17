import type { FeatureRef } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { openWindow } from './open-window'
import { FEATURE_INFO_WINDOW } from './window-names'

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
