import { platformModifierKeyOnly, primaryAction, shiftKeyOnly } from 'ol/events/condition'
import DragBox from 'ol/interaction/DragBox'
import type OlMap from 'ol/Map'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { transformExtent } from 'ol/proj'
import type { ToolGate } from '../tool-gate'
import { useQueryTool, type MapQuery } from './query-tool'

function installDragBox(map: OlMap, gate: ToolGate, report: (query: MapQuery) => void) {
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
    report({ box4326: transformExtent(extent, 'EPSG:3857', 'EPSG:4326'), add })
  })
  map.addInteraction(box)
  return () => {
    map.removeInteraction(box)
  }
}

/** Drag-box selection: the features inside the rectangle the user drags. */
export function useDragBox(enabled: boolean, onQuery: (query: MapQuery) => void) {
  useQueryTool(enabled, onQuery, installDragBox)
}
