// The feature information window's public face: its workspace type and how to open it. The
// window itself (FeatureInfoWindow.tsx) is loaded by the workspace on demand.
import type { FeatureRef } from '@gis/shared'
import { openWindow } from '../workspace'

/** The workspace window type of the feature information window. */
export const FEATURE_INFO_WINDOW = 'FeatureInfo'

/**
 * Opens the feature information window on these features (Expandir, search results): the same
 * list opens the same window again; one feature opens on DADOS, several on ITENS.
 */
export function openFeatureWindow(items: readonly FeatureRef[]) {
  return openWindow({
    type: FEATURE_INFO_WINDOW,
    props: { items: items.map(({ layer, id }) => ({ layer, id })) },
  })
}
