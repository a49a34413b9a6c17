import FitScreen from '@mui/icons-material/FitScreen'
import ThreeSixty from '@mui/icons-material/ThreeSixty'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { ViewerEntry } from '@gis/shared/imagery'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react'
import { useGetConfigQuery } from '../../api/session.api'
import { useSessionToken } from '../../state/session'
import type { WindowProps } from '../../windows/window-type'
import { CameraPanel, type CameraPanelHandle } from './CameraPanel'
import { prefetchCameraImages } from './image-cache'
import type { SmmcadState } from './smmcad-state'
import { useLazySmmcadClosestQuery, useLazySmmcadNeighboursQuery } from './smmcad.api'
import {
  FIRST_EVENT_ID,
  cycleCamera,
  formatKm,
  sortByGpsTime,
  sortFrames,
  stepEvent,
} from './viewer-logic'
import { ViewerMap } from './ViewerMap'

/** Photo Sphere Viewer (and three.js) load with the first 360 view, not with the window. */
const Panorama = lazy(async () => ({ default: (await import('./Panorama')).Panorama }))

/** The neighbours' images are fetched once the shown event's own have had their turn. */
const PREFETCH_DELAY_MS = 150

/** The second word of `Bearer <token>`: what `?token=` carries. */
function urlToken(authorization: string | null): string | null {
  return authorization ? (authorization.split(' ')[1] ?? authorization) : null
}

/**
 * The SmmCad event viewer (spec 2 §2.5, §4.4, §7.1): the current event's camera frames side
 * by side (sorted by rotation), the map of its neighbours below, or the map and the 360 view
 * side by side; the footer says where the event is. Keys in a camera panel: ArrowUp /
 * ArrowDown the next / previous event by GPS time (at an end of the list the current event's
 * neighbours are loaded again, and the step made if it can be), Ctrl+ArrowRight / Ctrl+ArrowLeft
 * the next / previous camera (wrapping), F this camera alone, Escape all of them. A click on
 * the map loads the event closest to it and its neighbours. The event shown and the 360
 * switch are the window's saved state; the first visit opens event 1.
 */
