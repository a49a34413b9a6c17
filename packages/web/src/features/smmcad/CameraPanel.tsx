import CloseFullscreen from '@mui/icons-material/CloseFullscreen'
import FitScreen from '@mui/icons-material/FitScreen'
import OpenInFull from '@mui/icons-material/OpenInFull'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { Frame } from '@gis/shared/imagery'
import { t } from '@gis/shared/i18n'
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react'
import { loadCameraImage, noteDrawLevel, readyCameraImage } from './image-cache'
import { fitView, levelForScale, wheelFactor, zoomAt, type CameraView } from './viewer-logic'

export interface CameraPanelHandle {
  focus: () => void
}

/**
 * One camera of the current event: a pan-and-zoom canvas (drag to move, the wheel zooms by
 * 0.8 a tick around the pointer) over the frame's image at the detail level its drawn scale
 * needs (spec 2 §9); until that level has come, the best one at hand is drawn. Its buttons fit
 * the image to the panel and switch between this camera alone and all of them. The canvas
 * says what it shows in `data-frame` / `data-level`, and `data-drawn` once the frame is drawn
 * at the level asked for (tests and the benchmark wait on it).
 */
export const CameraPanel = forwardRef<
  CameraPanelHandle,
  {
    frame: Frame
    base: string
    token: string | null
    selected: boolean
    single: boolean
    /** Changes when every camera must fit again (the sidebar's button). */
    fitSignal: number
    onSelect: () => void
    onToggleSingle: () => void
  }
