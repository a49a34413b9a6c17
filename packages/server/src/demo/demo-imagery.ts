import { utcToGps } from '@gis/shared'
import type { Queryable } from '../db/types'
import {
  insertEvents,
  insertFrames,
  insertSurvey,
  nameSurveyPanoramas,
  type NewEvent,
  type NewFrame,
} from '../modules/imagery/imagery.sql'
import { DEMO_ROADS, positionAt, type Road } from './demo-geography'

/**
 * The demo's street-level imagery as rows (issue 29): two surveys driven along stretches of
 * the demo roads, both ways, an event every ~10 m with four camera frames and a panorama. The
 * images themselves are rendered on first request (modules/imagery), from these rows.
 */

export const DEMO_IMAGERY_SURVEYS = [
  // Local time is UTC−3: the drives start mid-morning.
  { name: '2025-03', date: '2025-03-18', start: '2025-03-18T12:30:00Z', phase: 0 },
  { name: '2026-05', date: '2026-05-06', start: '2026-05-06T13:15:00Z', phase: 5 },
] as const

/** The stretches driven: road, first and last km. */
export const DEMO_IMAGERY_STRETCHES: [road: string, from: number, to: number][] = [
  ['SP-280', 13, 16],
  ['SP-270', 30, 32],
  ['SP-075', 20, 22],
]

export const DEMO_WAYS = ['Crescente', 'Decrescente'] as const
export const DEMO_EVENT_TYPE = 'Imagem 360º'
/** Metres between events, the vehicle's speed, and the lane's offset right of the axis. */
const SPACING_M = 10
const SPEED_MS = 20
const LANE_OFFSET_M = 3.5
/** Minutes between the end of one leg of the drive and the start of the next. */
const LEG_GAP_MS = 10 * 60_000
const CAMERAS = [
  { cameraId: 1, rotation: 0 },
  { cameraId: 2, rotation: 90 },
  { cameraId: 3, rotation: 180 },
  { cameraId: 4, rotation: 270 },
]
const FRAME_WIDTH = 1920
const FRAME_HEIGHT = 1080
const PANO_WIDTH = 4096
const PANO_COLS = 8
/** The cameras' field of view drawn on the ground: half-angle and reach. */
const FOV_HALF_DEG = 40
const FOV_REACH_M = 25

const M_PER_DEG_LAT = 110_574
const mPerDegLon = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180)

interface Sample {
  lon: number
  lat: number
  km: number
  /** Metres from the start of the stretch. */
  at: number
}

/** The road axis from km `from` to `to`, sampled every metre or so, with distance along it. */
function sampleAxis(road: Road, from: number, to: number): Sample[] {
  const samples: Sample[] = []
  const steps = Math.round((to - from) * 1000)
  let at = 0
  for (let i = 0; i <= steps; i++) {
    const km = from + ((to - from) * i) / steps
    const [lon, lat] = positionAt(road, km)
    const prev = samples[i - 1]
    if (prev) {
      at += Math.hypot((lon - prev.lon) * mPerDegLon(lat), (lat - prev.lat) * M_PER_DEG_LAT)
    }
    samples.push({ lon, lat, km, at })
  }
  return samples
}

