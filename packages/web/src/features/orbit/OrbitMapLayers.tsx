import type { BaseLayer, LayerTreeNode } from '@gis/shared'
import type { OrbitEvent } from '@gis/shared/imagery'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import Feature from 'ol/Feature'
import GeoJSON from 'ol/format/GeoJSON'
import Point from 'ol/geom/Point'
import { fromLonLat, toLonLat } from 'ol/proj'
import CircleStyle from 'ol/style/Circle'
import Fill from 'ol/style/Fill'
import Icon from 'ol/style/Icon'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { isOffline } from '../../map/base-layers'
import { leaves, radioPeers, viewTree } from '../../map/layer-tree'
import { useMap } from '../../map/map-context'
import { useBaseLayers, type BaseLayerEntry } from '../../map/use-base-layers'
import { useHighlight } from '../../map/use-highlight'
import { useGetSurveyTracksQuery } from '../../map/survey-tracks'
import { useVectorLayer } from '../../map/use-map-layer'
import { baseFallbackUsed, setNodeVisibility } from '../../state/map-slice'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { useGetActiveBaseLayersQuery, useGetLayerTreeQuery } from '../../api/layers.api'

/** Zoom of the view on an event (spec 2 §4.6, §9). */
export const EVENT_ZOOM = 17

/** Above the base layers and the highlight; the tracks just below the events. */
const EVENT_Z = 10_010
const TRACK_Z = 10_005

const ARROW_SVG = encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">` +
    `<circle cx="24" cy="24" r="9" fill="#b4531f" stroke="#fff" stroke-width="3"/>` +
    `<path d="M24 0 L34 17 L24 12 L14 17 Z" fill="#b4531f" stroke="#fff" stroke-width="2"/></svg>`,
)

const neighbourStyle = new Style({
  image: new CircleStyle({
    radius: 4,
    fill: new Fill({ color: 'rgba(11, 79, 108, 0.85)' }),
    stroke: new Stroke({ color: '#ffffff', width: 1 }),
  }),
})

const trackStyles = {
  current: [
    new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 7 }) }),
    new Style({ stroke: new Stroke({ color: '#b4531f', width: 4 }) }),
  ],
  other: [new Style({ stroke: new Stroke({ color: 'rgba(11, 79, 108, 0.7)', width: 3 }) })],
}

/** The surveys' drives (GET /api/events/tracks), the current event's survey stronger. */
function useSurveyTracks(survey: string | undefined) {
  const tracks = useGetSurveyTracksQuery()
  const { layer, source } = useVectorLayer(() => ({
    zIndex: TRACK_Z,
    updateWhileInteracting: true,
  }))
  useEffect(() => {
    source.clear(true)
    if (!tracks.data) return
    source.addFeatures(
      new GeoJSON().readFeatures(tracks.data, {
        dataProjection: 'EPSG:4326',
        featureProjection: 'EPSG:3857',
      }),
    )
  }, [source, tracks.data])
  useEffect(() => {
    layer.setStyle((f) => (f.get('survey') === survey ? trackStyles.current : trackStyles.other))
  }, [layer, survey])
}

/**
 * The base layers the map page shows (the same tree, the user's choices), with the same
 * fallback to a base layer served here when the shown one cannot load (no internet).
 */
function useOrbitBaseLayers() {
  const dispatch = useAppDispatch()
  const tree = useGetLayerTreeQuery()
  const bases = useGetActiveBaseLayersQuery()
  const m = useAppSelector((s) => s.map)
  const view = useMemo(() => {
    const nodes: readonly LayerTreeNode[] = tree.data ?? []
    return viewTree(nodes, { visibility: m.visibility, opacity: m.opacity, order: m.order })
  }, [tree.data, m.visibility, m.opacity, m.order])
  const entries = useMemo((): BaseLayerEntry[] => {
    // Until the tree has answered nothing is drawn: its names are those the store's choices use.
    if (tree.isLoading) return []
    const records = new Map<number, BaseLayer>((bases.data ?? []).map((b) => [b.id, b]))
    const nodes = leaves(view).filter((n) => n.node.type === 'layerBase' && n.node.baseLayerId)
    if (nodes.length === 0) {
      // Without the tree (it failed): the base layers as one radio group, as the map page does.
      const shown = (bases.data ?? []).find((b) => b.visible)
      return (bases.data ?? []).map((b) => ({
        name: `base_${b.id}`,
        record: b,
        visible: m.visibility[`base_${b.id}`] ?? b === shown,
        opacity: 255,
        zIndex: b.zindex,
      }))
    }
    return nodes.flatMap((n, i) => {
      const record = records.get(n.node.baseLayerId!)
      return record
        ? [
            {
              name: n.name,
              record,
              visible: n.visible,
              opacity: n.opacity,
              zIndex: nodes.length - i,
            },
          ]
        : []
    })
  }, [tree.isLoading, view, bases.data, m.visibility])

  const { enqueueSnackbar } = useSnackbar()
  const latest = useRef({ view, entries, fallbackFrom: m.baseFallbackFrom })
  latest.current = { view, entries, fallbackFrom: m.baseFallbackFrom }
  const onFailed = useCallback(
    (name: string) => {
      const { view, entries, fallbackFrom } = latest.current
      const failed = entries.find((e) => e.name === name)
      if (!failed?.visible || fallbackFrom) return
      const peersOf = (n: string) =>
        view.length ? radioPeers(view, n) : entries.map((e) => e.name).filter((e) => e !== n)
      const peers = peersOf(name)
      const offline = entries.find((e) => peers.includes(e.name) && isOffline(e.record))
      if (!offline) return
      dispatch(
        setNodeVisibility({
          names: [offline.name],
          visible: true,
          radioPeers: peersOf(offline.name),
        }),
      )
      dispatch(baseFallbackUsed(name))
      enqueueSnackbar(
        t('map.baseLayerFallback', { failed: failed.record.name, fallback: offline.record.name }),
        { variant: 'warning' },
      )
    },
    [dispatch, enqueueSnackbar],
  )
  useBaseLayers(entries, onFailed)
}

