import { platformModifierKeyOnly, primaryAction, shiftKeyOnly } from 'ol/events/condition'
import DragBox from 'ol/interaction/DragBox'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { transformExtent } from 'ol/proj'
import { useEffect, useRef } from 'react'
import { useMap } from '../map-context'
import { toolGate } from '../tool-gate'
import type { MapQuery } from './info-click'

/** Drag-box selection: the features inside the rectangle the user drags. */
export function useDragBox(enabled: boolean, onQuery: (query: MapQuery) => void) {
  const map = useMap()
  const handler = useRef(onQuery)
  handler.current = onQuery
  useEffect(() => {
    if (!enabled) return
    const gate = toolGate(map)
    let add = false
    const box = new DragBox({
      className: 'gis-dragbox',
      condition: (event: MapBrowserEvent) => {
        if (gate.blocked() || !primaryAction(event)) return false
        add = shiftKeyOnly(event) || platformModifierKeyOnly(event)
        return true
      },
    })
    box.on('boxend', () => {
      const extent = box.getGeometry().getExtent()
      handler.current({ box4326: transformExtent(extent, 'EPSG:3857', 'EPSG:4326'), add })
    })
    map.addInteraction(box)
    return () => {
      map.removeInteraction(box)
    }
  }, [map, enabled])
}
