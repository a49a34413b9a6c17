import { parse } from 'csv-parse'
import {
  SURVEY_IMPORT_LIMITS,
  surveyNumber,
  t,
  utcToGps,
  gpsToUtc,
  type MessageKey,
} from '@gis/shared'
import { JobFailure } from '../../jobs/job-queue'
import { yielder } from '../../jobs/yielder'
import { normalizeAzimuth, parseCaptureDate } from './survey-import-values'

/**
 * events.csv and frames.csv of a survey (docs/imagery.md): `;` or `,` between fields, UTF-8,
 * a header row; each row checked, a bad one left out with its Portuguese reason and line.
 */

export interface RowError {
  file: string
  row: number
  message: string
}

export interface EventRow {
  row: number
  /** The `event` column: how frames.csv names it. */
  key: string
  road: string
  way: string
  km: number
  type: string
  capturedAt: string
  lat: number
  lon: number
  azimuth: number
  weekGps: number
  secondGps: number
  /** The panorama's path in the upload, or null. */
  panorama: string | null
}

export interface FrameRow {
  row: number
  eventKey: string
  camera: number
  /** The image's path in the upload. */
  file: string
  rotation: number
  fovGeometry: string | null
}

/** Accepted header names (accents and case ignored) of each column. */
const EVENT_COLUMNS = {
  event: ['event', 'evento', 'event_id', 'id'],
  road: ['road', 'rodovia'],
  way: ['way', 'sentido'],
  km: ['km', 'localization'],
  date: ['date', 'data', 'datetime', 'data_hora'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lon', 'lng'],
  azimuth: ['azimuth', 'azimute', 'heading'],
  week_gps: ['week_gps', 'weekgps', 'semana_gps'],
  second_gps: ['second_gps', 'secondgps', 'segundo_gps'],
  panorama: ['panorama', 'pano'],
  type: ['type', 'tipo'],
} as const
const EVENT_REQUIRED = ['event', 'road', 'km', 'latitude', 'longitude'] as const

const FRAME_COLUMNS = {
  event: ['event', 'evento', 'event_id'],
  camera: ['camera', 'camera_id', 'cameraid', 'camera'],
  file: ['file', 'arquivo', 'path'],
  rotation: ['rotation', 'rotacao', 'rotationcamrelativeimu'],
  fov_geometry: ['fov_geometry', 'fovgeometry'],
} as const
const FRAME_REQUIRED = ['event', 'camera', 'file'] as const

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()

/** The header's index of each known column. */
function columnIndexes<C extends Record<string, readonly string[]>>(
  header: string[],
  columns: C,
): Partial<Record<keyof C, number>> {
  const names = header.map(plain)
  const out: Partial<Record<keyof C, number>> = {}
  for (const [column, aliases] of Object.entries(columns)) {
    const i = names.findIndex((n) => aliases.includes(n))
    if (i >= 0) out[column as keyof C] = i
  }
  return out
}

/** The rows of a CSV with their line numbers (the header is line 1), the header first. */
async function* csvRows(
  file: string,
  bytes: Buffer,
  maxRows: number,
): AsyncGenerator<{ line: number; cells: string[] }> {
  const text = bytes.toString('utf8', 0, Math.min(bytes.length, 64 * 1024))
  const first = text.split(/\r?\n/, 1)[0] ?? ''
  const delimiter = (first.match(/;/g)?.length ?? 0) >= (first.match(/,/g)?.length ?? 0) ? ';' : ','
  const parser = parse(bytes, {
    delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  })
  const pause = yielder()
  let count = 0
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[]
      info: { lines: number }
    }>) {
      if (++count > maxRows + 1) {
        throw new JobFailure(t('imageryImport.csvTooManyRows', { file, max: maxRows }))
      }
      if (record.every((c) => c === '')) continue
      yield { line: info.lines, cells: record }
      await pause()
    }
  } catch (err) {
    if (err instanceof JobFailure) throw err
    const reason = err instanceof Error ? err.message : String(err)
    throw new JobFailure(t('imageryImport.csvUnreadable', { file, reason }))
  }
}

/** The cells of a row by column. */
function cellsOf<K extends string>(idx: Partial<Record<K, number>>, cells: string[]) {
  return (column: K) => {
    const i = idx[column]
    return i === undefined ? '' : (cells[i] ?? '').trim()
  }
}

function requireColumns(
  file: string,
  idx: Record<string, number | undefined>,
  required: readonly string[],
) {
  for (const column of required) {
    if (idx[column] === undefined) {
      throw new JobFailure(t('imageryImport.csvMissingColumn', { file, column }))
    }
  }
}

class RowProblem extends Error {}
const problem = (key: MessageKey, params?: Record<string, string | number>) =>
  new RowProblem(t(key, params))

/** A row's problem as the import lists it (anything else is not the row's: thrown on). */
function rowError(err: unknown, file: string, line: number): RowError {
  if (!(err instanceof RowProblem)) throw err
  return { file, row: line, message: t('imageryImport.row', { row: line, message: err.message }) }
}

/** A number cell within bounds, or the row's problem. */
function numberCell(text: string, key: MessageKey, min = -Infinity, max = Infinity): number {
  const n = surveyNumber(text)
  if (n === undefined || n < min || n > max) throw problem(key)
  return n
}

