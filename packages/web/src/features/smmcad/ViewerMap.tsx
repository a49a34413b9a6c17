import Layers from '@mui/icons-material/Layers'
import Box from '@mui/material/Box'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import type { ViewerEntry } from '@gis/shared/imagery'
import { t } from '@gis/shared/i18n'
import type Feature from 'ol/Feature'
import OlFeature from 'ol/Feature'
import WKT from 'ol/format/WKT'
import Point from 'ol/geom/Point'
import { fromLonLat, toLonLat } from 'ol/proj'
import CircleStyle from 'ol/style/Circle'
import Fill from 'ol/style/Fill'
import Icon from 'ol/style/Icon'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { isOffline } from '../../map/base-layers'
import { DEFAULT_CENTER } from '../../map/constants'
import { MapCanvas } from '../../map/MapCanvas'
import { useMap } from '../../map/map-context'
import { useSurveyTracks } from '../../map/survey-tracks'
import { useBaseLayers, type BaseLayerEntry } from '../../map/use-base-layers'
import { useVectorLayer } from '../../map/use-map-layer'
import { useGetActiveBaseLayersQuery } from '../../api/layers.api'
import { EVENT_MIN_ZOOM, MAP_RESIZE_THROTTLE_MS } from './viewer-logic'

/**
 * The viewer's map (spec 2 §2.5, §4.4): the map page's base layers, the neighbours of the
 * current event (the current one larger, with an arrow in its direction, and the field of view
 * of the selected camera when the frame carries one), the survey tracks; a layer list at the
 * top right with a switch per layer. On every new event the view centres on it at zoom 19 or
 * closer; a click asks for the closest event (`onPick`).
 */
export function ViewerMap(props: ViewerMapProps) {
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, minWidth: 0 }}>
      <MapCanvas>
        <ViewerMapLayers {...props} />
      </MapCanvas>
    </Box>
  )
}

interface ViewerMapProps {
  current: ViewerEntry | null
  neighbours: readonly ViewerEntry[]
  /** The selected camera's field of view (WKT, possibly after a 'SRID=…;' part). */
  fov: string | null
  onPick: (lat: number, lon: number) => void
}

const EVENTS_Z = 1000

