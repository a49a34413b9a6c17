import { describe, expect, it } from 'vitest'
import {
  t as msg,
  type EventInfo,
  type EventTracks,
  type OrbitEvent,
  type ViewerEntry,
} from '@gis/shared'
import { expectFieldErrors, expectStatus, useTestApp } from '../../../test/harness'
import { seedDemo } from '../../demo/seed'
// Haversine distance in metres: the expectations' own geometry, not PostGIS's.
import { distanceMetres as metres } from './survey-import-values'

const t = useTestApp()

interface Point {
  id: number
  survey: string
  road: string
  way: string
  lon: number
  lat: number
  km: number
}

/** Every demo event, read straight from the table (the expectations are computed from these). */
async function allEvents(): Promise<Point[]> {
  const { rows } = await t.db.query<Point>(
    `SELECT e.id::int AS id, s.name AS survey, e.road, e.way, ST_X(e.geom) AS lon,
            ST_Y(e.geom) AS lat, e.km
       FROM app.imagery_events e JOIN app.imagery_surveys s ON s.id = e.survey_id`,
  )
  return rows.map((r) => ({ ...r, lon: Number(r.lon), lat: Number(r.lat), km: Number(r.km) }))
}

/** An answered event's position. */
const at = (e: { longitude: number; latitude: number }) => ({ lon: e.longitude, lat: e.latitude })

async function setModules(modules: string[]): Promise<void> {
  const res = await t.put(
    '/api/config/settings',
    { projectName: 'Rodovias do Interior - GIS', modules },
    t.admin,
  )
  expectStatus(res, 200)
}

/** The event of a survey, road and way nearest a km. */
async function eventAt(survey: string, road: string, way: string, km: number): Promise<Point> {
  const events = (await allEvents()).filter(
    (e) => e.survey === survey && e.road === road && e.way === way,
  )
  events.sort((a, b) => Math.abs(a.km - km) - Math.abs(b.km - km))
  return events[0]!
}

