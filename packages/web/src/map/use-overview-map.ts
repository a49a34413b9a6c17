import type { BaseLayer } from '@gis/shared'
import OverviewMap from 'ol/control/OverviewMap'
import View from 'ol/View'
import { t } from '@gis/shared/i18n'
import { useEffect, useEffectEvent } from 'react'
import { createBaseLayer } from './base-layers'
import { useMap } from './map-context'

/** The overview map (bottom right), drawn with the base layer the user sees. */
export function useOverviewMap(base: BaseLayer | undefined, collapsed: boolean) {
  const map = useMap()
  const signature = base ? JSON.stringify(base) : ''
  // `collapsed` only matters at creation.
  const createOverview = useEffectEvent(() => {
    if (!base) return null
    const layer = createBaseLayer(base)
    // Below the base layer's own range the overview would be empty: show it at any zoom.
    layer.setMinZoom(-Infinity)
    layer.setMaxZoom(Infinity)
    return new OverviewMap({
      layers: [layer],
      collapsed,
      collapsible: true,
      tipLabel: t('map.overview'),
      label: '«',
      collapseLabel: '»',
      view: new View({ projection: 'EPSG:3857', maxZoom: 10, minZoom: 0 }),
    })
  })
  // The signature stands for the record.
  useEffect(() => {
    const control = createOverview()
    if (!control) return
    map.addControl(control)
    return () => {
      map.removeControl(control)
    }
  }, [map, signature])
}
