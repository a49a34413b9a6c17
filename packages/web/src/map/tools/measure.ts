import Feature from 'ol/Feature'
import type { Geometry, LineString, Polygon } from 'ol/geom'
import DoubleClickZoom from 'ol/interaction/DoubleClickZoom'
import Draw from 'ol/interaction/Draw'
import VectorLayer from 'ol/layer/Vector'
import Overlay from 'ol/Overlay'
import { toLonLat } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import CircleStyle from 'ol/style/Circle'
import Fill from 'ol/style/Fill'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import { useEffect, useRef, useState } from 'react'
import { useMap } from '../map-context'
import { toolGate } from '../tool-gate'

export type MeasureKind = 'length' | 'area'

type Geodesic = typeof import('../geodesic')

/** A finished or running measure, in metres or square metres and as the panel writes it. */
export interface Measurement {
  kind: MeasureKind
  value: number
  text: string
  /** Still being drawn. */
  drawing: boolean
}

const measureStyle = new Style({
  fill: new Fill({ color: 'rgba(180, 83, 31, 0.15)' }),
  stroke: new Stroke({ color: '#b4531f', width: 3 }),
  image: new CircleStyle({ radius: 4, fill: new Fill({ color: '#b4531f' }) }),
})
const sketchStyle = new Style({
  fill: new Fill({ color: 'rgba(180, 83, 31, 0.1)' }),
  stroke: new Stroke({ color: '#b4531f', width: 2, lineDash: [8, 6] }),
  image: new CircleStyle({
    radius: 5,
    stroke: new Stroke({ color: '#b4531f', width: 2 }),
    fill: new Fill({ color: 'rgba(255,255,255,0.8)' }),
  }),
})

/** The measure of a geometry on the ellipsoid: length of a line, area of a polygon. */
export function measureGeometry(geodesic: Geodesic, geometry: Geometry, kind: MeasureKind) {
  if (kind === 'length') {
    const positions = (geometry as LineString).getCoordinates().map((c) => toLonLat(c))
    const value = geodesic.geodesicLength(positions)
    return { value, text: geodesic.formatLength(value) }
  }
  const ring = ((geometry as Polygon).getCoordinates()[0] ?? []).map((c) => toLonLat(c))
  const value = geodesic.geodesicArea(ring)
  return { value, text: geodesic.formatArea(value) }
}

/** Clicked points of the sketch (the last vertex follows the pointer; a ring also closes). */
function clickedPoints(geometry: Geometry, kind: MeasureKind): number {
  if (kind === 'length') return (geometry as LineString).getCoordinates().length - 1
  return ((geometry as Polygon).getCoordinates()[0]?.length ?? 2) - 2
}

/**
 * The measure tool: draws lines (Distância) or polygons (Área) and labels each with its
 * geodesic length or area. Escape removes the last point, and cancels a measure left with at
 * most one point; changing the kind, `clear` and leaving the tool remove the measures.
 */
export function useMeasure(
  enabled: boolean,
  kind: MeasureKind,
  clearSignal: number,
  onMeasure: (m: Measurement | null) => void,
) {
  const map = useMap()
  const report = useRef(onMeasure)
  report.current = onMeasure
  const [geodesic, setGeodesic] = useState<Geodesic | null>(null)

  useEffect(() => {
    if (enabled && !geodesic) void import('../geodesic').then(setGeodesic)
  }, [enabled, geodesic])

  useEffect(() => {
    if (!enabled || !geodesic) return
    const gate = toolGate(map)
    const source = new VectorSource()
    const layer = new VectorLayer({ source, style: measureStyle, zIndex: 10_001 })
    const overlays: Overlay[] = []
    const draw = new Draw({
      source,
      type: kind === 'length' ? 'LineString' : 'Polygon',
      style: sketchStyle,
      condition: () => !gate.blocked(),
    })
    let sketch: Feature | null = null
    let tip: Overlay | null = null
    let unlisten: (() => void) | null = null

    const newTip = () => {
      const element = document.createElement('div')
      element.className = 'gis-measure-tooltip'
      element.setAttribute('data-testid', 'measure-tooltip')
      const overlay = new Overlay({
        element,
        offset: [0, -14],
        positioning: 'bottom-center',
        stopEvent: false,
        insertFirst: false,
      })
      map.addOverlay(overlay)
      overlays.push(overlay)
      return overlay
    }
    const update = (geometry: Geometry, drawing: boolean) => {
      const m = measureGeometry(geodesic, geometry, kind)
      if (tip) {
        tip.getElement()!.textContent = m.text
        const at =
          kind === 'length'
            ? (geometry as LineString).getLastCoordinate()
            : (geometry as Polygon).getInteriorPoint().getCoordinates()
        tip.setPosition(at)
      }
      report.current({ kind, value: m.value, text: m.text, drawing })
    }

    draw.on('drawstart', (event) => {
      sketch = event.feature
      tip = newTip()
      const geometry = sketch.getGeometry()!
      const listener = () => update(geometry, true)
      geometry.on('change', listener)
      unlisten = () => geometry.un('change', listener)
    })
    draw.on('drawend', (event) => {
      unlisten?.()
      update(event.feature.getGeometry()!, false)
      tip?.getElement()?.classList.add('gis-measure-final')
      tip?.setOffset([0, -10])
      sketch = null
      tip = null
    })
    draw.on('drawabort', () => {
      unlisten?.()
      if (tip) {
        map.removeOverlay(tip)
        overlays.splice(overlays.indexOf(tip), 1)
      }
      sketch = null
      tip = null
      report.current(null)
    })

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !sketch) return
      const geometry = sketch.getGeometry()
      if (!geometry) return
      if (clickedPoints(geometry, kind) <= 2) draw.abortDrawing()
      else draw.removeLastPoint()
    }
    document.addEventListener('keydown', onKey)

    // A double click ends the measure; it must not zoom the map as well.
    const zooms = map
      .getInteractions()
      .getArray()
      .filter((i) => i instanceof DoubleClickZoom)
    zooms.forEach((i) => i.setActive(false))
    map.addLayer(layer)
    map.addInteraction(draw)
    report.current(null)
    return () => {
      document.removeEventListener('keydown', onKey)
      unlisten?.()
      map.removeInteraction(draw)
      map.removeLayer(layer)
      for (const o of overlays) map.removeOverlay(o)
      zooms.forEach((i) => i.setActive(true))
    }
  }, [map, enabled, kind, clearSignal, geodesic])
}
