import { toLonLat } from 'ol/proj'
import { useEffect, useRef } from 'react'
import type { LatLon } from '../coordinates'
import { useMap } from '../map-context'
import { toolGate } from '../tool-gate'

export interface MapContextMenuEvent {
  /** Where to open the menu (client pixels). */
  clientX: number
  clientY: number
  /** The clicked position. */
  position: LatLon
  /** The clicked position in the map's projection (for the zoom items). */
  coordinate: number[]
}

/**
 * The right-click menu's trigger: the browser's own menu is replaced, and the map tools stay
 * blocked until `closed()` plus 250 ms.
 */
export function useMapContextMenu(onOpen: (event: MapContextMenuEvent) => void) {
  const map = useMap()
  const open = useRef(onOpen)
  open.current = onOpen
  useEffect(() => {
    const viewport = map.getViewport() as HTMLElement
    const gate = toolGate(map)
    const listener = (event: MouseEvent) => {
      event.preventDefault()
      const coordinate = map.getEventCoordinate(event)
      const [lon = 0, lat = 0] = toLonLat(coordinate)
      gate.menuOpened()
      open.current({
        clientX: event.clientX,
        clientY: event.clientY,
        position: { lat, lon },
        coordinate,
      })
    }
    viewport.addEventListener('contextmenu', listener)
    return () => viewport.removeEventListener('contextmenu', listener)
  }, [map])
  return { closed: () => toolGate(map).menuClosed() }
}
