import Feature from 'ol/Feature'
import { primaryAction } from 'ol/events/condition'
import { fromExtent } from 'ol/geom/Polygon'
import DragBox from 'ol/interaction/DragBox'
import VectorLayer from 'ol/layer/Vector'
import type OlMap from 'ol/Map'
import { transformExtent } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import Fill from 'ol/style/Fill'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import { useEffect, useRef } from 'react'
import { useMap } from '../../../map/map-context'

export type LonLatBox = [number, number, number, number]

/** The largest box the map can show in EPSG:3857, in degrees. */
const WORLD: LonLatBox = [-180, -85, 180, 85]

const round = (n: number) => Math.round(n * 1e6) / 1e6

/** A box of the map (EPSG:3857) in degrees, rounded to 6 decimals and kept inside the world. */
export function toLonLatBox(extent: number[]): LonLatBox {
  const [minx = 0, miny = 0, maxx = 0, maxy = 0] = transformExtent(extent, 'EPSG:3857', 'EPSG:4326')
  return [
    round(Math.max(WORLD[0], minx)),
    round(Math.max(WORLD[1], miny)),
    round(Math.min(WORLD[2], maxx)),
    round(Math.min(WORLD[3], maxy)),
  ]
}

const style = new Style({
  fill: new Fill({ color: 'rgba(11, 79, 108, 0.18)' }),
  stroke: new Stroke({ color: '#0b4f6c', width: 3 }),
})

/**
 * The start box on the admin map: drawn from `box` (degrees; null hides it) and, while
 * `drawing`, a drag on the map draws a new one, reported through `onDrawn`.
 */
export function useStartBox(
  box: LonLatBox | null,
  drawing: boolean,
  onDrawn: (box: LonLatBox) => void,
) {
  const map = useMap()
  const source = useRef(new VectorSource())
  const drawn = useRef(onDrawn)
  drawn.current = onDrawn

  useEffect(() => {
    const layer = new VectorLayer({ source: source.current, style, zIndex: 10 })
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
    }
  }, [map])

  // Redrawn when the numbers change, not when an equal box arrives as a new array.
  const key = box?.join(',') ?? ''
  useEffect(() => {
    source.current.clear()
    if (!key) return
    const extent = transformExtent(key.split(',').map(Number), 'EPSG:4326', 'EPSG:3857')
    source.current.addFeature(new Feature(fromExtent(extent)))
  }, [key])

  useEffect(() => {
    if (!drawing) return
    const interaction = new DragBox({ className: 'gis-dragbox', condition: primaryAction })
    interaction.on('boxend', () => {
      drawn.current(toLonLatBox(interaction.getGeometry().getExtent()))
    })
    map.addInteraction(interaction)
    return () => {
      map.removeInteraction(interaction)
    }
  }, [map, drawing])
}

/** Fits the view to the box once, when it first becomes known. */
export function useFitOnce(box: LonLatBox | null) {
  const map = useMap()
  const done = useRef(false)
  useEffect(() => {
    if (!box || done.current) return
    done.current = true
    map.getView().fit(transformExtent(box, 'EPSG:4326', 'EPSG:3857'), {
      size: map.getSize(),
      padding: [40, 40, 40, 40],
    })
  }, [map, box])
}

/** The box the map shows now, in degrees. */
export function viewBox(map: OlMap): LonLatBox {
  return toLonLatBox(map.getView().calculateExtent(map.getSize()))
}
