import type { Queryable } from '../../db/types'

/** The owner of `app.imagery_surveys`, `app.imagery_events` and `app.imagery_frames`. */

export interface NewSurvey {
  name: string
  /** yyyy-mm-dd, or null. */
  date: string | null
  description?: string
  source: 'demo' | 'import'
  createdBy?: number | null
}

export interface NewEvent {
  road: string
  way: string
  km: number
  type?: string
  /** ISO date-time (UTC). */
  capturedAt: string
  lon: number
  lat: number
  azimuth: number
  weekGps: number
  secondGps: number
  orbitEventId: string | null
  orbitEventDir: string | null
  panoWidth?: number | null
  panoCols?: number | null
}

export interface NewFrame {
  eventId: number
  cameraId: number
  path: string
  width: number
  height: number
  fovGeometry: string | null
  rotation: number
}

/** Inserts a survey; answers its id. */
export async function insertSurvey(db: Queryable, s: NewSurvey): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.imagery_surveys (name, survey_date, description, source, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [s.name, s.date, s.description ?? '', s.source, s.createdBy ?? null],
  )
  return rows[0]!.id
}

/** Inserts a survey's events in one statement each batch; answers their ids in order. */
export async function insertEvents(
  db: Queryable,
  surveyId: number,
  events: NewEvent[],
): Promise<number[]> {
  if (events.length === 0) return []
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO app.imagery_events (survey_id, road, way, km, type, captured_at, geom, azimuth,
       week_gps, second_gps, orbit_event_id, orbit_event_dir, pano_width, pano_cols)
     SELECT $1, e.road, e.way, e.km, e.type, e.captured_at,
       ST_SetSRID(ST_MakePoint(e.lon, e.lat), 4326), e.azimuth, e.week_gps, e.second_gps,
       e.orbit_event_id, e.orbit_event_dir, e.pano_width, e.pano_cols
     FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (road text, way text,
       km double precision, type text, captured_at timestamptz, lon double precision,
       lat double precision, azimuth double precision, week_gps integer,
       second_gps double precision, orbit_event_id text, orbit_event_dir text,
       pano_width integer, pano_cols integer)) WITH ORDINALITY AS e(road, way, km, type,
       captured_at, lon, lat, azimuth, week_gps, second_gps, orbit_event_id, orbit_event_dir,
       pano_width, pano_cols, n)
     ORDER BY e.n
     RETURNING id`,
    [
      surveyId,
      JSON.stringify(
        events.map((e) => ({
          road: e.road,
          way: e.way,
          km: e.km,
          type: e.type ?? '',
          captured_at: e.capturedAt,
          lon: e.lon,
          lat: e.lat,
          azimuth: e.azimuth,
          week_gps: e.weekGps,
          second_gps: e.secondGps,
          orbit_event_id: e.orbitEventId,
          orbit_event_dir: e.orbitEventDir,
          pano_width: e.panoWidth ?? null,
          pano_cols: e.panoCols ?? null,
        })),
      ),
    ],
  )
  return rows.map((r) => Number(r.id))
}

/** Inserts camera frames in one statement. */
export async function insertFrames(db: Queryable, frames: NewFrame[]): Promise<void> {
  if (frames.length === 0) return
  await db.query(
    `INSERT INTO app.imagery_frames (event_id, camera_id, path, width, height, fov_geometry, rotation)
     SELECT f.event_id, f.camera_id, f.path, f.width, f.height, f.fov_geometry, f.rotation
     FROM jsonb_to_recordset($1::jsonb) AS f(event_id bigint, camera_id integer, path text,
       width integer, height integer, fov_geometry text, rotation double precision)`,
    [
      JSON.stringify(
        frames.map((f) => ({
          event_id: f.eventId,
          camera_id: f.cameraId,
          path: f.path,
          width: f.width,
          height: f.height,
          fov_geometry: f.fovGeometry,
          rotation: f.rotation,
        })),
      ),
    ],
  )
}

// Reads of the calls (/api/events, /api/smmcad).

/** An event as read, with its survey's name. */
export interface EventRow {
  id: number
  surveyId: number
  survey: string
  road: string
  way: string
  km: number
  type: string
  capturedAt: string
  latitude: number
  longitude: number
  azimuth: number
  weekGps: number
  secondGps: number
  orbitEventId: string | null
  orbitEventDir: string | null
  panoWidth: number | null
  panoCols: number | null
}

const EVENT_COLUMNS = `e.id, e.survey_id, s.name AS survey, e.road, e.way, e.km, e.type,
  e.captured_at, ST_Y(e.geom) AS latitude, ST_X(e.geom) AS longitude, e.azimuth, e.week_gps,
  e.second_gps, e.orbit_event_id, e.orbit_event_dir, e.pano_width, e.pano_cols`

const EVENT_FROM = `app.imagery_events e JOIN app.imagery_surveys s ON s.id = e.survey_id`

interface RawEventRow {
  id: string | number
  survey_id: number
  survey: string
  road: string
  way: string
  km: number
  type: string
  captured_at: Date | string
  latitude: number
  longitude: number
  azimuth: number
  week_gps: number
  second_gps: number
  orbit_event_id: string | null
  orbit_event_dir: string | null
  pano_width: number | null
  pano_cols: number | null
}

function eventRow(r: RawEventRow): EventRow {
  return {
    id: Number(r.id),
    surveyId: Number(r.survey_id),
    survey: r.survey,
    road: r.road,
    way: r.way,
    km: Number(r.km),
    type: r.type,
    capturedAt: new Date(r.captured_at).toISOString(),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    azimuth: Number(r.azimuth),
    weekGps: Number(r.week_gps),
    secondGps: Number(r.second_gps),
    orbitEventId: r.orbit_event_id,
    orbitEventDir: r.orbit_event_dir,
    panoWidth: r.pano_width === null ? null : Number(r.pano_width),
    panoCols: r.pano_cols === null ? null : Number(r.pano_cols),
  }
}

/** One event by its id. */
export async function selectEvent(db: Queryable, id: number): Promise<EventRow | undefined> {
  const { rows } = await db.query<RawEventRow>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = $1`,
    [id],
    { prepare: true },
  )
  return rows[0] && eventRow(rows[0])
}

