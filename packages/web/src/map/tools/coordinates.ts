import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { fromLonLat, toLonLat } from 'ol/proj'
import CircleStyle from 'ol/style/Circle'
import Fill from 'ol/style/Fill'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import Text from 'ol/style/Text'
import { useEffect, useRef } from 'react'
import { movedEnough, type LatLon } from '../coordinates'
import { useMap } from '../map-context'
import { useVectorLayer } from '../use-map-layer'

/**
 * The coordinates read-out: the cursor's position while it is over the map, else the map's
 * centre, reported only when it moves by more than 1e-6 degrees.
 */
export function usePointerCoordinate(
  enabled: boolean,
  onChange: (position: LatLon, source: 'cursor' | 'center') => void,
) {
  const map = useMap()
  const report = useRef(onChange)
  report.current = onChange
  useEffect(() => {
    if (!enabled) return
    let last: LatLon | null = null
    let source: 'cursor' | 'center' = 'center'
    const emit = (coordinate: number[] | undefined, from: 'cursor' | 'center') => {
      if (!coordinate) return
      const [lon = 0, lat = 0] = toLonLat(coordinate)
      const next = { lat, lon }
      if (from !== source || movedEnough(last, next)) {
        last = next
        source = from
        report.current(next, from)
      }
    }
    const center = () => emit(map.getView().getCenter(), 'center')
    const onMove = (event: MapBrowserEvent<PointerEvent>) => {
      if (event.dragging) return
      emit(event.coordinate, 'cursor')
    }
    const onLeave = () => center()
    const onMoveEnd = () => {
      if (source === 'center') center()
    }
    const viewport = map.getViewport() as HTMLElement
    map.on('pointermove', onMove as never)
    map.on('moveend', onMoveEnd)
    viewport.addEventListener('pointerleave', onLeave)
    center()
    return () => {
      map.un('pointermove', onMove as never)
      map.un('moveend', onMoveEnd)
      viewport.removeEventListener('pointerleave', onLeave)
    }
  }, [map, enabled])
}

const markerStyle = (label: string) => [
  new Style({
    image: new CircleStyle({
      radius: 9,
      fill: new Fill({ color: '#b4531f' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
    text: new Text({
      text: label,
      offsetY: -20,
      font: '600 12px "Inter Variable", "Segoe UI", Roboto, Arial, sans-serif',
      fill: new Fill({ color: '#17252f' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
  }),
]

/** Marks points on the map (Marcar), each labelled with its coordinates. */
export function useMarkers(points: readonly (LatLon & { label: string })[]) {
  const { source } = useVectorLayer(() => ({ zIndex: 10_002 }))
  useEffect(() => {
    source.clear(true)
    source.addFeatures(
      points.map((p) => {
        const f = new Feature(new Point(fromLonLat([p.lon, p.lat])))
        f.setStyle(markerStyle(p.label))
        return f
      }),
    )
  }, [source, points])
}
