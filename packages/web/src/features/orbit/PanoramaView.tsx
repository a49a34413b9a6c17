import '@photo-sphere-viewer/core/index.css'
import '@photo-sphere-viewer/markers-plugin/index.css'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { Viewer } from '@photo-sphere-viewer/core'
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter'
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin'
import type { OrbitEvent } from '@gis/shared/imagery'
import { t } from '@gis/shared/i18n'
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react'
import { MediaOverlay } from '../../components/MediaOverlay'
import { Compasses } from './Compasses'
import { formatKm, normalDegrees } from './orbit-format'
import { arrowPosition, northPan, panoramaOf } from './panorama-geometry'

/** Arrows closer than this (m) are drawn larger; beyond it they shrink down to the minimum. */
const ARROW_NEAR_M = 8
const ARROW_MAX_PX = 64
const ARROW_MIN_PX = 30

function arrowHtml(eventId: number, label: string, size: number): string {
  return `<div class="orbit-arrow" data-testid="orbit-arrow" data-event="${eventId}" role="button" aria-label="${label}" style="width:${size}px;height:${size}px">
<svg viewBox="0 0 64 64" width="${size}" height="${size}" aria-hidden="true">
<circle cx="32" cy="32" r="29" fill="rgba(11,79,108,0.55)" stroke="#fff" stroke-width="3"/>
<path d="M32 14 L48 40 L32 33 L16 40 Z" fill="#fff"/>
</svg></div>`
}

/**
 * The 360° view (Photo Sphere Viewer 5): the event's panorama through the tiles adapter (the
 * base image at once, then the tiles of the full width as the view needs them), turned so that
 * the viewer's yaw is a compass bearing, with an arrow towards each neighbour (a click moves
 * there) and the two compasses. Moving to another event keeps the direction the user looks in.
 */