>(function CameraPanel(
  { frame, base, token, selected, single, fitSignal, onSelect, onToggleSingle },
  ref,
) {
  const box = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const view = useRef<CameraView | null>(null)
  /** Fitted views follow the panel's size and the next frame; a moved one stays. */
  const fitted = useRef(true)
  const frameRef = useRef(frame)
  frameRef.current = frame
  const lastDrawn = useRef<HTMLImageElement | null>(null)
  const size = useRef({ w: 0, h: 0, dpr: 1 })

  useImperativeHandle(ref, () => ({ focus: () => box.current?.focus() }), [])

  const draw = useCallback(() => {
    const c = canvas.current
    const v = view.current
    if (!c || !v) return
    const f = frameRef.current
    const { w, h, dpr } = size.current
    const level = levelForScale(v.scale * dpr)
    noteDrawLevel(level)
    c.dataset.frame = f.path
    c.dataset.level = String(level)
    const exact = readyCameraImage(f.path, level)
    let img = exact
    if (!img) {
      for (let l = 4; l >= 0 && !img; l--) img = readyCameraImage(f.path, l)
    }
    const ctx = c.getContext('2d')
    if (!ctx) return
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.fillStyle = '#111'
    ctx.fillRect(0, 0, w, h)
    const shown = img ?? lastDrawn.current
    if (shown) {
      ctx.imageSmoothingQuality = 'high'
      ctx.drawImage(shown, v.x, v.y, f.width * v.scale, f.height * v.scale)
    }
    if (img) lastDrawn.current = img
    if (exact) c.dataset.drawn = `${f.path}|${level}`
    else {
      delete c.dataset.drawn
      void loadCameraImage(base, f.path, level, token).then(
        () => {
          if (frameRef.current.path === f.path) draw()
        },
        () => undefined,
      )
    }
  }, [base, token])

  const fit = useCallback(() => {
    const { w, h } = size.current
    if (!w || !h) return
    const f = frameRef.current
    view.current = fitView(f.width, f.height, w, h)
    fitted.current = true
    draw()
  }, [draw])

  // The canvas follows the panel's size.
  useEffect(() => {
    const b = box.current!
    const c = canvas.current!
    const observer = new ResizeObserver(() => {
      const w = b.clientWidth
      const h = b.clientHeight
      const dpr = window.devicePixelRatio || 1
      size.current = { w, h, dpr }
      c.width = Math.max(1, Math.round(w * dpr))
      c.height = Math.max(1, Math.round(h * dpr))
      if (fitted.current || !view.current) fit()
      else draw()
    })
    observer.observe(b)
    return () => observer.disconnect()
  }, [fit, draw])

  // A new frame: fitted if the view was, otherwise the same place of the new image.
  useEffect(() => {
    if (fitted.current || !view.current) fit()
    else draw()
  }, [frame.path, fit, draw])

  useEffect(() => {
    if (fitSignal) fit()
  }, [fitSignal, fit])

  // The wheel zooms (a listener of its own: React's is passive and cannot stop the scroll).
  useEffect(() => {
    const c = canvas.current!
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      if (!view.current) return
      const r = c.getBoundingClientRect()
      view.current = zoomAt(
        view.current,
        wheelFactor(e.deltaY),
        e.clientX - r.left,
        e.clientY - r.top,
      )
      fitted.current = false
      draw()
    }
    c.addEventListener('wheel', onWheel, { passive: false })
    return () => c.removeEventListener('wheel', onWheel)
  }, [draw])

  const drag = useRef<{ x: number; y: number } | null>(null)

  return (
    <Box
      ref={box}
      role="group"
      aria-label={t('smmcad.cameraRegion', {
        id: frame.cameraId,
        rotation: frame.rotationcamrelativeimu,
      })}
      data-selected={selected ? 'true' : 'false'}
      tabIndex={0}
      onFocus={onSelect}
      onMouseDown={onSelect}
      sx={{
        position: 'relative',
        flex: 1,
        minWidth: 0,
        minHeight: 0,
        bgcolor: '#111',
        outline: selected ? '3px solid' : '1px solid',
        outlineColor: selected ? 'primary.main' : 'divider',
        outlineOffset: -3,
        overflow: 'hidden',
        '&:focus-visible': { outlineColor: 'secondary.main' },
      }}
    >
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('smmcad.camera', { id: frame.cameraId })}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', cursor: 'grab' }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, y: e.clientY }
          e.currentTarget.setPointerCapture(e.pointerId)
        }}
        onPointerMove={(e) => {
          const d = drag.current
          if (!d || !view.current) return
          view.current = {
            ...view.current,
            x: view.current.x + e.clientX - d.x,
            y: view.current.y + e.clientY - d.y,
          }
          drag.current = { x: e.clientX, y: e.clientY }
          fitted.current = false
          draw()
        }}
        onPointerUp={() => {
          drag.current = null
        }}
        onPointerCancel={() => {
          drag.current = null
        }}
      />
      <Typography
        variant="caption"
        sx={{
          position: 'absolute',
          left: 6,
          top: 4,
          px: 0.75,
          borderRadius: 1,
          color: '#fff',
          bgcolor: 'rgba(0,0,0,0.55)',
          pointerEvents: 'none',
        }}
      >
        {t('smmcad.camera', { id: frame.cameraId })} · {frame.rotationcamrelativeimu}°
      </Typography>
      <Box
        sx={{
          position: 'absolute',
          right: 4,
          top: 4,
          display: 'flex',
          gap: 0.5,
          '& .MuiIconButton-root': { bgcolor: 'rgba(0,0,0,0.55)', color: '#fff' },
          '& .MuiIconButton-root:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
        }}
      >
        <Tooltip title={t('smmcad.fitScreen')}>
          <IconButton size="small" aria-label={t('smmcad.fitScreen')} onClick={fit}>
            <FitScreen fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={single ? t('smmcad.allCameras') : t('smmcad.singleCamera')}>
          <IconButton
            size="small"
            aria-label={single ? t('smmcad.allCameras') : t('smmcad.singleCamera')}
            aria-pressed={single}
            onClick={onToggleSingle}
          >
            {single ? <CloseFullscreen fontSize="small" /> : <OpenInFull fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  )
})
