import type { Extent } from '@gis/shared'
import { getHeight, getWidth } from 'ol/extent'
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj'
import type View from 'ol/View'
import { useEffect, useRef } from 'react'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { BRAZIL_EXTENT } from '../../map/constants'
import { useMap } from '../../map/map-context'
import { readViewParams, writeViewParams } from '../../map/view-url'
import { viewChanged } from '../../state/map-slice'

/**
 * The map's view and the URL (`?lat&lon&z&l`). The map opens on the URL's view (F5, a shared
 * link), else the view it had before the user left the page, else the configured start extent
 * (a box covering Brazil when there is none). Every move is kept in the map slice and in the
 * URL, replacing the history entry (moving the map adds no "back" steps); so are the shown
 * layers once the tree is known.
 */
export function useViewSync(opts: {
  startExtent: Extent | undefined
  startSettled: boolean
  visibleNames: string[] | null
  /** Room the drawers take over the map: [top, right, bottom, left] pixels. */
  padding: () => number[]
}) {
  const map = useMap()
  const dispatch = useAppDispatch()
  const saved = useAppSelector((s) => s.map.view)
  const placed = useRef(false)
  const latestPadding = useRef(opts.padding)
  latestPadding.current = opts.padding
  const initialSaved = useRef(saved)

  // Where the map opens.
  useEffect(() => {
    if (placed.current) return
    const view = map.getView()
    const fromUrl = readViewParams(new URLSearchParams(window.location.search)).view
    const known = fromUrl ?? initialSaved.current
    if (known) {
      view.setCenter(fromLonLat(known.center))
      view.setZoom(known.zoom)
      placed.current = true
      return
    }
    if (!opts.startSettled) return
    const extent = transformExtent(opts.startExtent ?? BRAZIL_EXTENT, 'EPSG:4326', 'EPSG:3857')
    const size = map.getSize() ?? [1280, 800]
    const padding = latestPadding.current()
    view.fit(extent, { size, padding, nearest: closerZoomFits(view, extent, size, padding) })
    placed.current = true
  }, [map, opts.startExtent, opts.startSettled])

  // Every move: the slice and the URL.
  const visible = useRef(opts.visibleNames)
  visible.current = opts.visibleNames
  useEffect(() => {
    const onMoveEnd = () => {
      if (!placed.current) return
      const view = map.getView()
      const center = view.getCenter()
      const zoom = view.getZoom()
      if (!center || zoom === undefined) return
      const [lon = 0, lat = 0] = toLonLat(center)
      const state = { center: [lon, lat] as [number, number], zoom: Math.round(zoom) }
      dispatch(viewChanged(state))
      replaceUrl(state, visible.current)
    }
    map.on('moveend', onMoveEnd)
    return () => map.un('moveend', onMoveEnd)
  }, [map, dispatch])

  // The shown layers, once the tree is known.
  const key = opts.visibleNames?.join(',')
  useEffect(() => {
    if (!placed.current || key === undefined) return
    const view = map.getView()
    const center = view.getCenter()
    const zoom = view.getZoom()
    if (!center || zoom === undefined) return
    const [lon = 0, lat = 0] = toLonLat(center)
    replaceUrl({ center: [lon, lat], zoom: Math.round(zoom) }, key ? key.split(',') : [])
  }, [map, key])
}

function replaceUrl(view: { center: [number, number]; zoom: number }, visible: string[] | null) {
  const next = writeViewParams(new URLSearchParams(window.location.search), view, visible)
  const url = `${window.location.pathname}?${next.toString()}${window.location.hash}`
  // Not through the router: a moving map must not re-render the page on every move.
  window.history.replaceState(window.history.state, '', url)
}

/** How much past the room the drawers leave the start extent may reach at the closer zoom. */
const START_OVERFLOW = 1.3

/**
 * The view keeps whole zoom levels, so a fit takes the farther one whenever the extent does
 * not quite fit the closer one: a box a little wider than the room beside the layer manager
 * would show at half the size. The closer whole zoom is taken when the extent then reaches
 * past that room by at most 30% and still fits the map itself (it slips a little under the
 * drawers' edges, never off the map).
 */
export function closerZoomFits(
  view: View,
  extent: number[],
  size: number[],
  [top = 0, right = 0, bottom = 0, left = 0]: number[],
): boolean {
  const [width = 1, height = 1] = size
  const room = [Math.max(1, width - left - right), Math.max(1, height - top - bottom)] as const
  const exact = Math.max(getWidth(extent) / room[0], getHeight(extent) / room[1])
  const closer = view.getResolutionForZoom(Math.ceil(view.getZoomForResolution(exact) ?? 0))
  if (!closer || exact / closer > START_OVERFLOW) return false
  return getWidth(extent) / closer <= width - 16 && getHeight(extent) / closer <= height - 16
}