/** Which events near a point: optional filters, and the order of the answer. */
export interface NearOptions {
  surveyId?: number
  /** The survey by its name (the orbit module's survey switcher). */
  surveyName?: string
  road?: string
  way?: string
  /** Left out of the answer (an event is not its own neighbour). */
  excludeId?: number
  /** `distance`: nearest first; `gps`: by GPS week then second. */
  order: 'distance' | 'gps'
  limit?: number
}

/**
 * Events within `metres` of a point (geodesic distance), through the GiST index: a box in
 * degrees that surely holds the circle, then the exact distance on the sphere's geography.
 */
export async function selectEventsNear(
  db: Queryable,
  point: { longitude: number; latitude: number },
  metres: number,
  o: NearOptions,
): Promise<(EventRow & { distance: number })[]> {
  const degLat = metres / 110_574 + 1e-9
  const degLon =
    metres / (111_320 * Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01)) + 1e-9
  const order = o.order === 'distance' ? 'distance, e.id' : 'e.week_gps, e.second_gps, e.id'
  const { rows } = await db.query<RawEventRow & { distance: number }>(
    `SELECT ${EVENT_COLUMNS}, ST_Distance(e.geom::geography, q.p::geography) AS distance
       FROM ${EVENT_FROM},
            (SELECT ST_SetSRID(ST_MakePoint($1::float8, $2::float8), 4326) AS p) q
      WHERE e.geom && ST_MakeEnvelope($1::float8 - $3::float8, $2::float8 - $4::float8,
                                      $1::float8 + $3::float8, $2::float8 + $4::float8, 4326)
        AND ST_DWithin(e.geom::geography, q.p::geography, $5::float8)
        AND ($6::int IS NULL OR e.survey_id = $6::int)
        AND ($7::text IS NULL OR s.name = $7::text)
        AND ($8::text IS NULL OR e.road = $8::text)
        AND ($9::text IS NULL OR e.way = $9::text)
        AND ($10::bigint IS NULL OR e.id <> $10::bigint)
      ORDER BY ${order} LIMIT $11::int`,
    [
      point.longitude,
      point.latitude,
      degLon,
      degLat,
      metres,
      o.surveyId ?? null,
      o.surveyName ?? null,
      o.road ?? null,
      o.way ?? null,
      o.excludeId ?? null,
      o.limit ?? 1000,
    ],
  )
  return rows.map((r) => ({ ...eventRow(r), distance: Number(r.distance) }))
}

