import { z } from 'zod'
import { t } from '../i18n/messages'
import { installZodErrorMap } from '../i18n/zod-errors'

installZodErrorMap()

/**
 * Street-level imagery (spec 2 §3, §7.1, §7.5; issue 29): the payloads of /api/events
 * (orbit module), /api/smmcad (event viewer) and the image paths under imageServerUrl.
 */

/** Detail levels of a camera image: level i is the image scaled by CAMERA_LEVEL_SCALES[i]. */
export const CAMERA_LEVEL_SCALES = [0.2, 0.4, 0.6, 0.8, 1] as const
/** Neighbour distance of the orbit module, metres (spec 2 §9). */
export const ORBIT_NEIGHBOUR_DISTANCE = 30
/** The event viewer's only imaging system (spec 2 §7.1: system id fixed to 1). */
export const SMMCAD_SYSTEM_ID = 1

/** A panorama's multi-resolution form: a base image, then cols × cols/2 tiles of the full width. */
export const panoramaSchema = z.object({
  /** Full width in pixels; the height is width / 2 (equirectangular). */
  width: z.number().int(),
  /** Tile columns (a power of two); rows = cols / 2. 0: the base image only. */
  cols: z.number().int(),
})
export type Panorama = z.infer<typeof panoramaSchema>

/** Orbit event (spec 2 §3): `localization` is the km; `date` an ISO date-time (UTC). */
export const orbitEventSchema = z.object({
  id: z.number().int(),
  road: z.string(),
  way: z.string(),
  localization: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  survey: z.string(),
  date: z.string(),
  azimuth: z.number(),
  type: z.string(),
  /** Where its panorama is (images below), or null when the event has none. */
  orbitEventId: z.string().nullable(),
  orbitEventDir: z.string().nullable(),
  panorama: panoramaSchema.nullable(),
})
export type OrbitEvent = z.infer<typeof orbitEventSchema>

/** GET /api/events/info. */
export const eventInfoSchema = z.object({
  roads: z.array(z.string()),
  surveys: z.array(z.string()),
  ways: z.array(z.string()),
  types: z.array(z.string()),
})
export type EventInfo = z.infer<typeof eventInfoSchema>

/** Viewer event (spec 2 §3): `localization` is the km. */
export const viewerEventSchema = z.object({
  eventId: z.number().int(),
  id: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  road: z.string(),
  way: z.string(),
  survey: z.string(),
  date: z.string(),
  azimuth: z.number(),
  localization: z.number(),
  weekGps: z.number().int(),
  secondGps: z.number(),
  orbitEventId: z.string().nullable(),
  orbitEventDir: z.string().nullable(),
  panorama: panoramaSchema.nullable(),
})
export type ViewerEvent = z.infer<typeof viewerEventSchema>

/** Frame (spec 2 §3). */
export const frameSchema = z.object({
  cameraId: z.number().int(),
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  fovGeometry: z.string().nullable(),
  rotationcamrelativeimu: z.number(),
})
export type Frame = z.infer<typeof frameSchema>

/** An entry of the viewer's neighbour and closest lists: the event with its frames. */
export const viewerEntrySchema = z.object({
  event: viewerEventSchema,
  frames: z.array(frameSchema),
})
export type ViewerEntry = z.infer<typeof viewerEntrySchema>

/** Image paths under the config's imageServerUrl (spec 2 §7.1). */
export const imagePaths = {
  camera: (framePath: string, level: number) => `cameras/${framePath}/${level}.jpg`,
  panorama: (dir: string, id: string) => `panoramas/${dir}/${id}.jpg`,
  panoramaTile: (dir: string, id: string, col: number, row: number) =>
    `panoramas/${dir}/${id}/tiles/${col}_${row}.jpg`,
}