/**
 * Reads events.csv. `resolve` finds a panorama named in a row among the upload's files (a row
 * naming a missing one is an error).
 */
export async function readEvents(
  file: string,
  bytes: Buffer,
  resolve: (name: string) => string | undefined,
  errors: RowError[],
): Promise<EventRow[]> {
  const out: EventRow[] = []
  const seen = new Set<string>()
  let idx: Partial<Record<keyof typeof EVENT_COLUMNS, number>> | undefined
  for await (const { line, cells } of csvRows(file, bytes, SURVEY_IMPORT_LIMITS.events)) {
    if (!idx) {
      idx = columnIndexes(cells, EVENT_COLUMNS)
      requireColumns(file, idx, EVENT_REQUIRED)
      continue
    }
    const cell = cellsOf(idx, cells)
    try {
      const key = cell('event')
      if (!key) throw problem('imageryImport.eventRequired')
      if (seen.has(key)) throw problem('imageryImport.eventRepeated', { event: key })
      const road = cell('road')
      if (!road) throw problem('imageryImport.roadMissing')
      const km = numberCell(cell('km'), 'imageryImport.kmInvalid')
      const lat = numberCell(cell('latitude'), 'imageryImport.latitudeInvalid', -90, 90)
      const lon = numberCell(cell('longitude'), 'imageryImport.longitudeInvalid', -180, 180)
      const azimuth = cell('azimuth')
        ? normalizeAzimuth(numberCell(cell('azimuth'), 'imageryImport.azimuthInvalid'))
        : 0
      const { date, weekGps, secondGps } = captureTime(
        cell('date'),
        cell('week_gps'),
        cell('second_gps'),
      )
      let panorama: string | null = null
      if (cell('panorama')) {
        panorama = resolve(cell('panorama')) ?? null
        if (!panorama) throw problem('imageryImport.fileMissing', { file: cell('panorama') })
      }
      seen.add(key)
      out.push({
        row: line,
        key,
        road,
        way: cell('way'),
        km,
        type: cell('type'),
        capturedAt: date.toISOString(),
        lat,
        lon,
        azimuth,
        weekGps,
        secondGps,
        panorama,
      })
    } catch (err) {
      errors.push(rowError(err, file, line))
    }
  }
  return out
}

/** The row's instant and GPS time: the GPS week and second when given, else from the date. */
function captureTime(dateText: string, weekText: string, secondText: string) {
  const date = dateText ? parseCaptureDate(dateText) : undefined
  if (dateText && !date) throw problem('imageryImport.rowDateInvalid')
  if (weekText || secondText) {
    const week = surveyNumber(weekText)
    const second = surveyNumber(secondText)
    if (
      week === undefined ||
      second === undefined ||
      !Number.isInteger(week) ||
      week < 0 ||
      week > 10_000 ||
      second < 0 ||
      second >= 604_800
    ) {
      throw problem('imageryImport.gpsInvalid')
    }
    return { date: date ?? gpsToUtc(week, second), weekGps: week, secondGps: second }
  }
  if (!date) throw problem('imageryImport.timeMissing')
  const gps = utcToGps(date)
  return { date, weekGps: gps.week, secondGps: gps.second }
}

/**
 * Reads frames.csv: each row one camera image of an event of events.csv (`events`: the valid
 * ones by their key); a row of an event left out, or naming a missing file, is an error.
 */
export async function readFrames(
  file: string,
  bytes: Buffer,
  events: Set<string>,
  resolve: (name: string) => string | undefined,
  errors: RowError[],
): Promise<FrameRow[]> {
  const out: FrameRow[] = []
  const seen = new Set<string>()
  let idx: Partial<Record<keyof typeof FRAME_COLUMNS, number>> | undefined
  for await (const { line, cells } of csvRows(file, bytes, SURVEY_IMPORT_LIMITS.events * 10)) {
    if (!idx) {
      idx = columnIndexes(cells, FRAME_COLUMNS)
      requireColumns(file, idx, FRAME_REQUIRED)
      continue
    }
    const cell = cellsOf(idx, cells)
    try {
      const eventKey = cell('event')
      if (!events.has(eventKey))
        throw problem('imageryImport.frameEventUnknown', { event: eventKey })
      const camera = surveyNumber(cell('camera'))
      if (camera === undefined || !Number.isInteger(camera) || camera < 0 || camera > 1000) {
        throw problem('imageryImport.cameraInvalid')
      }
      if (seen.has(`${eventKey}\n${camera}`)) {
        throw problem('imageryImport.cameraRepeated', { camera, event: eventKey })
      }
      const rotation = cell('rotation')
        ? numberCell(cell('rotation'), 'imageryImport.rotationInvalid')
        : 0
      const name = cell('file')
      if (!name) throw problem('imageryImport.frameFileRequired')
      const found = resolve(name)
      if (!found) throw problem('imageryImport.fileMissing', { file: name })
      seen.add(`${eventKey}\n${camera}`)
      out.push({
        row: line,
        eventKey,
        camera,
        file: found,
        rotation,
        fovGeometry: cell('fov_geometry') || null,
      })
    } catch (err) {
      errors.push(rowError(err, file, line))
    }
  }
  return out
}