/** The search of the orbit module: the given filters; with a km, the nearest km first. */
export async function selectEventSearch(
  db: Queryable,
  q: { road?: string; way?: string; survey?: string; km?: number },
  kmTolerance: number,
  limit: number,
): Promise<EventRow[]> {
  const { rows } = await db.query<RawEventRow>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM}
      WHERE ($1::text IS NULL OR e.road = $1::text)
        AND ($2::text IS NULL OR e.way = $2::text)
        AND ($3::text IS NULL OR s.name = $3::text)
        AND ($4::float8 IS NULL OR abs(e.km - $4::float8) <= $5::float8)
      ORDER BY abs(e.km - coalesce($4::float8, e.km)), e.road, e.km, s.name, e.way, e.id
      LIMIT $6::int`,
    [q.road ?? null, q.way ?? null, q.survey ?? null, q.km ?? null, kmTolerance, limit],
  )
  return rows.map(eventRow)
}

/** The distinct roads, survey names, ways and types of the events, each sorted. */
export async function selectEventInfo(
  db: Queryable,
): Promise<{ roads: string[]; surveys: string[]; ways: string[]; types: string[] }> {
  const { rows } = await db.query<{ kind: string; value: string }>(
    `SELECT DISTINCT 'road' AS kind, road AS value FROM app.imagery_events
     UNION SELECT DISTINCT 'way', way FROM app.imagery_events WHERE way <> ''
     UNION SELECT DISTINCT 'type', type FROM app.imagery_events WHERE type <> ''
     UNION SELECT 'survey', s.name FROM app.imagery_surveys s
            WHERE EXISTS (SELECT 1 FROM app.imagery_events e WHERE e.survey_id = s.id)`,
  )
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => r.value)
      .sort((a, b) => a.localeCompare(b, 'pt-BR', { numeric: true }))
  return { roads: of('road'), surveys: of('survey'), ways: of('way'), types: of('type') }
}

/** A survey's drive along one road in one way, as a line in the order of GPS time. */
export interface TrackRow {
  survey: string
  road: string
  way: string
  date: string | null
  /** GeoJSON LineString text. */
  geometry: string
}

/** One line per survey, road and way, simplified by `tolerance` degrees. */
export async function selectTracks(db: Queryable, tolerance: number): Promise<TrackRow[]> {
  const { rows } = await db.query<TrackRow>(
    `SELECT s.name AS survey, e.road, e.way,
            coalesce(to_char(s.survey_date, 'YYYY-MM-DD'),
                     to_char(min(e.captured_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD')) AS date,
            ST_AsGeoJSON(ST_Simplify(ST_MakeLine(e.geom ORDER BY e.week_gps, e.second_gps, e.id),
                                     $1::float8, true), 6) AS geometry
       FROM ${EVENT_FROM}
      GROUP BY s.id, s.name, s.survey_date, e.road, e.way
     HAVING count(*) > 1
      ORDER BY s.name, e.road, e.way`,
    [tolerance],
  )
  return rows
}

/** A camera frame as read: what was inserted. */
export type FrameRow = NewFrame

/** The frames of some events, by event then camera id. */
export async function selectFrames(
  db: Queryable,
  eventIds: readonly number[],
): Promise<FrameRow[]> {
  if (eventIds.length === 0) return []
  const { rows } = await db.query<{
    event_id: string | number
    camera_id: number
    path: string
    width: number
    height: number
    fov_geometry: string | null
    rotation: number
  }>(
    `SELECT event_id, camera_id, path, width, height, fov_geometry, rotation
       FROM app.imagery_frames WHERE event_id = ANY($1::bigint[])
      ORDER BY event_id, camera_id`,
    [eventIds],
  )
  return rows.map((r) => ({
    eventId: Number(r.event_id),
    cameraId: Number(r.camera_id),
    path: r.path,
    width: Number(r.width),
    height: Number(r.height),
    fovGeometry: r.fov_geometry,
    rotation: Number(r.rotation),
  }))
}

/** Names each panorama of a survey that has a directory but no id yet by its event's id. */
export async function nameSurveyPanoramas(db: Queryable, surveyId: number): Promise<void> {
  await db.query(
    `UPDATE app.imagery_events SET orbit_event_id = id::text
      WHERE survey_id = $1 AND orbit_event_dir IS NOT NULL AND orbit_event_id IS NULL`,
    [surveyId],
  )
}

/** An event's stored panorama: where it is served and its multi-resolution form. */
export async function setEventPanorama(
  db: Queryable,
  eventId: number,
  pano: { dir: string; id: string; width: number; cols: number },
): Promise<void> {
  await db.query(
    `UPDATE app.imagery_events SET orbit_event_dir = $2, orbit_event_id = $3, pano_width = $4,
       pano_cols = $5 WHERE id = $1`,
    [eventId, pano.dir, pano.id, pano.width, pano.cols],
  )
}
