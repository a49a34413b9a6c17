import type { FeatureGeometry } from '@gis/shared'
import Feature from 'ol/Feature'
import GeoJSON from 'ol/format/GeoJSON'
import WKT from 'ol/format/WKT'
import type Geometry from 'ol/geom/Geometry'
import Draw from 'ol/interaction/Draw'
import type Interaction from 'ol/interaction/Interaction'
import Modify from 'ol/interaction/Modify'
import { never, singleClick } from 'ol/events/condition'
import { containsExtent } from 'ol/extent'
import Snap from 'ol/interaction/Snap'
import Translate from 'ol/interaction/Translate'
import VectorLayer from 'ol/layer/Vector'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { toLonLat, transformExtent } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import CircleStyle from 'ol/style/Circle'
import Fill from 'ol/style/Fill'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import { useEffect, useMemo, useRef } from 'react'
import { useMap } from '../../map/map-context'
import { toolGate } from '../../map/tool-gate'

/**
 * What a click does: nothing, draw a new sketch, pick a feature of the layer, drag the
 * sketch's vertices (or the whole sketch), or remove the vertex clicked.
 */
export type EditorMode = 'idle' | 'draw' | 'pick' | 'modify' | 'erase'

const DATA = 'EPSG:4326'
const VIEW = 'EPSG:3857'
const geojson = new GeoJSON({ dataProjection: DATA, featureProjection: VIEW })
const wkt = new WKT()

/** The draw type of a layer's geometry type: a multi layer takes a single part (the server agrees). */
export function drawType(geometryType: string): 'Point' | 'LineString' | 'Polygon' | null {
  if (geometryType.endsWith('point')) return 'Point'
  if (geometryType.endsWith('linestring')) return 'LineString'
  if (geometryType.endsWith('polygon')) return 'Polygon'
  return null
}

/** A map geometry as WKT in EPSG:4326 (what the feature API takes). */
export function toWkt(geometry: Geometry): string {
  return wkt.writeGeometry(geometry, {
    dataProjection: DATA,
    featureProjection: VIEW,
    decimals: 8,
  })
}

/** WKT in EPSG:4326 as a map geometry; throws on text that is not WKT. */
export function fromWkt(text: string): Geometry {
  return wkt.readGeometry(text.trim(), { dataProjection: DATA, featureProjection: VIEW })
}

const layerStyle = new Style({
  image: new CircleStyle({
    radius: 5,
    fill: new Fill({ color: 'rgba(21,101,192,0.5)' }),
    stroke: new Stroke({ color: '#0d47a1', width: 1.5 }),
  }),
  stroke: new Stroke({ color: '#1565c0', width: 2 }),
  fill: new Fill({ color: 'rgba(21,101,192,0.12)' }),
})
const sketchStyle = new Style({
  image: new CircleStyle({
    radius: 7,
    fill: new Fill({ color: '#ff6f00' }),
    stroke: new Stroke({ color: '#fff', width: 2 }),
  }),
  stroke: new Stroke({ color: '#ff6f00', width: 3 }),
  fill: new Fill({ color: 'rgba(255,111,0,0.2)' }),
})

export interface GeometryEditor {
  /** The layer's features shown (and snapped to), replaced on each view change. */
  showFeatures: (rows: FeatureGeometry[]) => void
  /** Puts a geometry in the sketch (a picked feature, a WKT text); fits the view at most to `maxZoom`. */
  setSketch: (geometry: Geometry | null, maxZoom?: number) => void
  /** The view's extent in EPSG:4326. */
  viewBox: () => [number, number, number, number]
  /** Metres per pixel at the view's centre. */
  resolution: () => number
  /** The map's size in pixels, once it has one. */
  size: () => [number, number] | undefined
  /** Takes back the last vertex of a drawing in progress; false when none is in progress. */
  removeLastPoint: () => boolean
  /** Pans (zooming out only if it must) so the sketch is clear of panels: [top, right, bottom, left] px. */
  reveal: (padding: [number, number, number, number]) => void
}

/**
 * The geometry editor's OpenLayers part (spec 3 sections 2 and 4): the chosen layer's features
 * in view, a sketch layer, and by mode a Draw (a new drawing replaces the previous one), a
 * click pick (not while the right-click menu blocks the tools), Modify and Translate on the
 * sketch, or a Modify whose click removes a vertex; Snap to the layer's features and the
 * sketch throughout. Everything is removed when the component goes.
 */
