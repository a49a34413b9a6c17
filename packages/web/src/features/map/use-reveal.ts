import type { Extent } from 'ol/extent'
import { transformExtent } from 'ol/proj'
import { useCallback } from 'react'
import { useMap } from '../../map/map-context'

/**
 * Pans the map left just enough for a box (EPSG:4326) to clear what covers the map's right
 * side (`coveredRight` px: the selection drawer and the tool column), without pushing its left
 * edge past `marginLeft`: what the user just selected stays in sight when the drawer opens.
 */
export function useRevealBeside(coveredRight: number, marginLeft: number) {
  const map = useMap()
  return useCallback(
    (box4326: Extent) => {
      const size = map.getSize()
      const view = map.getView()
      const center = view.getCenter()
      const resolution = view.getResolution()
      if (!size || !center || !resolution) return
      const [west = 0, south = 0, east = 0] = transformExtent(box4326, 'EPSG:4326', 'EPSG:3857')
      const left = map.getPixelFromCoordinate([west, south])?.[0] ?? 0
      const right = map.getPixelFromCoordinate([east, south])?.[0] ?? 0
      const shift = Math.min(right - (size[0]! - coveredRight), left - marginLeft)
      if (shift <= 0) return
      view.animate({ center: [center[0]! + shift * resolution, center[1]!], duration: 300 })
    },
    [map, coveredRight, marginLeft],
  )
}