export function SmmcadWindow({ state, setState }: WindowProps<SmmcadState>) {
  const { enqueueSnackbar } = useSnackbar()
  const token = urlToken(useSessionToken())
  const config = useGetConfigQuery()
  const base = config.data?.imageServerUrl ?? '/api/images'
  const [loadNeighbours] = useLazySmmcadNeighboursQuery()
  const [loadClosest] = useLazySmmcadClosestQuery()

  const [neighbours, setNeighbours] = useState<ViewerEntry[]>([])
  const [current, setCurrent] = useState<ViewerEntry | null>(null)
  const [loading, setLoading] = useState(false)
  const loadingRef = useRef(false)
  const [selected, setSelected] = useState(0)
  const [single, setSingle] = useState(false)
  const [fitSignal, setFitSignal] = useState(0)
  const show360 = state?.show360 ?? false
  const saved = useRef(state)
  saved.current = state

  const frames = useMemo(() => sortFrames(current?.frames ?? []), [current])
  const selectedIndex = frames.length ? Math.min(selected, frames.length - 1) : 0

  const save = useCallback(
    (next: Partial<SmmcadState>) => setState({ ...saved.current, ...next }),
    [setState],
  )

  const showEntry = useCallback(
    (entry: ViewerEntry) => {
      setCurrent(entry)
      if (saved.current?.eventId !== entry.event.id) save({ eventId: entry.event.id })
    },
    [save],
  )

  /**
   * Loads the neighbours of `eventId` and shows that event (or, with `step`, the one after or
   * before it in the new list). Ignored while a load is under way.
   */
  const load = useCallback(
    async (eventId: number, step?: 1 | -1) => {
      if (loadingRef.current) return
      loadingRef.current = true
      setLoading(true)
      try {
        const list = sortByGpsTime(await loadNeighbours(eventId).unwrap())
        setNeighbours(list)
        const me = list.find((e) => e.event.id === eventId)
        const next = me && step ? stepEvent(sameRun(list, me), eventId, step) : undefined
        if (next?.kind === 'event') showEntry(next.entry)
        else if (me) showEntry(me)
        else if (list[0]) showEntry(list[0])
      } catch {
        enqueueSnackbar(t('smmcad.neighboursFailed'), { variant: 'error' })
      } finally {
        loadingRef.current = false
        setLoading(false)
      }
    },
    [loadNeighbours, showEntry, enqueueSnackbar],
  )

  // The first load: the saved event, else event 1.
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void load(saved.current?.eventId ?? FIRST_EVENT_ID)
  }, [load])

  const stepTo = useCallback(
    (direction: 1 | -1) => {
      if (!current || loadingRef.current) return
      const next = stepEvent(sameRun(neighbours, current), current.event.id, direction)
      if (next.kind === 'event') showEntry(next.entry)
      else void load(current.event.id, direction)
    },
    [current, neighbours, showEntry, load],
  )

  const pick = useCallback(
    async (lat: number, lon: number) => {
      if (loadingRef.current) return
      try {
        const list = await loadClosest({ lat, lon }).unwrap()
        const first = list[0]
        if (first) await load(first.event.id)
      } catch (err) {
        // Spec 2 §8: a failed closest-event lookup is only logged.
        console.warn('smmcad: closest event failed', err)
      }
    },
    [loadClosest, load],
  )

  // The events a key may show next: their frames fetched and decoded ahead (the panorama
  // loads theirs once its own is drawn).
  const ahead = useMemo(() => {
    if (!current) return []
    const run = sameRun(neighbours, current)
    return ([1, -1] as const)
      .map((d) => stepEvent(run, current.event.id, d))
      .flatMap((s) => (s.kind === 'event' ? [s.entry] : []))
  }, [current, neighbours])
  const aheadEvents = useMemo(() => ahead.map((e) => e.event), [ahead])
  useEffect(() => {
    const timer = setTimeout(
      () =>
        prefetchCameraImages(
          base,
          ahead.flatMap((e) => e.frames.map((f) => f.path)),
          token,
        ),
      PREFETCH_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [ahead, base, token])

  const panels = useRef<(CameraPanelHandle | null)[]>([])
  const focusCamera = (index: number) => {
    // The panel of the new camera exists after the render.
    requestAnimationFrame(() => panels.current[index]?.focus())
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp' && !e.ctrlKey) {
      e.preventDefault()
      stepTo(1)
    } else if (e.key === 'ArrowDown' && !e.ctrlKey) {
      e.preventDefault()
      stepTo(-1)
    } else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && e.ctrlKey) {
      e.preventDefault()
      const next = cycleCamera(selectedIndex, frames.length, e.key === 'ArrowRight' ? 1 : -1)
      setSelected(next)
      focusCamera(next)
    } else if ((e.key === 'f' || e.key === 'F') && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault()
      setSingle(true)
      focusCamera(selectedIndex)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      setSingle(false)
      focusCamera(selectedIndex)
    }
  }

  const event = current?.event ?? null
  const fov = frames[selectedIndex]?.fovGeometry ?? null
  const shown = single ? frames.filter((_, i) => i === selectedIndex) : frames

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', height: '100%' }}>
      <Box
        component="nav"
        aria-label={t('smmcad.windowTitle')}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          p: 0.5,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Tooltip title={t('smmcad.fitAll')} placement="right">
          <IconButton aria-label={t('smmcad.fitAll')} onClick={() => setFitSignal((n) => n + 1)}>
            <FitScreen />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('smmcad.toggle360')} placement="right">
          <IconButton
            aria-label={t('smmcad.toggle360')}
            aria-pressed={show360}
            color={show360 ? 'primary' : 'default'}
            onClick={() => save({ show360: !show360 })}
          >
            <ThreeSixty />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ height: 4 }}>
          {loading && <LinearProgress aria-label={t('smmcad.loading')} />}
        </Box>
        <Box
          role="region"
          aria-label={t('smmcad.cameras')}
          onKeyDown={onKeyDown}
          sx={{ flex: '0 0 42%', minHeight: 160, display: 'flex', gap: '2px', bgcolor: '#000' }}
        >
          {shown.map((frame) => {
            const index = frames.indexOf(frame)
            return (
              <CameraPanel
                key={frame.cameraId}
                ref={(h) => {
                  panels.current[index] = h
                }}
                frame={frame}
                base={base}
                token={token}
                selected={index === selectedIndex}
                single={single}
                fitSignal={fitSignal}
                onSelect={() => setSelected(index)}
                onToggleSingle={() => {
                  setSelected(index)
                  setSingle((s) => !s)
                  focusCamera(index)
                }}
              />
            )
          })}
          {!current && (
            <Typography sx={{ color: '#fff', m: 'auto' }}>
              {loading ? t('smmcad.loading') : t('smmcad.noEvent')}
            </Typography>
          )}
        </Box>
        <Box sx={{ flex: 1, minHeight: 200, display: 'flex' }}>
          <ViewerMap
            current={current}
            neighbours={neighbours}
            fov={fov}
            onPick={(lat, lon) => void pick(lat, lon)}
          />
          {show360 && (
            <Box
              sx={{ flex: 1, minWidth: 0, display: 'flex', borderLeft: 2, borderColor: 'divider' }}
            >
              <Suspense fallback={<LinearProgress sx={{ flex: 1 }} />}>
                <Panorama event={event} ahead={aheadEvents} base={base} token={token} />
              </Suspense>
            </Box>
          )}
        </Box>
        <Box
          component="footer"
          sx={{
            px: 1.5,
            py: 0.5,
            borderTop: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Typography variant="body2" data-testid="smmcad-location">
            {event
              ? t('smmcad.location', {
                  road: event.road,
                  localization: formatKm(event.localization),
                })
              : t('smmcad.noEvent')}
          </Typography>
        </Box>
      </Box>
    </Box>
  )
}

/**
 * The neighbours the keys step through: those of the current event's road and direction (a
 * survey drives a road both ways; its other way, recorded later, is not the next picture).
 */
function sameRun(list: readonly ViewerEntry[], current: ViewerEntry): ViewerEntry[] {
  return list.filter(
    (e) => e.event.road === current.event.road && e.event.way === current.event.way,
  )
}
