import type { Queryable } from '../../db/types'

/**
 * The owner of `app.imagery_images` (each stored image by the path it is served under, after
 * /api/images/), and the images' read-only look-ups of the events and frames they belong to.
 */

export interface ImageRow {
  path: string
  storageKey: string
  size: number
  /** SHA-256 of the bytes (hex), the ETag. */
  etag: string
}

export async function findImage(db: Queryable, path: string): Promise<ImageRow | undefined> {
  const { rows } = await db.query<{
    path: string
    storage_key: string
    size: string
    etag: string
  }>('SELECT path, storage_key, size, etag FROM app.imagery_images WHERE path = $1', [path], {
    prepare: true,
  })
  const r = rows[0]
  return r && { path: r.path, storageKey: r.storage_key, size: Number(r.size), etag: r.etag }
}

/** Inserts an image's row; false when the path is stored already (the row is left as it was). */
export async function insertImage(db: Queryable, image: ImageRow): Promise<boolean> {
  const { rows } = await db.query<{ path: string }>(
    `INSERT INTO app.imagery_images (path, storage_key, size, etag) VALUES ($1, $2, $3, $4)
     ON CONFLICT (path) DO NOTHING RETURNING path`,
    [image.path, image.storageKey, image.size, image.etag],
  )
  return rows.length > 0
}

/**
 * Deletes the rows of every image whose path starts with `prefix` (a survey's
 * `cameras/<dir>/` and `panoramas/<dir>/`); answers their storage keys, for the caller to
 * delete the bytes.
 */
export async function deleteImagesByPrefix(db: Queryable, prefix: string): Promise<string[]> {
  if (prefix === '') throw new Error('empty image path prefix')
  const { rows } = await db.query<{ storage_key: string }>(
    `DELETE FROM app.imagery_images WHERE left(path, length($1)) = $1 RETURNING storage_key`,
    [prefix],
  )
  return rows.map((r) => r.storage_key)
}

/** What a demo image is drawn from: the event, its survey, and (for a camera) the frame. */
export interface ImageEvent {
  eventId: number
  road: string
  way: string
  km: number
  azimuth: number
  /** ISO date-time (UTC). */
  capturedAt: string
  surveyName: string
  /** yyyy-mm-dd, or null. */
  surveyDate: string | null
  surveySource: 'demo' | 'import'
  panoWidth: number | null
  panoCols: number | null
}

export interface ImageFrame extends ImageEvent {
  cameraId: number
  rotation: number
  width: number
  height: number
}

const EVENT_COLUMNS = `e.id AS event_id, e.road, e.way, e.km, e.azimuth,
  to_char(e.captured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS captured_at,
  s.name AS survey_name, to_char(s.survey_date, 'YYYY-MM-DD') AS survey_date,
  s.source AS survey_source, e.pano_width, e.pano_cols`

interface EventDbRow {
  event_id: string
  road: string
  way: string
  km: number
  azimuth: number
  captured_at: string
  survey_name: string
  survey_date: string | null
  survey_source: 'demo' | 'import'
  pano_width: number | null
  pano_cols: number | null
}

const eventOf = (r: EventDbRow): ImageEvent => ({
  eventId: Number(r.event_id),
  road: r.road,
  way: r.way,
  km: Number(r.km),
  azimuth: Number(r.azimuth),
  capturedAt: r.captured_at,
  surveyName: r.survey_name,
  surveySource: r.survey_source,
  surveyDate: r.survey_date,
  panoWidth: r.pano_width,
  panoCols: r.pano_cols,
})

/** The event whose panorama is panoramas/<dir>/<id>.jpg. */
export async function findPanoramaEvent(
  db: Queryable,
  dir: string,
  id: string,
): Promise<ImageEvent | undefined> {
  const { rows } = await db.query<EventDbRow>(
    `SELECT ${EVENT_COLUMNS}
     FROM app.imagery_events e JOIN app.imagery_surveys s ON s.id = e.survey_id
     WHERE e.orbit_event_dir = $1 AND e.orbit_event_id = $2`,
    [dir, id],
  )
  return rows[0] && eventOf(rows[0])
}

/** The frame whose camera images are cameras/<path>/<level>.jpg, with its event. */
export async function findFrame(db: Queryable, path: string): Promise<ImageFrame | undefined> {
  const { rows } = await db.query<
    EventDbRow & { camera_id: number; rotation: number; width: number; height: number }
  >(
    `SELECT ${EVENT_COLUMNS}, f.camera_id, f.rotation, f.width, f.height
     FROM app.imagery_frames f
     JOIN app.imagery_events e ON e.id = f.event_id
     JOIN app.imagery_surveys s ON s.id = e.survey_id
     WHERE f.path = $1`,
    [path],
  )
  const r = rows[0]
  return (
    r && {
      ...eventOf(r),
      cameraId: r.camera_id,
      rotation: Number(r.rotation),
      width: r.width,
      height: r.height,
    }
  )
}

/**
 * The image paths of the first demo events, by id (the viewers open event 1 first): each
 * event's panorama (dir and id) and its frames' paths.
 */
export async function firstDemoEvents(
  db: Queryable,
  limit: number,
): Promise<{ dir: string | null; id: string | null; frames: string[] }[]> {
  const { rows } = await db.query<{ dir: string | null; id: string | null; frames: string[] }>(
    `SELECT e.orbit_event_dir AS dir, e.orbit_event_id AS id,
            coalesce((SELECT array_agg(f.path ORDER BY f.camera_id) FROM app.imagery_frames f
                       WHERE f.event_id = e.id), '{}') AS frames
       FROM app.imagery_events e JOIN app.imagery_surveys s ON s.id = e.survey_id
      WHERE s.source = 'demo' ORDER BY e.id LIMIT $1`,
    [limit],
  )
  return rows
}
