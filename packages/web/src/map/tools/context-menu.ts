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

/** Marks the menu's backdrop, whose right-clicks belong to the map underneath. */
export const MENU_BACKDROP_CLASS = 'map-menu-backdrop'

/**
 * The right-click menu's trigger: the browser's own menu is replaced, and the map tools stay
 * blocked until `closed()` plus 250 ms.
 *
 * While the menu is open, and while it fades out after an item was chosen, its invisible
 * backdrop covers the map and receives the next right-click: when the map is what lies under
 * that click, the menu opens again there (it used to stay shut until the fade ended).
 */
export function useMapContextMenu(onOpen: (event: MapContextMenuEvent) => void) {
  const map = useMap()
  const open = useRef(onOpen)
  open.current = onOpen
  useEffect(() => {
    const viewport = map.getViewport() as HTMLElement
    const openAt = (event: MouseEvent) => {
      event.preventDefault()
      const coordinate = map.getEventCoordinate(event)
      const [lon = 0, lat = 0] = toLonLat(coordinate)
      toolGate(map).menuOpened()
      open.current({
        clientX: event.clientX,
        clientY: event.clientY,
        position: { lat, lon },
        coordinate,
      })
    }
    const fromBackdrop = (event: MouseEvent) => {
      const backdrop =
        event.target instanceof Element && event.target.closest(`.${MENU_BACKDROP_CLASS}`)
      if (!backdrop) return
      const modal = backdrop.parentElement ?? backdrop
      const under = document
        .elementsFromPoint(event.clientX, event.clientY)
        .find((element) => !modal.contains(element))
      if (under && viewport.contains(under)) openAt(event)
    }
    viewport.addEventListener('contextmenu', openAt)
    document.addEventListener('contextmenu', fromBackdrop)
    return () => {
      viewport.removeEventListener('contextmenu', openAt)
      document.removeEventListener('contextmenu', fromBackdrop)
    }
  }, [map])
  return { closed: () => toolGate(map).menuClosed() }
}
