import type { Extent } from '@gis/shared'
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj'
import { useEffect, useRef } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/store'
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
    view.fit(extent, { size: map.getSize() ?? [1280, 800], padding: latestPadding.current() })
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