export function PanoramaView({
  event,
  neighbours,
  imageBase,
  token,
  interactions,
  onGo,
  children,
}: {
  event: OrbitEvent | null
  neighbours: readonly OrbitEvent[]
  imageBase: string
  token: string | null
  /** Arrows and markers shown (opacity 1) or hidden (opacity 0). */
  interactions: boolean
  onGo: (event: OrbitEvent) => void
  children?: ReactNode
}) {
  const container = useRef<HTMLDivElement>(null)
  const viewer = useRef<Viewer | null>(null)
  const [yaw, setYaw] = useState(0)
  const [loadedId, setLoadedId] = useState<number | null>(null)
  const shown = useRef<{ neighbours: readonly OrbitEvent[]; onGo: typeof onGo }>({
    neighbours,
    onGo,
  })
  shown.current = { neighbours, onGo }

  useEffect(() => {
    const v = new Viewer({
      container: container.current!,
      adapter: EquirectangularTilesAdapter.withConfig({ showErrorTile: false, baseBlur: true }),
      plugins: [MarkersPlugin.withConfig({})],
      navbar: ['zoom', 'fullscreen'],
      loadingTxt: t('orbit.loading'),
      defaultZoomLvl: 0,
      minFov: 30,
      maxFov: 100,
      mousewheelCtrlKey: false,
      keyboard: 'always',
      lang: {
        zoom: t('orbit.psv.zoom'),
        zoomOut: t('orbit.psv.zoomOut'),
        zoomIn: t('orbit.psv.zoomIn'),
        moveUp: t('orbit.psv.moveUp'),
        moveDown: t('orbit.psv.moveDown'),
        moveLeft: t('orbit.psv.moveLeft'),
        moveRight: t('orbit.psv.moveRight'),
        fullscreen: t('orbit.psv.fullscreen'),
        loading: t('orbit.loading'),
        close: t('orbit.psv.close'),
        menu: t('orbit.psv.menu'),
        twoFingers: t('orbit.psv.twoFingers'),
        ctrlZoom: t('orbit.psv.ctrlZoom'),
        loadError: t('orbit.psv.loadError'),
        webglError: t('orbit.psv.webglError'),
      },
    })
    v.addEventListener('position-updated', ({ position }) =>
      setYaw(normalDegrees((position.yaw * 180) / Math.PI)),
    )
    const markers = v.getPlugin<MarkersPlugin>(MarkersPlugin)
    markers.addEventListener('select-marker', ({ marker }) => {
      const id = (marker.data as { eventId?: number } | undefined)?.eventId
      const target = shown.current.neighbours.find((n) => n.id === id)
      if (target) shown.current.onGo(target)
    })
    viewer.current = v
    return () => {
      viewer.current = null
      v.destroy()
    }
  }, [])

  // The event's panorama; the first keeps the vehicle's forward direction in view.
  const first = useRef(true)
  const panorama = event ? panoramaOf(event, imageBase, token) : null
  const showPanorama = useEffectEvent((shown: () => boolean) => {
    const v = viewer.current
    if (!v || !event || !panorama) return
    const isFirst = first.current
    first.current = false
    v.setPanorama(panorama, {
      sphereCorrection: { pan: northPan(event.azimuth) },
      position: isFirst ? { yaw: (event.azimuth * Math.PI) / 180, pitch: 0 } : undefined,
      transition: isFirst ? false : { effect: 'fade', speed: 250, rotation: false },
      showLoader: isFirst,
    })
      .then((done) => {
        if (shown() && done) setLoadedId(event.id)
      })
      .catch(() => undefined)
  })
  // The panorama is the event's (a new object each render, the same images): keyed by its id.
  const eventId = event?.id
  useEffect(() => {
    let live = true
    showPanorama(() => live)
    return () => {
      live = false
    }
  }, [eventId, imageBase, token])

  // Arrows towards the neighbours.
  useEffect(() => {
    const v = viewer.current
    if (!v || !event) return
    const markers = v.getPlugin<MarkersPlugin>(MarkersPlugin)
    markers.setMarkers(
      neighbours.map((n) => {
        const p = arrowPosition(event, n)
        const size = Math.round(
          Math.max(
            ARROW_MIN_PX,
            Math.min(ARROW_MAX_PX, (ARROW_MAX_PX * ARROW_NEAR_M) / p.distance),
          ),
        )
        const label = t('orbit.neighbour', { km: formatKm(n.localization) })
        return {
          id: `event-${n.id}`,
          position: { yaw: p.yaw, pitch: p.pitch },
          html: arrowHtml(n.id, label, size),
          size: { width: size, height: size },
          anchor: 'center center',
          tooltip: { content: label, position: 'top center' },
          data: { eventId: n.id },
        }
      }),
    )
  }, [event, neighbours, loadedId])

  const rotate = (toYawDeg: number) => {
    void viewer.current?.animate({ yaw: (toYawDeg * Math.PI) / 180, pitch: 0, speed: '8rpm' })
  }

  const noPanorama = event !== null && panorama === null
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        bgcolor: '#000',
        '& .psv-markers': { opacity: interactions ? 1 : 0, transition: 'opacity 200ms' },
        '& .psv-marker': interactions ? {} : { pointerEvents: 'none' },
        '& .orbit-arrow': { cursor: 'pointer', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.6))' },
        '& .orbit-arrow:hover svg circle': { fill: 'rgba(180,83,31,0.85)' },
      }}
    >
      <Box
        ref={container}
        role="region"
        aria-label={t('orbit.viewer')}
        data-testid="orbit-viewer"
        data-event={loadedId ?? ''}
        data-yaw={Math.round(yaw)}
        // Its own stacking context: the viewer's layers stay below the overlays beside it.
        sx={{ position: 'absolute', inset: 0, zIndex: 0 }}
      />
      {noPanorama && (
        <MediaOverlay>
          <Typography>{t('orbit.noPanorama')}</Typography>
        </MediaOverlay>
      )}
      {event && (
        <Compasses
          yaw={yaw}
          azimuth={event.azimuth}
          onNorth={() => rotate(0)}
          onForward={() => rotate(event.azimuth)}
        />
      )}
      {children}
    </Box>
  )
}