export function useGeometryEditor({
  mode,
  type,
  onSketch,
  onPick,
  onViewChange,
}: {
  mode: EditorMode
  type: 'Point' | 'LineString' | 'Polygon' | null
  onSketch: (geometry: Geometry | null) => void
  onPick: (lonLat: [number, number]) => void
  onViewChange: () => void
}): GeometryEditor {
  const map = useMap()
  const layerSource = useMemo(() => new VectorSource<Feature<Geometry>>(), [])
  const sketchSource = useMemo(() => new VectorSource<Feature<Geometry>>(), [])
  const drawing = useRef<Draw | null>(null)
  const latest = useRef({ onSketch, onPick, onViewChange })
  latest.current = { onSketch, onPick, onViewChange }

  useEffect(() => {
    const features = new VectorLayer({ source: layerSource, style: layerStyle, zIndex: 900 })
    const sketch = new VectorLayer({ source: sketchSource, style: sketchStyle, zIndex: 901 })
    map.addLayer(features)
    map.addLayer(sketch)
    const moved = () => latest.current.onViewChange()
    map.on('moveend', moved)
    return () => {
      map.un('moveend', moved)
      map.removeLayer(features)
      map.removeLayer(sketch)
    }
  }, [map, layerSource, sketchSource])

  useEffect(() => {
    const interactions: Interaction[] = []
    const report = () => {
      const f = sketchSource.getFeatures()[0]
      latest.current.onSketch(f?.getGeometry() ?? null)
    }
    if (mode === 'draw' && type) {
      const draw = new Draw({ source: sketchSource, type, style: sketchStyle, stopClick: true })
      draw.on('drawstart', () => {
        sketchSource.clear()
        drawing.current = draw
      })
      draw.on(['drawend', 'drawabort'], () => {
        drawing.current = null
      })
      draw.on('drawend', () => setTimeout(report, 0))
      interactions.push(draw)
    }
    if (mode === 'modify') {
      const modify = new Modify({ source: sketchSource })
      modify.on('modifyend', report)
      const translate = new Translate({ layers: (l) => l.getSource() === sketchSource })
      translate.on('translateend', report)
      interactions.push(translate, modify)
    }
    if (mode === 'erase') {
      const erase = new Modify({
        source: sketchSource,
        deleteCondition: singleClick,
        insertVertexCondition: never,
      })
      erase.on('modifyend', report)
      interactions.push(erase)
    }
    if (mode !== 'idle') {
      interactions.push(new Snap({ source: layerSource }), new Snap({ source: sketchSource }))
    }
    for (const i of interactions) map.addInteraction(i)
    const gate = toolGate(map)
    const pick = (e: MapBrowserEvent) => {
      if (gate.blocked(e.originalEvent.timeStamp)) return
      latest.current.onPick(toLonLat(e.coordinate) as [number, number])
    }
    if (mode === 'pick') map.on('singleclick', pick)
    return () => {
      drawing.current = null
      for (const i of interactions) map.removeInteraction(i)
      if (mode === 'pick') map.un('singleclick', pick)
    }
  }, [map, mode, type, layerSource, sketchSource])

  return useMemo<GeometryEditor>(
    () => ({
      showFeatures: (rows) => {
        layerSource.clear()
        layerSource.addFeatures(
          rows
            .filter((r) => r.geometry)
            .map((r) => {
              const f = new Feature<Geometry>(geojson.readGeometry(r.geometry!) as Geometry)
              f.setId(r.id)
              return f
            }),
        )
      },
      setSketch: (geometry, maxZoom) => {
        sketchSource.clear()
        if (geometry) {
          sketchSource.addFeature(new Feature(geometry))
          if (maxZoom !== undefined) {
            map.getView().fit(geometry.getExtent(), { maxZoom, padding: [60, 60, 60, 60] })
          }
        }
        latest.current.onSketch(geometry)
      },
      viewBox: () => {
        const extent = map.getView().calculateExtent(map.getSize())
        return transformExtent(extent, VIEW, DATA) as [number, number, number, number]
      },
      resolution: () => map.getView().getResolution() ?? 1,
      size: () => map.getSize() as [number, number] | undefined,
      reveal: (padding) => {
        const geometry = sketchSource.getFeatures()[0]?.getGeometry()
        const size = map.getSize()
        if (!geometry || !size) return
        const [top, right, bottom, left] = padding
        const a = map.getCoordinateFromPixel([left, top])
        const b = map.getCoordinateFromPixel([size[0]! - right, size[1]! - bottom])
        if (!a || !b) return
        const clear = [a[0]!, b[1]!, b[0]!, a[1]!]
        if (containsExtent(clear, geometry.getExtent())) return
        const view = map.getView()
        view.fit(geometry.getExtent(), { padding, maxZoom: view.getZoom() })
      },
      removeLastPoint: () => {
        if (!drawing.current) return false
        drawing.current.removeLastPoint()
        return true
      },
    }),
    [map, layerSource, sketchSource],
  )
}