function ViewerMapLayers({ current, neighbours, fov, onPick }: ViewerMapProps) {
  const map = useMap()
  const bases = useGetActiveBaseLayersQuery()
  const [baseName, setBaseName] = useState<string | null>(null)
  const [show, setShow] = useState({ base: true, events: true, tracks: true })
  const [open, setOpen] = useState(true)

  // The base layer: the one shown when the map page opens; the offline one if it cannot load.
  const records = useMemo(() => bases.data ?? [], [bases.data])
  const record =
    records.find((r) => String(r.id) === baseName) ??
    records.find((r) => r.visible) ??
    records.find(isOffline) ??
    records[0]
  const entries = useMemo<BaseLayerEntry[]>(
    () =>
      record
        ? [{ name: String(record.id), record, visible: show.base, opacity: 255, zIndex: 1 }]
        : [],
    [record, show.base],
  )
  const onFailed = useCallback(
    (name: string) => {
      const offline = records.find((r) => isOffline(r) && String(r.id) !== name)
      if (offline) setBaseName(String(offline.id))
    },
    [records],
  )
  useBaseLayers(entries, onFailed)

  useSurveyTracks(show.tracks)

  // Events and the field of view.
  const { layer: events } = useVectorLayer(() => ({
    zIndex: EVENTS_Z,
    style: eventStyle,
    updateWhileInteracting: true,
  }))
  useEffect(() => events.setVisible(show.events), [events, show.events])
  useEffect(() => {
    const source = events.getSource()!
    source.clear()
    const features: Feature[] = []
    const geometry = fovGeometry(fov)
    if (geometry) features.push(new OlFeature({ geometry, kind: 'fov' }))
    for (const n of neighbours) {
      if (n.event.id === current?.event.id) continue
      features.push(
        new OlFeature({
          geometry: new Point(fromLonLat([n.event.longitude, n.event.latitude])),
          kind: 'neighbour',
        }),
      )
    }
    if (current) {
      features.push(
        new OlFeature({
          geometry: new Point(fromLonLat([current.event.longitude, current.event.latitude])),
          kind: 'current',
          azimuth: current.event.azimuth,
        }),
      )
    }
    source.addFeatures(features)
  }, [events, neighbours, current, fov])

  // Centre on each new event, at zoom 19 at least.
  const currentId = current?.event.id
  const centreOnCurrent = useEffectEvent(() => {
    const view = map.getView()
    const centre = current
      ? fromLonLat([current.event.longitude, current.event.latitude])
      : DEFAULT_CENTER
    view.setCenter(centre)
    view.setZoom(Math.max(view.getZoom() ?? 0, EVENT_MIN_ZOOM))
  })
  useEffect(() => centreOnCurrent(), [map, currentId])

  // A click asks for the closest event.
  const pick = useRef(onPick)
  pick.current = onPick
  useEffect(() => {
    const key = map.on('singleclick', (e) => {
      const [lon, lat] = toLonLat(e.coordinate)
      pick.current(lat!, lon!)
    })
    return () => map.un('singleclick', key.listener)
  }, [map])

  // The map follows its box's size, at most every 100 ms.
  useEffect(() => {
    const target = map.getTargetElement()
    if (!target) return
    let timer: ReturnType<typeof setTimeout> | null = null
    const observer = new ResizeObserver(() => {
      if (timer) return
      timer = setTimeout(() => {
        timer = null
        map.updateSize()
      }, MAP_RESIZE_THROTTLE_MS)
    })
    observer.observe(target)
    return () => {
      observer.disconnect()
      if (timer) clearTimeout(timer)
    }
  }, [map])

  const rows: { key: keyof typeof show; label: string }[] = [
    { key: 'base', label: record?.name ?? t('smmcad.layer.base') },
    { key: 'events', label: t('smmcad.layer.events') },
    { key: 'tracks', label: t('smmcad.layer.tracks') },
  ]
  return (
    <Paper
      elevation={3}
      role="region"
      aria-label={t('smmcad.layers')}
      sx={{ position: 'absolute', top: 8, right: 8, zIndex: 2, px: 1, py: 0.5, maxWidth: 260 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton
          size="small"
          aria-label={t('smmcad.layers')}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <Layers fontSize="small" />
        </IconButton>
        {open && (
          <Typography variant="subtitle2" component="h3">
            {t('smmcad.layers')}
          </Typography>
        )}
      </Box>
      {open &&
        rows.map((row) => (
          <FormControlLabel
            key={row.key}
            sx={{ display: 'flex', mr: 0 }}
            control={
              <Switch
                size="small"
                checked={show[row.key]}
                onChange={(e) => setShow((s) => ({ ...s, [row.key]: e.target.checked }))}
                slotProps={{
                  input: { 'aria-label': t('smmcad.layerVisible', { name: row.label }) },
                }}
              />
            }
            label={
              <Typography variant="body2" component="span">
                {row.label}
              </Typography>
            }
          />
        ))}
    </Paper>
  )
}

const wkt = new WKT()

/** A frame's field of view as a map geometry ('SRID=4326;POLYGON(…)' or plain WKT). */
function fovGeometry(text: string | null) {
  if (!text) return null
  const body = text.includes(';') ? text.slice(text.lastIndexOf(';') + 1) : text
  try {
    return wkt.readGeometry(body.trim(), {
      dataProjection: 'EPSG:4326',
      featureProjection: 'EPSG:3857',
    })
  } catch {
    return null
  }
}

/** An arrow pointing up (north before its rotation by the azimuth). */
const ARROW_SVG =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="22" height="28" viewBox="0 0 22 28">' +
      '<path d="M11 1 L21 26 L11 20 L1 26 Z" fill="#d32f2f" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>' +
      '</svg>',
  )

const neighbourStyle = new Style({
  image: new CircleStyle({
    radius: 5,
    fill: new Fill({ color: '#90caf9' }),
    stroke: new Stroke({ color: '#0d47a1', width: 1.5 }),
  }),
})
const fovStyle = new Style({
  fill: new Fill({ color: 'rgba(255, 193, 7, 0.25)' }),
  stroke: new Stroke({ color: '#ff8f00', width: 2 }),
})
const currentDot = new Style({
  image: new CircleStyle({
    radius: 16,
    fill: new Fill({ color: 'rgba(211, 47, 47, 0.2)' }),
    stroke: new Stroke({ color: '#d32f2f', width: 2 }),
  }),
  zIndex: 2,
})

function eventStyle(feature: Feature | import('ol/render/Feature').default) {
  const kind = feature.get('kind') as string
  if (kind === 'fov') return fovStyle
  if (kind === 'neighbour') return neighbourStyle
  const azimuth = Number(feature.get('azimuth') ?? 0)
  // An arrow pointing where the vehicle drives (azimuth clockwise from north), in a ring.
  const arrow = new Style({
    image: new Icon({
      src: ARROW_SVG,
      width: 22,
      height: 28,
      rotation: (azimuth * Math.PI) / 180,
      rotateWithView: true,
    }),
    zIndex: 3,
  })
  return [currentDot, arrow]
}
