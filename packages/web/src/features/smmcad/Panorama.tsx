import '@photo-sphere-viewer/core/index.css'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ViewerEvent } from '@gis/shared/imagery'
import { t } from '@gis/shared/i18n'
import { Viewer } from '@photo-sphere-viewer/core'
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import placeholder from './panorama-placeholder.svg'
import { panoramaUrls } from './viewer-logic'

/**
 * The 360 view of the current event (spec 2 §2.5): Photo Sphere Viewer with the
 * equirectangular tiles adapter, the base image first and its tiles as the view zooms (the
 * panorama's `width` and `cols`; rows = cols / 2). An event without orbitEventId or
 * orbitEventDir shows the placeholder picture instead (spec 2 §4.4). The box says which
 * panorama it shows in `data-panorama` once its base image is drawn.
 */
export function Panorama({
  event,
  ahead = [],
  base,
  token,
}: {
  event: ViewerEvent | null
  /** Events a step may show next: their base images are fetched ahead. */
  ahead?: readonly ViewerEvent[]
  base: string
  token: string | null
}) {
  const box = useRef<HTMLDivElement>(null)
  const viewer = useRef<Viewer | null>(null)
  const [failed, setFailed] = useState(false)
  const dir = event?.orbitEventDir ?? null
  const id = event?.orbitEventId ?? null
  const has = Boolean(dir && id)
  const key = has ? `${dir}/${id}` : null
  const aheadRef = useRef(ahead)
  aheadRef.current = ahead

  useEffect(() => {
    if (!has) return
    const container = box.current!
    let v: Viewer
    try {
      v = new Viewer({
        container,
        adapter: EquirectangularTilesAdapter.withConfig({ showErrorTile: false, baseBlur: false }),
        navbar: ['zoom', 'move', 'fullscreen'],
        loadingTxt: t('common.loading'),
        defaultZoomLvl: 30,
        mousewheelCtrlKey: false,
        keyboard: false,
      })
    } catch {
      setFailed(true)
      return
    }
    viewer.current = v
    return () => {
      viewer.current = null
      v.destroy()
    }
  }, [has])

  const showPanorama = useEffectEvent((shown: () => boolean) => {
    const v = viewer.current
    const container = box.current
    if (!v || !container || !dir || !id || !event) return
    const panorama = panoramaOf(event, base, token)!
    container.dataset.loading = key ?? ''
    v.setPanorama(panorama, {
      transition: false,
      showLoader: false,
      position: { yaw: 0, pitch: 0 },
    })
      .then((done) => {
        if (!shown() || !done) return
        container.dataset.panorama = key ?? ''
        // Into the browser's cache (the viewer's own preload would share, and abort with,
        // the loader of the next step).
        for (const next of aheadRef.current) {
          const p = panoramaOf(next, base, token)
          if (p) new Image().src = p.baseUrl
        }
      })
      .catch(() => undefined)
  })
  useEffect(() => {
    let live = true
    showPanorama(() => live)
    return () => {
      live = false
    }
  }, [key, base, token, has])

  if (!has || failed) {
    return (
      <Box
        role="img"
        aria-label={t('smmcad.noPanorama')}
        data-panorama="placeholder"
        sx={{
          flex: 1,
          minHeight: 0,
          minWidth: 0,
          position: 'relative',
          bgcolor: '#263238',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Box
          component="img"
          src={placeholder}
          alt=""
          sx={{ maxWidth: '70%', maxHeight: '70%', objectFit: 'contain' }}
        />
        <Typography variant="body2" sx={{ color: '#cfd8dc', mt: 1 }}>
          {t('smmcad.noPanorama')}
        </Typography>
      </Box>
    )
  }
  return (
    <Box
      ref={box}
      role="region"
      aria-label={t('smmcad.panorama')}
      sx={{ flex: 1, minHeight: 0, minWidth: 0, position: 'relative' }}
    />
  )
}

/** The tiles adapter's description of an event's panorama (null without one). */
function panoramaOf(event: ViewerEvent, base: string, token: string | null) {
  const { orbitEventDir: dir, orbitEventId: id, panorama: pano } = event
  if (!dir || !id) return null
  const urls = panoramaUrls(base, dir, id, token)
  return pano && pano.cols > 0
    ? {
        baseUrl: urls.base,
        width: pano.width,
        cols: pano.cols,
        rows: pano.cols / 2,
        tileUrl: urls.tile,
      }
    : { baseUrl: urls.base, width: pano?.width ?? 2048, cols: 1, rows: 1, tileUrl: () => null }
}
