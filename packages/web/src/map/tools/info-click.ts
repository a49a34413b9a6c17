import type { Extent } from 'ol/extent'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { transformExtent } from 'ol/proj'
import { useEffect, useRef } from 'react'
import { INFO_TOLERANCE_PX } from '../constants'
import { useMap } from '../map-context'
import { toolGate } from '../tool-gate'

export interface MapQuery {
  /** The box to query, in EPSG:4326. */
  box4326: Extent
  /** Add to the selection (Shift or Ctrl held) instead of replacing it. */
  add: boolean
}

/** The EPSG:4326 box of a pixel with the identify tolerance (8 px each side). */
export function pixelBox(map: import('ol/Map').default, pixel: number[]): Extent {
  const [x = 0, y = 0] = pixel
  const a = map.getCoordinateFromPixel([x - INFO_TOLERANCE_PX, y + INFO_TOLERANCE_PX])
  const b = map.getCoordinateFromPixel([x + INFO_TOLERANCE_PX, y - INFO_TOLERANCE_PX])
  return transformExtent([a[0]!, a[1]!, b[0]!, b[1]!], 'EPSG:3857', 'EPSG:4326')
}

/** Info-click (the default tool): a click queries the features within 8 pixels. */
export function useInfoClick(enabled: boolean, onQuery: (query: MapQuery) => void) {
  const map = useMap()
  const handler = useRef(onQuery)
  handler.current = onQuery
  useEffect(() => {
    if (!enabled) return
    const gate = toolGate(map)
    const listener = (event: MapBrowserEvent<PointerEvent>) => {
      const e = event.originalEvent
      if (gate.blocked(e.timeStamp)) return
      handler.current({
        box4326: pixelBox(map, event.pixel),
        add: e.shiftKey || e.ctrlKey || e.metaKey,
      })
    }
    map.on('singleclick', listener as never)
    return () => map.un('singleclick', listener as never)
  }, [map, enabled])
}
