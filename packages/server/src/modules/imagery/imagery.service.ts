import {
  CLOSEST_EVENT_DISTANCE,
  EVENT_SEARCH_KM_TOLERANCE,
  EVENT_SEARCH_LIMIT,
  SMMCAD_SYSTEM_ID,
  t,
  VIEWER_NEIGHBOUR_DISTANCE,
  type EventInfo,
  type EventSearchQuery,
  type EventTracks,
  type OrbitEvent,
  type ViewerEntry,
  type ViewerEvent,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import {
  selectEvent,
  selectEventInfo,
  selectEventSearch,
  selectEventsNear,
  selectFrames,
  selectTracks,
  type EventRow,
} from './imagery.sql'

/** The rules of the street-level imagery calls: the orbit module's and the event viewer's. */

const eventNotFound = () => new HttpError(404, t('imageryApi.eventNotFound'))

/** The tracks are simplified by this many degrees (about 1 m): a map layer, not a survey. */
const TRACK_TOLERANCE = 0.00001

function panoramaOf(e: EventRow): OrbitEvent['panorama'] {
  return e.panoWidth === null ? null : { width: e.panoWidth, cols: e.panoCols ?? 0 }
}

/** An event as the orbit module reads it (spec 2 §3: `localization` is the km). */
export function orbitEvent(e: EventRow): OrbitEvent {
  return {
    id: e.id,
    road: e.road,
    way: e.way,
    localization: e.km,
    latitude: e.latitude,
    longitude: e.longitude,
    survey: e.survey,
    date: e.capturedAt,
    azimuth: e.azimuth,
    type: e.type,
    orbitEventId: e.orbitEventId,
    orbitEventDir: e.orbitEventDir,
    panorama: panoramaOf(e),
  }
}

function viewerEvent(e: EventRow): ViewerEvent {
  return {
    eventId: e.id,
    id: e.id,
    latitude: e.latitude,
    longitude: e.longitude,
    road: e.road,
    way: e.way,
    survey: e.survey,
    date: e.capturedAt,
    azimuth: e.azimuth,
    localization: e.km,
    weekGps: e.weekGps,
    secondGps: e.secondGps,
    orbitEventId: e.orbitEventId,
    orbitEventDir: e.orbitEventDir,
    panorama: panoramaOf(e),
  }
}

async function readEvent(db: Queryable, id: number): Promise<EventRow> {
  const event = await selectEvent(db, id)
  if (!event) throw eventNotFound()
  return event
}

/** GET /api/events/{id}. */
export async function getEvent(db: Queryable, id: number): Promise<OrbitEvent> {
  return orbitEvent(await readEvent(db, id))
}

/** GET /api/events/{id}/neighbours: the same survey's events within `distance`, nearest first. */
export async function eventNeighbours(
  db: Queryable,
  id: number,
  distance: number,
): Promise<OrbitEvent[]> {
  const event = await readEvent(db, id)
  const rows = await selectEventsNear(db, event, distance, {
    surveyId: event.surveyId,
    excludeId: event.id,
    order: 'distance',
  })
  return rows.map(orbitEvent)
}

/** GET /api/events/closest: a list of at most one event, the nearest within 500 m. */
export async function closestEvent(
  db: Queryable,
  q: { lat: number; lon: number; survey?: string },
): Promise<OrbitEvent[]> {
  const rows = await selectEventsNear(
    db,
    { latitude: q.lat, longitude: q.lon },
    CLOSEST_EVENT_DISTANCE,
    { surveyName: q.survey, order: 'distance', limit: 1 },
  )
  return rows.map(orbitEvent)
}

/** GET /api/events/search: the non-empty filters; with a km, the nearest km first. */
export async function searchEvents(db: Queryable, q: EventSearchQuery): Promise<OrbitEvent[]> {
  const rows = await selectEventSearch(db, q, EVENT_SEARCH_KM_TOLERANCE, EVENT_SEARCH_LIMIT)
  return rows.map(orbitEvent)
}

/** GET /api/events/info. */
export async function eventInfo(db: Queryable): Promise<EventInfo> {
  return selectEventInfo(db)
}

/** GET /api/events/tracks: the surveys' drives as GeoJSON lines. */
export async function eventTracks(db: Queryable): Promise<EventTracks> {
  const rows = await selectTracks(db, TRACK_TOLERANCE)
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      geometry: JSON.parse(r.geometry) as EventTracks['features'][number]['geometry'],
      properties: { survey: r.survey, road: r.road, way: r.way, date: r.date },
    })),
  }
}

/** The event viewer knows one imaging system (spec 2 §7.1); any other is unknown. */
export function checkSystem(systemId: string): void {
  if (systemId !== String(SMMCAD_SYSTEM_ID)) {
    throw new HttpError(404, t('imageryApi.systemNotFound'))
  }
}

async function withFrames(db: Queryable, events: EventRow[]): Promise<ViewerEntry[]> {
  const frames = await selectFrames(
    db,
    events.map((e) => e.id),
  )
  return events.map((e) => ({
    event: viewerEvent(e),
    frames: frames
      .filter((f) => f.eventId === e.id)
      .map((f) => ({
        cameraId: f.cameraId,
        path: f.path,
        width: f.width,
        height: f.height,
        fovGeometry: f.fovGeometry,
        rotationcamrelativeimu: f.rotation,
      })),
  }))
}

/**
 * GET /api/smmcad/{systemId}/events/{eventId}/neighbours: the event and the events of the same
 * drive (survey, road and way) within 60 m, by GPS time, each with its frames by camera.
 */
export async function viewerNeighbours(db: Queryable, eventId: number): Promise<ViewerEntry[]> {
  const event = await readEvent(db, eventId)
  const rows = await selectEventsNear(db, event, VIEWER_NEIGHBOUR_DISTANCE, {
    surveyId: event.surveyId,
    road: event.road,
    way: event.way,
    order: 'gps',
  })
  return withFrames(db, rows)
}

/** GET /api/smmcad/{systemId}/events/closest: the nearest event within 500 m, with its frames. */
export async function viewerClosest(
  db: Queryable,
  q: { lat: number; lon: number },
): Promise<ViewerEntry[]> {
  const rows = await selectEventsNear(
    db,
    { latitude: q.lat, longitude: q.lon },
    CLOSEST_EVENT_DISTANCE,
    { order: 'distance', limit: 1 },
  )
  return withFrames(db, rows)
}