/**
 * The orbit module's map: the base layers, the map page's selection, the surveys' tracks, the
 * current event (its heading as an arrow) and its neighbours; a click on a neighbour goes there, elsewhere it
 * asks for the event closest to the clicked place.
 */
export function OrbitMapLayers({
  event,
  neighbours,
  revision,
  onGo,
  onPick,
}: {
  event: OrbitEvent | null
  neighbours: readonly OrbitEvent[]
  /** Grows when a located feature's geometry has arrived (the highlight redraws). */
  revision: number
  onGo: (event: OrbitEvent) => void
  onPick: (lat: number, lon: number) => void
}) {
  const map = useMap()
  useOrbitBaseLayers()
  const selection = useAppSelector((s) => s.map.selection)
  const focused = useAppSelector((s) => s.map.focused)
  useHighlight(selection, focused, revision)
  useSurveyTracks(event?.survey)

  const { layer, source } = useVectorLayer(() => ({
    zIndex: EVENT_Z,
    updateWhileAnimating: true,
    updateWhileInteracting: true,
  }))

  useEffect(() => {
    source.clear(true)
    if (!event) return
    const features = neighbours.map((n) => {
      const f = new Feature(new Point(fromLonLat([n.longitude, n.latitude])))
      f.set('orbitEvent', n.id)
      f.setStyle(neighbourStyle)
      return f
    })
    const current = new Feature(new Point(fromLonLat([event.longitude, event.latitude])))
    current.setStyle(
      new Style({
        image: new Icon({
          src: `data:image/svg+xml;charset=utf-8,${ARROW_SVG}`,
          rotation: (event.azimuth * Math.PI) / 180,
          rotateWithView: true,
        }),
        zIndex: 1,
      }),
    )
    source.addFeatures([...features, current])
  }, [source, event, neighbours])

  // The view follows the event: centred at zoom 17 at first, then panned when it leaves the view.
  const centred = useRef(false)
  useEffect(() => {
    if (!event) return
    const view = map.getView()
    const at = fromLonLat([event.longitude, event.latitude])
    if (!centred.current) {
      centred.current = true
      view.setCenter(at)
      view.setZoom(EVENT_ZOOM)
      return
    }
    const size = map.getSize()
    const extent = size ? view.calculateExtent(size) : null
    const [minX = 0, minY = 0, maxX = 0, maxY = 0] = extent ?? []
    const marginX = (maxX - minX) * 0.15
    const marginY = (maxY - minY) * 0.15
    const [x = 0, y = 0] = at
    const inside =
      x > minX + marginX && x < maxX - marginX && y > minY + marginY && y < maxY - marginY
    if (!inside) view.animate({ center: at, duration: 300 })
  }, [map, event])

  const latest = useRef({ neighbours, onGo, onPick })
  latest.current = { neighbours, onGo, onPick }
  useEffect(() => {
    const onClick = (e: { pixel: number[]; coordinate: number[] }) => {
      let hit: number | undefined
      map.forEachFeatureAtPixel(
        e.pixel,
        (f) => {
          const id = f.get('orbitEvent') as number | undefined
          if (id !== undefined) hit = id
          return id !== undefined
        },
        { layerFilter: (l) => l === layer, hitTolerance: 4 },
      )
      const neighbour = latest.current.neighbours.find((n) => n.id === hit)
      if (neighbour) {
        latest.current.onGo(neighbour)
        return
      }
      const [lon = 0, lat = 0] = toLonLat(e.coordinate)
      latest.current.onPick(lat, lon)
    }
    map.on('singleclick', onClick as never)
    return () => map.un('singleclick', onClick as never)
  }, [map, layer])

  return null
}
