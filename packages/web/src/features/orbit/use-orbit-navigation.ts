import { ORBIT_NEIGHBOUR_DISTANCE, type OrbitEvent } from '@gis/shared/imagery'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { eventShown, neighboursLoaded } from '../../state/orbit-slice'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { orbitApi, type EventSearch } from './orbit.api'
import { formatKm, formatNumber } from './orbit-format'

/** The event /orbit opens without a place (spec 2 §7.5, §9). */
export const DEFAULT_EVENT_ID = 1

export type OrbitBusy = 'load' | 'search' | 'survey' | 'pick' | null

/**
 * Where the orbit module is and how it moves (spec 2 §4.6, §7.5): the current event and its
 * neighbours live in the store's orbit slice, the event's id in the address (`?event=`, so a
 * reload stays); an event comes by id, as the closest to a place (optionally of a survey) or
 * as the first hit of a search, each with the spec's messages.
 */
export function useOrbitNavigation() {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const [, setParams] = useSearchParams()
  const event = useAppSelector((s) => s.orbit.event)
  const neighbours = useAppSelector((s) => s.orbit.neighbours)
  const [busy, setBusy] = useState<OrbitBusy>(null)
  const [empty, setEmpty] = useState(false)

  const show = useCallback(
    (e: OrbitEvent) => {
      setEmpty(false)
      dispatch(eventShown(e))
      setParams({ event: String(e.id) }, { replace: true })
    },
    [dispatch, setParams],
  )

  // The neighbours of each event shown: the arrows and the map's points.
  const eventId = event?.id
  useEffect(() => {
    if (eventId === undefined) return
    const request = dispatch(
      orbitApi.endpoints.orbitNeighbours.initiate({
        id: eventId,
        distance: ORBIT_NEIGHBOUR_DISTANCE,
      }),
    )
    request
      .unwrap()
      .then((list) => dispatch(neighboursLoaded({ eventId, neighbours: list })))
      .catch(() => undefined)
    return () => request.unsubscribe()
  }, [dispatch, eventId])

  const byId = useCallback(
    (id: number) =>
      dispatch(orbitApi.endpoints.orbitEvent.initiate(id, { subscribe: false })).unwrap(),
    [dispatch],
  )
  const closestTo = useCallback(
    async (lat: number, lon: number, survey?: string) =>
      (
        await dispatch(
          orbitApi.endpoints.orbitClosest.initiate(
            { lat, lon, survey },
            { subscribe: false, forceRefetch: true },
          ),
        ).unwrap()
      )[0],
    [dispatch],
  )

  const run = useCallback(async <T>(kind: OrbitBusy, work: () => Promise<T>): Promise<T> => {
    setBusy(kind)
    try {
      return await work()
    } finally {
      setBusy(null)
    }
  }, [])

  /** The default: event 1, else the first event of the first road with imagery. */
  const openDefault = useCallback(
    () =>
      run('load', async () => {
        try {
          show(await byId(DEFAULT_EVENT_ID))
          return
        } catch {
          // No event 1: the first road's first event.
        }
        try {
          const info = await dispatch(
            orbitApi.endpoints.orbitInfo.initiate(undefined, { subscribe: false }),
          ).unwrap()
          const road = info.roads[0]
          const first = road
            ? (
                await dispatch(
                  orbitApi.endpoints.orbitSearch.initiate({ road }, { subscribe: false }),
                ).unwrap()
              )[0]
            : undefined
          if (first) show(first)
          else setEmpty(true)
        } catch {
          setEmpty(true)
          enqueueSnackbar(t('orbit.eventFailed'), { variant: 'error' })
        }
      }),
    [run, show, byId, dispatch, enqueueSnackbar],
  )

  const openId = useCallback(
    (id: number) =>
      run('load', async () => {
        try {
          show(await byId(id))
        } catch {
          enqueueSnackbar(t('orbit.eventFailed'), { variant: 'error' })
          await openDefault()
        }
      }),
    [run, show, byId, enqueueSnackbar, openDefault],
  )

  /** The event closest to a place (the map's click, 'Ver no explorador'). */
  const openClosest = useCallback(
    (lat: number, lon: number, fallback: boolean) =>
      run('pick', async () => {
        try {
          const found = await closestTo(lat, lon)
          if (found) {
            show(found)
            return
          }
          enqueueSnackbar(t('orbit.closestNone'), { variant: 'warning' })
        } catch {
          enqueueSnackbar(t('orbit.eventFailed'), { variant: 'error' })
        }
        if (fallback) await openDefault()
      }),
    [run, closestTo, show, enqueueSnackbar, openDefault],
  )

  /** Picking a survey: its event closest to the current place (spec 2 §4.6). */
  const openSurvey = useCallback(
    (survey: string) => {
      if (!event) return Promise.resolve()
      return run('survey', async () => {
        try {
          const found = await closestTo(event.latitude, event.longitude, survey)
          if (found) show(found)
          else enqueueSnackbar(t('orbit.survey.none'), { variant: 'warning' })
        } catch {
          enqueueSnackbar(t('orbit.survey.failed'), { variant: 'error' })
        }
      })
    },
    [run, closestTo, show, event, enqueueSnackbar],
  )

  /** 'Pesquisar rodovia': the first result is shown (spec 2 §4.6), with the spec's messages. */
  const search = useCallback(
    (params: EventSearch) =>
      run('search', async () => {
        try {
          const list = await dispatch(
            orbitApi.endpoints.orbitSearch.initiate(params, {
              subscribe: false,
              forceRefetch: true,
            }),
          ).unwrap()
          const first = list[0]
          if (!first) {
            enqueueSnackbar(t('orbit.search.none'), { variant: 'warning' })
            return false
          }
          show(first)
          const value =
            params.km !== undefined ? formatNumber(params.km) : formatKm(first.localization)
          enqueueSnackbar(t('orbit.search.found', { value }), { variant: 'success' })
          return true
        } catch {
          enqueueSnackbar(t('orbit.search.failed'), { variant: 'error' })
          return false
        }
      }),
    [run, dispatch, show, enqueueSnackbar],
  )

  // Where /orbit opens: ?event=, else the place of ?lat=&lon=, else where it was, else event 1.
  const started = useRef(false)
  const start = useCallback(
    (params: URLSearchParams) => {
      if (started.current) {
        // The address lost its event (the top bar's link to /orbit): it is put back.
        if (event && params.get('event') === null && params.get('lat') === null) show(event)
        return
      }
      started.current = true
      const id = Number(params.get('event'))
      const lat = Number(params.get('lat'))
      const lon = Number(params.get('lon'))
      const hasPlace =
        params.get('lat') !== null &&
        params.get('lon') !== null &&
        Number.isFinite(lat) &&
        Number.isFinite(lon) &&
        Math.abs(lat) <= 90 &&
        Math.abs(lon) <= 180
      if (Number.isInteger(id) && id > 0) void openId(id)
      else if (hasPlace) void openClosest(lat, lon, true)
      else if (event) show(event)
      else void openDefault()
    },
    [openId, openClosest, openDefault, show, event],
  )

  return {
    event,
    neighbours,
    busy,
    empty,
    start,
    show,
    search,
    openSurvey,
    openClosest,
  }
}