describe('the demo surveys', () => {
  it('are two surveys along three roads, both ways, an event every ~10 m with 4 frames', async () => {
    const events = await allEvents()
    expect(new Set(events.map((e) => e.survey))).toEqual(new Set(['2025-03', '2026-05']))
    const legs = new Map<string, Point[]>()
    for (const e of events) {
      const key = `${e.survey}|${e.road}|${e.way}`
      legs.set(key, [...(legs.get(key) ?? []), e])
    }
    expect(legs.size).toBe(12)
    const { rows } = await t.db.query<{ frames: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM app.imagery_frames) AS frames,
              (SELECT count(*)::int FROM app.imagery_events) AS events`,
    )
    expect(rows[0]!.frames).toBe(rows[0]!.events * 4)
    // Consecutive events of a leg (by id: the order of the drive) are about 10 m apart.
    const leg = legs.get('2025-03|SP-280|Crescente')!.sort((a, b) => a.id - b.id)
    const gaps = leg.slice(1).map((e, i) => metres(leg[i]!, e))
    expect(Math.min(...gaps)).toBeGreaterThan(8)
    expect(Math.max(...gaps)).toBeLessThan(12)
    expect(leg[0]!.km).toBeCloseTo(13, 1)
    expect(leg[leg.length - 1]!.km).toBeCloseTo(16, 1)
  })
})

describe('GET /api/events', () => {
  it('answers one event, and a Portuguese 404 for an unknown one', async () => {
    const e = await eventAt('2025-03', 'SP-270', 'Decrescente', 31)
    const res = await t.get(`/api/events/${e.id}`, t.user)
    expectStatus(res, 200)
    const event = res.json<OrbitEvent>()
    expect(event).toMatchObject({
      id: e.id,
      road: 'SP-270',
      way: 'Decrescente',
      survey: '2025-03',
      orbitEventDir: expect.stringMatching(/^demo\/\d+$/),
      orbitEventId: String(e.id),
      panorama: { width: 4096, cols: 8 },
    })
    expect(event.localization).toBeCloseTo(e.km, 6)
    expect(event.date.startsWith('2025-03-18T')).toBe(true)
    // Decrescente drives towards smaller km: SP-270 runs west with growing km, so east-ish.
    expect(event.azimuth).toBeGreaterThan(0)
    expect(event.azimuth).toBeLessThan(180)

    const missing = await t.get('/api/events/999999999', t.user)
    expectStatus(missing, 404)
    expect(missing.json().message).toBe(msg('imageryApi.eventNotFound'))
  })

  it('finds the closest event to a point, of any survey or of one', async () => {
    const events = await allEvents()
    const target = await eventAt('2026-05', 'SP-075', 'Crescente', 21.2)
    // A point 2 m north and 1 m east of the event.
    const point = { lon: target.lon + 1 / 102_000, lat: target.lat + 2 / 110_574 }
    const nearest = (list: Point[]) =>
      [...list].sort((a, b) => metres(point, a) - metres(point, b))[0]!

    const res = await t.get(`/api/events/closest?lat=${point.lat}&lon=${point.lon}`, t.user)
    expectStatus(res, 200)
    const found = res.json<OrbitEvent[]>()
    expect(found).toHaveLength(1)
    expect(found[0]!.id).toBe(nearest(events).id)
    expect(found[0]!.id).toBe(target.id)

    const other = await t.get(
      `/api/events/closest?lat=${point.lat}&lon=${point.lon}&survey=2025-03`,
      t.user,
    )
    expectStatus(other, 200)
    const inOther = other.json<OrbitEvent[]>()
    expect(inOther).toHaveLength(1)
    expect(inOther[0]!.survey).toBe('2025-03')
    expect(inOther[0]!.id).toBe(nearest(events.filter((e) => e.survey === '2025-03')).id)

    // An empty survey parameter does not filter.
    const empty = await t.get(
      `/api/events/closest?lat=${point.lat}&lon=${point.lon}&survey=`,
      t.user,
    )
    expect(empty.json<OrbitEvent[]>()[0]!.id).toBe(target.id)

    // Nothing within 500 m: an empty list.
    const far = await t.get('/api/events/closest?lat=-23.0&lon=-46.0', t.user)
    expectStatus(far, 200)
    expect(far.json()).toEqual([])
  })

  it('lists the neighbours of the same survey within the distance, nearest first', async () => {
    const events = await allEvents()
    const e = await eventAt('2025-03', 'SP-280', 'Crescente', 14.5)
    for (const [query, distance] of [
      ['', 30],
      ['?distance=', 30],
      ['?distance=75', 75],
      ['?distance=12,5', 12.5],
    ] as const) {
      const res = await t.get(`/api/events/${e.id}/neighbours${query}`, t.user)
      expectStatus(res, 200)
      const list = res.json<OrbitEvent[]>()
      const d = list.map((n) => metres(e, at(n)))
      // Nearest first (PostGIS measures on the spheroid, this test on a sphere: 5 cm apart).
      expect(d.every((x, i) => i === 0 || x >= d[i - 1]! - 0.05)).toBe(true)
      expect(list.every((n) => n.survey === '2025-03' && n.id !== e.id)).toBe(true)
      expect(Math.max(...d)).toBeLessThanOrEqual(distance + 0.5)
      // Every event of the survey clearly within the distance is there.
      const expected = events.filter(
        (n) => n.survey === '2025-03' && n.id !== e.id && metres(e, n) < distance - 0.5,
      )
      const ids = new Set(list.map((n) => n.id))
      expect(expected.every((n) => ids.has(n.id))).toBe(true)
      expect(list.length).toBeGreaterThanOrEqual(2)
    }
  })

  it('searches by road, way, survey and km (only the non-empty parameters), nearest km first', async () => {
    const res = await t.get('/api/events/search?road=SP-280&km=14,5&way=&survey=', t.user)
    expectStatus(res, 200)
    const list = res.json<OrbitEvent[]>()
    expect(list.length).toBeGreaterThan(0)
    expect(list.length).toBeLessThanOrEqual(50)
    expect(list.every((e) => e.road === 'SP-280')).toBe(true)
    const gaps = list.map((e) => Math.abs(e.localization - 14.5))
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b))
    expect(gaps[0]).toBeLessThan(0.01)
    // Both surveys and both ways are near that km.
    expect(new Set(list.map((e) => e.survey)).size).toBe(2)
    expect(new Set(list.map((e) => e.way)).size).toBe(2)

    const dotted = await t.get('/api/events/search?road=SP-280&km=14.5', t.user)
    expect(dotted.json<OrbitEvent[]>().map((e) => e.id)).toEqual(list.map((e) => e.id))

    const narrowed = await t.get(
      '/api/events/search?road=SP-075&km=21&way=Decrescente&survey=2026-05',
      t.user,
    )
    const only = narrowed.json<OrbitEvent[]>()
    expect(only.length).toBeGreaterThan(0)
    expect(
      only.every((e) => e.road === 'SP-075' && e.way === 'Decrescente' && e.survey === '2026-05'),
    ).toBe(true)
    const expected = await eventAt('2026-05', 'SP-075', 'Decrescente', 21)
    expect(only[0]!.id).toBe(expected.id)

    const bySurvey = await t.get('/api/events/search?survey=2025-03', t.user)
    const surveyList = bySurvey.json<OrbitEvent[]>()
    expect(surveyList).toHaveLength(50)
    expect(surveyList.every((e) => e.survey === '2025-03')).toBe(true)

    // A km far from any imagery of the road: nothing found.
    const none = await t.get('/api/events/search?road=SP-270&km=14', t.user)
    expectStatus(none, 200)
    expect(none.json()).toEqual([])
    const unknownRoad = await t.get('/api/events/search?road=SP-999', t.user)
    expect(unknownRoad.json()).toEqual([])
  })

  it('lists the roads, surveys, ways and types', async () => {
    const res = await t.get('/api/events/info', t.user)
    expectStatus(res, 200)
    expect(res.json<EventInfo>()).toEqual({
      roads: ['SP-075', 'SP-270', 'SP-280'],
      surveys: ['2025-03', '2026-05'],
      ways: ['Crescente', 'Decrescente'],
      types: ['Imagem 360º'],
    })
  })

  it('draws the tracks: one line per survey, road and way, in the order of the drive', async () => {
    const res = await t.get('/api/events/tracks', t.user)
    expectStatus(res, 200)
    const tracks = res.json<EventTracks>()
    expect(tracks.type).toBe('FeatureCollection')
    expect(tracks.features).toHaveLength(12)
    const keys = tracks.features.map(
      (f) => `${f.properties.survey}|${f.properties.road}|${f.properties.way}`,
    )
    expect(new Set(keys).size).toBe(12)
    const track = tracks.features.find(
      (f) =>
        f.properties.survey === '2025-03' &&
        f.properties.road === 'SP-280' &&
        f.properties.way === 'Decrescente',
    )!
    expect(track.geometry.type).toBe('LineString')
    expect(track.properties.date).toBe('2025-03-18')
    const coords = track.geometry.coordinates
    expect(coords.length).toBeGreaterThan(2)
    // Driven from km 16 towards km 13: it starts at the km 16 end.
    const start = { lon: coords[0]![0]!, lat: coords[0]![1]! }
    const end = { lon: coords.at(-1)![0]!, lat: coords.at(-1)![1]! }
    const km16 = await eventAt('2025-03', 'SP-280', 'Decrescente', 16)
    const km13 = await eventAt('2025-03', 'SP-280', 'Decrescente', 13)
    expect(metres(start, km16)).toBeLessThan(2)
    expect(metres(end, km13)).toBeLessThan(2)
  })
})

describe('GET /api/smmcad/1/events', () => {
  it('lists the event and its neighbours of the same drive within 60 m, by GPS time, with frames by camera', async () => {
    const e = await eventAt('2026-05', 'SP-270', 'Crescente', 31)
    const res = await t.get(`/api/smmcad/1/events/${e.id}/neighbours`, t.user)
    expectStatus(res, 200)
    const entries = res.json<ViewerEntry[]>()
    expect(entries.map((x) => x.event.eventId)).toContain(e.id)
    expect(entries.length).toBeGreaterThanOrEqual(10)
    const times = entries.map((x) => x.event.weekGps * 604_800 + x.event.secondGps)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    for (const { event, frames } of entries) {
      expect(metres(e, at(event))).toBeLessThanOrEqual(60.5)
      expect(event).toMatchObject({ road: 'SP-270', way: 'Crescente', survey: '2026-05' })
      expect(event.id).toBe(event.eventId)
      expect(frames.map((f) => f.cameraId)).toEqual([1, 2, 3, 4])
      expect(frames.map((f) => f.rotationcamrelativeimu)).toEqual([0, 90, 180, 270])
      expect(frames[0]).toMatchObject({
        width: 1920,
        height: 1080,
        path: `${event.orbitEventDir}/${event.eventId}/1`,
      })
      expect(frames[0]!.fovGeometry).toMatch(/^SRID=4326;POLYGON\(\(/)
    }
    // GPS time says the capture instant (domain.md: 18 leap seconds).
    const first = entries[0]!.event
    const utc = Date.UTC(1980, 0, 6) + (first.weekGps * 604_800 + first.secondGps - 18) * 1000
    expect(new Date(utc).toISOString()).toBe(first.date)
  })

  it('finds the closest event with its frames', async () => {
    const events = await allEvents()
    const target = await eventAt('2025-03', 'SP-280', 'Decrescente', 15.2)
    const lat = (target.lat - 1 / 110_574).toFixed(6)
    const lon = target.lon.toFixed(6)
    const point = { lon: Number(lon), lat: Number(lat) }
    const nearest = [...events].sort((a, b) => metres(point, a) - metres(point, b))[0]!
    const res = await t.get(`/api/smmcad/1/events/closest?lat=${lat}&lon=${lon}`, t.user)
    expectStatus(res, 200)
    const entries = res.json<ViewerEntry[]>()
    expect(entries).toHaveLength(1)
    expect(entries[0]!.event.eventId).toBe(nearest.id)
    expect(entries[0]!.frames).toHaveLength(4)

    const far = await t.get('/api/smmcad/1/events/closest?lat=-22&lon=-45', t.user)
    expect(far.json()).toEqual([])
  })

  it('knows only the system 1', async () => {
    const e = await eventAt('2025-03', 'SP-280', 'Crescente', 14)
    for (const url of [
      `/api/smmcad/2/events/${e.id}/neighbours`,
      '/api/smmcad/2/events/closest?lat=-23.5&lon=-46.8',
      '/api/smmcad/x/events/closest?lat=-23.5&lon=-46.8',
    ]) {
      const res = await t.get(url, t.user)
      expectStatus(res, 404)
      expect(res.json().message).toBe(msg('imageryApi.systemNotFound'))
    }
    const missing = await t.get('/api/smmcad/1/events/999999999/neighbours', t.user)
    expectStatus(missing, 404)
    expect(missing.json().message).toBe(msg('imageryApi.eventNotFound'))
  })
})

describe('access and input', () => {
  const urls = [
    '/api/events/1',
    '/api/events/1/neighbours',
    '/api/events/closest?lat=-23.5&lon=-46.8',
    '/api/events/search?road=SP-280',
    '/api/events/info',
    '/api/events/tracks',
    '/api/smmcad/1/events/1/neighbours',
    '/api/smmcad/1/events/closest?lat=-23.5&lon=-46.8',
  ]

  it('refuses an anonymous caller', async () => {
    for (const url of urls) expectStatus(await t.get(url), 401)
  })

  it('answers 404 while the module is off: /api/events needs orbit or smmcad, /api/smmcad needs smmcad', async () => {
    try {
      await setModules([])
      for (const url of urls) {
        const res = await t.get(url, t.user)
        expectStatus(res, 404)
        expect(res.json().message).toBe(msg('imageryApi.moduleOff'))
      }
      // An anonymous caller is still told to sign in first.
      expectStatus(await t.get('/api/events/info'), 401)
      // Module off: the refusal comes before any check of the values.
      expectStatus(await t.get('/api/events/closest?lat=abc', t.user), 404)

      await setModules(['orbit'])
      expectStatus(await t.get('/api/events/info', t.user), 200)
      expectStatus(await t.get('/api/smmcad/1/events/1/neighbours', t.user), 404)

      await setModules(['smmcad'])
      expectStatus(await t.get('/api/events/info', t.user), 200)
      expectStatus(await t.get('/api/smmcad/1/events/1/neighbours', t.user), 200)
    } finally {
      await setModules(['orbit', 'smmcad'])
    }
    expectStatus(await t.get('/api/events/info', t.user), 200)
  })

  it('refuses bad coordinates, distances and km in Portuguese', async () => {
    const lat = msg('imageryApi.latitudeInvalid')
    const lon = msg('imageryApi.longitudeInvalid')
    expectFieldErrors(await t.get('/api/events/closest?lat=abc&lon=-46.8', t.user), { lat })
    expectFieldErrors(await t.get('/api/events/closest?lat=-91&lon=-46.8', t.user), { lat })
    expectFieldErrors(await t.get('/api/events/closest?lat=-23.5&lon=181', t.user), { lon })
    expectFieldErrors(await t.get('/api/events/closest?lon=-46.8', t.user), { lat })
    expectFieldErrors(await t.get('/api/events/closest?lat=&lon=', t.user), { lat, lon })
    expectFieldErrors(await t.get('/api/smmcad/1/events/closest?lat=x&lon=-46.8', t.user), {
      lat,
    })
    const distance = msg('imageryApi.distanceInvalid', { max: 500 })
    for (const d of ['abc', '0', '-5', '501', '1e9']) {
      expectFieldErrors(await t.get(`/api/events/1/neighbours?distance=${d}`, t.user), {
        distance,
      })
    }
    expectFieldErrors(await t.get('/api/events/search?road=SP-280&km=treze', t.user), {
      km: msg('imageryApi.kmInvalid'),
    })
    expectStatus(await t.get('/api/events/abc', t.user), 400)
  })
})

describe('a demo database seeded before the imagery came', () => {
  it('gets the demo surveys once at the next start, its modules left as they are', async () => {
    const count = async () =>
      (
        await t.db.query<{ events: number; frames: number; surveys: number }>(
          `SELECT (SELECT count(*)::int FROM app.imagery_events) AS events,
                  (SELECT count(*)::int FROM app.imagery_frames) AS frames,
                  (SELECT count(*)::int FROM app.imagery_surveys) AS surveys`,
        )
      ).rows[0]!
    const seeded = await count()
    await t.db.query('DELETE FROM app.imagery_surveys')
    await t.db.query(`DELETE FROM app.settings WHERE key = 'demoImagerySeeded'`)
    await setModules(['documents'])
    try {
      expect(await seedDemo(t.db)).toBe(false)
      expect(await count()).toEqual(seeded)
      expect(await seedDemo(t.db)).toBe(false)
      expect(await count()).toEqual(seeded)
      const config = await t.get('/api/config')
      expect(config.json().modules).toEqual(['documents'])
    } finally {
      await setModules(['orbit', 'smmcad'])
    }
    const info = await t.get('/api/events/info', t.user)
    expect(info.json<EventInfo>().surveys).toEqual(['2025-03', '2026-05'])
  })
})