/** A point `metres` from (lon, lat) towards `bearing` (degrees clockwise from north). */
function offset(lon: number, lat: number, bearing: number, metres: number): [number, number] {
  const r = (bearing * Math.PI) / 180
  return [
    lon + (Math.sin(r) * metres) / mPerDegLon(lat),
    lat + (Math.cos(r) * metres) / M_PER_DEG_LAT,
  ]
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

/** A camera's view on the ground: a fan from the vehicle towards the camera's heading. */
function fovPolygon(lon: number, lat: number, heading: number): string {
  const ring = [[lon, lat]]
  for (const a of [-FOV_HALF_DEG, -FOV_HALF_DEG / 2, 0, FOV_HALF_DEG / 2, FOV_HALF_DEG]) {
    ring.push(offset(lon, lat, heading + a, FOV_REACH_M))
  }
  ring.push([lon, lat])
  return `SRID=4326;POLYGON((${ring.map(([x, y]) => `${round(x!, 7)} ${round(y!, 7)}`).join(',')}))`
}

/** One event of a leg, before it has an id. */
interface DemoEvent extends NewEvent {
  lon: number
  lat: number
}

/** The events of one leg: along the axis, in the way's direction, starting at `startMs`. */
function legEvents(
  road: Road,
  samples: Sample[],
  way: (typeof DEMO_WAYS)[number],
  phase: number,
  startMs: number,
): DemoEvent[] {
  const length = samples[samples.length - 1]!.at
  const forward = way === 'Crescente'
  const events: DemoEvent[] = []
  let j = 0
  for (let d = phase; d <= length; d += SPACING_M) {
    // Distance from the stretch's start of this event (the Decrescente leg drives it back).
    const at = forward ? d : length - d
    while (j < samples.length - 2 && samples[j + 1]!.at < at) j++
    while (j > 0 && samples[j]!.at > at) j--
    const a = samples[j]!
    const b = samples[j + 1]!
    const f = b.at === a.at ? 0 : Math.min(1, Math.max(0, (at - a.at) / (b.at - a.at)))
    const lon = a.lon + (b.lon - a.lon) * f
    const lat = a.lat + (b.lat - a.lat) * f
    const km = a.km + (b.km - a.km) * f
    // Direction of travel: along the axis, reversed when driving back.
    const east = (b.lon - a.lon) * mPerDegLon(lat) * (forward ? 1 : -1)
    const north = (b.lat - a.lat) * M_PER_DEG_LAT * (forward ? 1 : -1)
    const azimuth = ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360
    const [x, y] = offset(lon, lat, azimuth + 90, LANE_OFFSET_M)
    const captured = new Date(startMs + Math.round((d / SPEED_MS) * 1000))
    const gps = utcToGps(captured)
    events.push({
      road: road.codigo,
      way,
      km: round(km, 3),
      type: DEMO_EVENT_TYPE,
      capturedAt: captured.toISOString(),
      lon: round(x, 7),
      lat: round(y, 7),
      azimuth: round(azimuth, 2),
      weekGps: gps.week,
      secondGps: gps.second,
      orbitEventId: null,
      orbitEventDir: null,
      panoWidth: PANO_WIDTH,
      panoCols: PANO_COLS,
    })
  }
  return events
}

/** The frames of a batch of events, once they have ids. */
function framesOf(surveyId: number, events: DemoEvent[], ids: number[]): NewFrame[] {
  return events.flatMap((e, i) =>
    CAMERAS.map(({ cameraId, rotation }) => ({
      eventId: ids[i]!,
      cameraId,
      path: `demo/${surveyId}/${ids[i]!}/${cameraId}`,
      width: FRAME_WIDTH,
      height: FRAME_HEIGHT,
      fovGeometry: fovPolygon(e.lon, e.lat, e.azimuth + rotation),
      rotation,
    })),
  )
}

const FRAME_BATCH = 2000

/**
 * Makes the demo surveys (a few thousand events): one insert of the events per leg, the
 * frames in batches, then each panorama named by its event's id.
 */
export async function seedDemoImagery(db: Queryable): Promise<{ events: number; frames: number }> {
  const axes = DEMO_IMAGERY_STRETCHES.map(([code, from, to]) => {
    const road = DEMO_ROADS.find((r) => r.codigo === code)!
    return { road, samples: sampleAxis(road, from, to) }
  })
  let events = 0
  let frames = 0
  for (const s of DEMO_IMAGERY_SURVEYS) {
    const surveyId = await insertSurvey(db, {
      name: s.name,
      date: s.date,
      description: 'Levantamento de demonstração',
      source: 'demo',
    })
    let startMs = Date.parse(s.start)
    const pending: NewFrame[] = []
    for (const { road, samples } of axes) {
      for (const way of DEMO_WAYS) {
        const leg = legEvents(road, samples, way, s.phase, startMs)
        for (const e of leg) e.orbitEventDir = `demo/${surveyId}`
        const ids = await insertEvents(db, surveyId, leg)
        pending.push(...framesOf(surveyId, leg, ids))
        events += leg.length
        startMs = Date.parse(leg[leg.length - 1]!.capturedAt) + LEG_GAP_MS
      }
    }
    for (let i = 0; i < pending.length; i += FRAME_BATCH) {
      await insertFrames(db, pending.slice(i, i + FRAME_BATCH))
    }
    frames += pending.length
    await nameSurveyPanoramas(db, surveyId)
  }
  return { events, frames }
}
