import exifr from 'exifr'
import { t, utcToGps, type MessageKey } from '@gis/shared'
import type { EventRow, RowError } from './survey-import-csv'
import { SourceFileError, type ImportSource } from './survey-import-source'
import { distanceMetres, normalizeAzimuth, parseExifDate } from './survey-import-values'

/**
 * Panoramas without events.csv (docs/imagery.md): each JPEG's position and capture time from
 * its EXIF (GPS, DateTimeOriginal), its heading from the GPano XMP (PoseHeadingDegrees; else the
 * direction to the next panorama). Ordered by time; the km is the form's km of the first plus
 * the distance travelled along that order.
 */

/** EXIF and XMP sit at the start of a JPEG (APP1 segments): this much is read of each. */
const HEAD_BYTES = 256 * 1024

export interface ExifPlace {
  road: string
  way: string
  kmStart: number
}

interface Found {
  file: string
  row: number
  date: Date
  lat: number
  lon: number
  heading: number | null
}

/** The JPEGs of an upload, in their name's order (macOS' resource forks left out). */
export function jpegNames(names: string[]): string[] {
  return names
    .filter((n) => /\.jpe?g$/i.test(n) && !n.startsWith('__MACOSX/') && !/(^|\/)\._/.test(n))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}

/** Bearing from a to b, degrees clockwise from north. */
function bearing(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const y = Math.sin((b.lon - a.lon) * rad) * Math.cos(b.lat * rad)
  const x =
    Math.cos(a.lat * rad) * Math.sin(b.lat * rad) -
    Math.sin(a.lat * rad) * Math.cos(b.lat * rad) * Math.cos((b.lon - a.lon) * rad)
  return normalizeAzimuth(Math.atan2(y, x) / rad)
}

async function readOne(source: ImportSource, file: string, row: number): Promise<Found> {
  const fail = (key: MessageKey) => {
    throw Object.assign(new Error(t(key, { file })), { rowProblem: true })
  }
  let head: Buffer
  try {
    head = await source.head(file, HEAD_BYTES)
  } catch (err) {
    if (err instanceof SourceFileError) fail('imageryImport.imageUnreadable')
    throw err
  }
  const tags = (await exifr
    .parse(head!, { gps: true, xmp: true, tiff: true, exif: true, reviveValues: false })
    .catch(() => undefined)) as Record<string, unknown> | undefined
  if (!tags) return fail('imageryImport.exifNoGps')
  const lat = Number(tags.latitude)
  const lon = Number(tags.longitude)
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return fail('imageryImport.exifNoGps')
  }
  const date = parseExifDate(
    tags.DateTimeOriginal,
    tags.OffsetTimeOriginal,
    tags.SubSecTimeOriginal,
  )
  if (!date) return fail('imageryImport.exifNoDate')
  const heading = Number(tags.PoseHeadingDegrees)
  return {
    file,
    row,
    date,
    lat,
    lon,
    heading: tags.PoseHeadingDegrees !== undefined && Number.isFinite(heading) ? heading : null,
  }
}

/** The events of panoramas alone; a panorama without position or date is an error. */
export async function readExifPanoramas(
  source: ImportSource,
  files: string[],
  place: ExifPlace,
  errors: RowError[],
  progress: (done: number) => Promise<void>,
): Promise<EventRow[]> {
  const found: Found[] = []
  for (const [i, file] of files.entries()) {
    try {
      found.push(await readOne(source, file, i + 1))
    } catch (err) {
      if (!(err instanceof Error && 'rowProblem' in err)) throw err
      errors.push({
        file,
        row: i + 1,
        message: t('imageryImport.fileRow', { file, message: err.message }),
      })
    }
    await progress(i + 1)
  }
  found.sort((a, b) => a.date.getTime() - b.date.getTime() || a.row - b.row)
  let metres = 0
  return found.map((f, i) => {
    if (i > 0) metres += distanceMetres(found[i - 1]!, f)
    const next = found[i + 1]
    const previous = found[i - 1]
    const heading = f.heading ?? (next ? bearing(f, next) : previous ? bearing(previous, f) : 0)
    const gps = utcToGps(f.date)
    return {
      row: f.row,
      key: f.file,
      road: place.road,
      way: place.way,
      km: Math.round((place.kmStart + metres / 1000) * 1000) / 1000,
      type: '',
      capturedAt: f.date.toISOString(),
      lat: f.lat,
      lon: f.lon,
      azimuth: normalizeAzimuth(heading),
      weekGps: gps.week,
      secondGps: gps.second,
      panorama: f.file,
    }
  })
}