/** A survey as the administrators' list shows it. */
export const surveySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  date: z.string().nullable(),
  description: z.string(),
  source: z.enum(['demo', 'import']),
  events: z.number().int(),
  frames: z.number().int(),
  roads: z.array(z.string()),
  createdDate: z.string(),
})
export type Survey = z.infer<typeof surveySchema>

// The calls' queries (spec 2 §7.1, §7.5). Numbers arrive as text: a km may be typed the
// Brazilian way ('13,5'); a bad value is a 400 with the field's Portuguese message.

/** Farthest neighbour distance a caller may ask of /api/events/{id}/neighbours, metres. */
export const MAX_NEIGHBOUR_DISTANCE = 500
/** The closest event is looked for within this distance of the point, metres. */
export const CLOSEST_EVENT_DISTANCE = 500
/** The event viewer's neighbours: the events of the same drive within this distance, metres. */
export const VIEWER_NEIGHBOUR_DISTANCE = 60
/** At most this many events answer a search. */
export const EVENT_SEARCH_LIMIT = 50
/** A search by km finds the events within this many km of it (else: nothing found). */
export const EVENT_SEARCH_KM_TOLERANCE = 1

/** A decimal number typed either way ('13,5', '13.5', '1.234,5'); undefined when it is none. */
export function parseDecimal(text: string): number | undefined {
  let s = text.trim()
  if (s.includes(',')) s = s.replaceAll('.', '').replace(',', '.')
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : undefined
}

/** A number in a query within [min, max] (above min when `exclusiveMin`), else `message`. */
function decimalQuery(message: string, min: number, max: number, exclusiveMin = false) {
  return z.string({ error: message }).transform((v, ctx) => {
    const n = parseDecimal(v)
    if (n === undefined || n > max || n < min || (exclusiveMin && n === min)) {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    return n
  })
}

/** A text filter of a query: empty or blank means no filter. */
const optionalText = z
  .string()
  .max(200)
  .optional()
  .transform((v) => v?.trim() || undefined)

const latitudeQuery = decimalQuery(t('imageryApi.latitudeInvalid'), -90, 90)
const longitudeQuery = decimalQuery(t('imageryApi.longitudeInvalid'), -180, 180)

/** GET /api/events/closest?lat&lon[&survey]. */
export const eventClosestQuerySchema = z.object({
  lat: latitudeQuery,
  lon: longitudeQuery,
  survey: optionalText,
})

/** GET /api/events/{id}/neighbours?distance= (metres; empty: ORBIT_NEIGHBOUR_DISTANCE). */
export const eventNeighboursQuerySchema = z.object({
  distance: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : String(ORBIT_NEIGHBOUR_DISTANCE)))
    .pipe(
      decimalQuery(
        t('imageryApi.distanceInvalid', { max: MAX_NEIGHBOUR_DISTANCE }),
        0,
        MAX_NEIGHBOUR_DISTANCE,
        true,
      ),
    ),
})

/** GET /api/events/search?road&way&km&survey: only the non-empty parameters filter. */
export const eventSearchQuerySchema = z.object({
  road: optionalText,
  way: optionalText,
  survey: optionalText,
  km: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(decimalQuery(t('imageryApi.kmInvalid'), -1e6, 1e6).optional()),
})
export type EventSearchQuery = z.infer<typeof eventSearchQuerySchema>

/** GET /api/smmcad/{systemId}/events/closest?lat=&lon=. */
export const viewerClosestQuerySchema = z.object({ lat: latitudeQuery, lon: longitudeQuery })

/** GET /api/events/tracks: one line per survey, road and way, in the order of the drive. */
export const eventTrackSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({
    type: z.literal('LineString'),
    coordinates: z.array(z.array(z.number())),
  }),
  properties: z.object({
    survey: z.string(),
    road: z.string(),
    way: z.string(),
    /** The survey's date (yyyy-mm-dd), else the day of its first event. */
    date: z.string().nullable(),
  }),
})
export const eventTracksSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(eventTrackSchema),
})
export type EventTracks = z.infer<typeof eventTracksSchema>
