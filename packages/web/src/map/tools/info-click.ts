import type { Extent } from 'ol/extent'
import type OlMap from 'ol/Map'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { transformExtent } from 'ol/proj'
import { INFO_TOLERANCE_PX } from '../constants'
import type { ToolGate } from '../tool-gate'
import { useQueryTool, type MapQuery } from './query-tool'

/** The EPSG:4326 box of a pixel with the identify tolerance (8 px each side). */
export function pixelBox(map: OlMap, pixel: number[]): Extent {
  const [x = 0, y = 0] = pixel
  const a = map.getCoordinateFromPixel([x - INFO_TOLERANCE_PX, y + INFO_TOLERANCE_PX])
  const b = map.getCoordinateFromPixel([x + INFO_TOLERANCE_PX, y - INFO_TOLERANCE_PX])
  return transformExtent([a[0]!, a[1]!, b[0]!, b[1]!], 'EPSG:3857', 'EPSG:4326')
}

function installClick(map: OlMap, gate: ToolGate, report: (query: MapQuery) => void) {
  const listener = (event: MapBrowserEvent<PointerEvent>) => {
    const e = event.originalEvent
    if (gate.blocked(e.timeStamp)) return
    report({
      box4326: pixelBox(map, event.pixel),
      add: e.shiftKey || e.ctrlKey || e.metaKey,
    })
  }
  map.on('singleclick', listener as never)
  return () => map.un('singleclick', listener as never)
}

/** Info-click (the default tool): a click queries the features within 8 pixels. */
export function useInfoClick(enabled: boolean, onQuery: (query: MapQuery) => void) {
  useQueryTool(enabled, onQuery, installClick)
}
