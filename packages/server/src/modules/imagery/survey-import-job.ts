import path from 'node:path/posix'
import sharp from 'sharp'
import {
  SURVEY_IMPORT_LIMITS,
  t,
  type SurveyImportError,
  type SurveyImportSummary,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { JobFailure, type JobContext } from '../../jobs/job-queue'
import * as sql from './imagery.sql'
import * as surveysSql from './surveys.sql'
import { storeCameraImage, storePanorama } from './image-pyramid'
import {
  readEvents,
  readFrames,
  type EventRow,
  type FrameRow,
  type RowError,
} from './survey-import-csv'
import { jpegNames, readExifPanoramas } from './survey-import-exif'
import {
  deleteUpload,
  openSource,
  SourceFileError,
  type ImportSource,
  type SurveyUpload,
} from './survey-import-source'
import { removeSurveyImages } from './survey-import-images'

export const SURVEY_IMPORT_JOB = 'imagery-survey-import'

export interface SurveyImportPayload {
  name: string
  /** yyyy-mm-dd. */
  date: string
  description: string
  road: string
  way: string
  kmStart: number
  upload: SurveyUpload
}

type Deps = Pick<AppDeps, 'db' | 'storage'>

const INSERT_BATCH = 500
const MB = 1024 * 1024

/** The imported survey's image folder: panoramas `s<id>/<eventId>`, frames `s<id>/<eventId>/<camera>`. */
export const importDir = (surveyId: number) => `s${surveyId}`

/** The upload's CSV of that name (at any depth; the shallowest when several). */
function findCsv(names: string[], file: string): string | undefined {
  return names
    .filter((n) => path.basename(n).toLowerCase() === file)
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0]
}

/** Finds a file named in a row: relative to the CSV's folder, else to the upload's root; case ignored. */
function resolver(names: string[], csv: string) {
  const byLower = new Map<string, string>()
  for (const n of names) if (!byLower.has(n.toLowerCase())) byLower.set(n.toLowerCase(), n)
  const base = path.dirname(csv) === '.' ? '' : path.dirname(csv)
  return (name: string) => {
    const clean = name.replaceAll('\\', '/').replace(/^\.?\/+/, '')
    if (!clean || clean.split('/').includes('..')) return undefined
    return byLower.get(path.join(base, clean).toLowerCase()) ?? byLower.get(clean.toLowerCase())
  }
}

async function readCsv(source: ImportSource, name: string): Promise<Buffer> {
  const file = path.basename(name)
  try {
    return await source.read(name, SURVEY_IMPORT_LIMITS.csvMb * MB)
  } catch (err) {
    if (err instanceof SourceFileError && err.reason === 'tooLarge') {
      throw new JobFailure(
        t('imageryImport.csvTooLarge', { file, max: SURVEY_IMPORT_LIMITS.csvMb }),
      )
    }
    if (err instanceof SourceFileError) {
      throw new JobFailure(t('imageryImport.csvUnreadable', { file, reason: err.message }))
    }
    throw err
  }
}

/** The failure of an import left with nothing: the first reasons, so the user knows why. */
function nothingValid(errors: RowError[]): JobFailure {
  const first = errors.slice(0, 5).map((e) => e.message)
  if (errors.length > 5) first.push(t('imageryImport.moreErrors', { count: errors.length - 5 }))
  return new JobFailure(t('imageryImport.nothingValid', { errors: first.join('; ') }).trim())
}

/** An image read whole, or the row's error. */
async function readImage(source: ImportSource, file: string): Promise<Buffer | string> {
  try {
    return await source.read(file, SURVEY_IMPORT_LIMITS.imageMb * MB)
  } catch (err) {
    if (!(err instanceof SourceFileError)) throw err
    return err.reason === 'tooLarge'
      ? t('imageryImport.imageTooLarge', { file, max: SURVEY_IMPORT_LIMITS.imageMb })
      : t('imageryImport.imageUnreadable', { file })
  }
}

/**
 * The import job (docs/imagery.md): reads the upload's events (events.csv and frames.csv, or the
 * panoramas' EXIF), creates the survey with its valid events, stores each image through the
 * image pyramid one at a time (sharp's memory stays bounded), and answers the summary. No
 * valid event: nothing is left. The upload is removed from the storage at the end.
 */
export function surveyImportJobHandler(deps: Deps) {
  return async (ctx: JobContext<SurveyImportPayload>): Promise<SurveyImportSummary> => {
    const { payload } = ctx
    // A run taken up again after a restart starts over: what the interrupted one made goes.
    for (const s of await surveysSql.surveysOfImportJob(deps.db, ctx.id)) {
      await removeSurveyImages(deps, s.id, s.source)
    }
    let surveyId: number | undefined
    let source: ImportSource | undefined
    try {
      await ctx.progress(0, 0, t('imageryImport.reading'))
      source = await openSource(deps.storage, payload.upload)
      const errors: RowError[] = []
      const events = await readAllEvents(ctx, source, errors)
      const frames = events.frames
      if (events.rows.length === 0) throw nothingValid(errors)

      surveyId = await deps.db.transaction(async (tx) => {
        const existing = await surveysSql.surveyNameTaken(tx, payload.name)
        if (existing) throw new JobFailure(t('imageryImport.nameTaken'))
        const id = await sql.insertSurvey(tx, {
          name: payload.name,
          date: payload.date,
          description: payload.description,
          source: 'import',
          createdBy: ctx.userId,
        })
        await surveysSql.setSurveyImportJob(tx, id, ctx.id)
        return id
      })
      const summary = await storeSurvey(deps, ctx, source, surveyId, events.rows, frames, errors)
      if (summary.events === 0) throw nothingValid(errors)
      return summary
    } catch (err) {
      if (surveyId !== undefined && !ctx.signal.aborted) {
        await removeSurveyImages(deps, surveyId, 'import')
      }
      throw err
    } finally {
      await source?.close()
      // Stopped by a shutdown, the job is taken up again and needs its upload.
      if (!ctx.signal.aborted) await deleteUpload(deps.storage, payload.upload)
    }
  }
}

/** The events (and frames) of the upload: from events.csv when there is one, else EXIF. */
async function readAllEvents(
  ctx: JobContext<SurveyImportPayload>,
  source: ImportSource,
  errors: RowError[],
): Promise<{ rows: EventRow[]; frames: FrameRow[] }> {
  const eventsCsv = findCsv(source.names, 'events.csv')
  if (eventsCsv) {
    const rows = await readEvents(
      path.basename(eventsCsv),
      await readCsv(source, eventsCsv),
      resolver(source.names, eventsCsv),
      errors,
    )
    const framesCsv = findCsv(source.names, 'frames.csv')
    const frames = framesCsv
      ? await readFrames(
          path.basename(framesCsv),
          await readCsv(source, framesCsv),
          new Set(rows.map((r) => r.key)),
          resolver(source.names, framesCsv),
          errors,
        )
      : []
    return { rows, frames }
  }
  const jpegs = jpegNames(source.names)
  if (jpegs.length === 0) throw new JobFailure(t('imageryImport.noImages'))
  const { road, way, kmStart } = ctx.payload
  if (!road) throw new JobFailure(t('imageryImport.roadRequired'))
  const rows = await readExifPanoramas(source, jpegs, { road, way, kmStart }, errors, (done) =>
    ctx.progress(
      done,
      jpegs.length * 2,
      t('imageryImport.readingExif', { value: done, max: jpegs.length }),
    ),
  )
  return { rows, frames: [] }
}

/** Inserts the events, then stores each one's panorama and frames, one image at a time. */
async function storeSurvey(
  deps: Deps,
  ctx: JobContext<SurveyImportPayload>,
  source: ImportSource,
  surveyId: number,
  rows: EventRow[],
  frames: FrameRow[],
  errors: RowError[],
): Promise<SurveyImportSummary> {
  const dir = importDir(surveyId)
  const ids: number[] = []
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH)
    ids.push(
      ...(await sql.insertEvents(
        deps.db,
        surveyId,
        batch.map((r) => ({
          road: r.road,
          way: r.way,
          km: r.km,
          type: r.type,
          capturedAt: r.capturedAt,
          lon: r.lon,
          lat: r.lat,
          azimuth: r.azimuth,
          weekGps: r.weekGps,
          secondGps: r.secondGps,
          orbitEventId: null,
          orbitEventDir: null,
        })),
      )),
    )
  }
  const framesOf = new Map<string, FrameRow[]>()
  for (const f of frames) framesOf.set(f.eventKey, [...(framesOf.get(f.eventKey) ?? []), f])

  const images = rows.filter((r) => r.panorama).length + frames.length
  // EXIF imports counted their reading as the first half.
  const offset =
    frames.length === 0 && rows.every((r) => r.panorama && r.key === r.panorama) ? images : 0
  let done = 0
  const step = async () => {
    done++
    await ctx.progress(
      offset + done,
      offset + images,
      t('imageryImport.storingImages', { value: done, max: images }),
    )
  }
  const dropped: number[] = []
  let panoramas = 0
  let frameCount = 0
  for (const [i, row] of rows.entries()) {
    if (ctx.signal.aborted) throw new Error('aborted')
    const eventId = ids[i]!
    const eventFile = errorFile(row)
    if (row.panorama) {
      const problem = await storeImage(source, row.panorama, async (bytes) => {
        const pano = await storePanorama(deps, dir, String(eventId), bytes)
        await sql.setEventPanorama(deps.db, eventId, { dir, id: String(eventId), ...pano })
      })
      await step()
      if (problem) {
        // The row is left out, with its frames.
        errors.push(rowError(eventFile, row.row, problem))
        dropped.push(eventId)
        for (const _ of framesOf.get(row.key) ?? []) await step()
        continue
      }
      panoramas++
    }
    const stored: sql.NewFrame[] = []
    for (const f of framesOf.get(row.key) ?? []) {
      const framePath = `${dir}/${eventId}/${f.camera}`
      const problem = await storeImage(source, f.file, async (bytes) => {
        const size = await storeCameraImage(deps, framePath, bytes)
        stored.push({
          eventId,
          cameraId: f.camera,
          path: framePath,
          width: size.width,
          height: size.height,
          fovGeometry: f.fovGeometry,
          rotation: f.rotation,
        })
      })
      await step()
      if (problem) errors.push(rowError('frames.csv', f.row, problem))
    }
    await sql.insertFrames(deps.db, stored)
    frameCount += stored.length
  }
  await surveysSql.deleteEvents(deps.db, dropped)
  errors.sort((a, b) => a.file.localeCompare(b.file) || a.row - b.row)
  return {
    surveyId,
    events: rows.length - dropped.length,
    frames: frameCount,
    panoramas,
    errors: errors.slice(0, SURVEY_IMPORT_LIMITS.errors) satisfies SurveyImportError[],
  }
}

/** Which file a row's error names: events.csv, or the panorama itself without a CSV. */
const errorFile = (row: EventRow) => (row.key === row.panorama ? row.panorama : 'events.csv')

function rowError(file: string, row: number, problem: string): RowError {
  const message = file.endsWith('.csv')
    ? t('imageryImport.row', { row, message: problem })
    : t('imageryImport.fileRow', { file, message: problem })
  return { file, row, message }
}

/** Reads an image and hands it to `store`; answers the problem (Portuguese) when it fails. */
async function storeImage(
  source: ImportSource,
  file: string,
  store: (bytes: Buffer) => Promise<void>,
): Promise<string | undefined> {
  const bytes = await readImage(source, file)
  if (typeof bytes === 'string') return bytes
  const readable = await sharp(bytes)
    .metadata()
    .then((m) => Boolean(m.width && m.height))
    .catch(() => false)
  if (!readable) return t('imageryImport.imageUnreadable', { file })
  try {
    await store(bytes)
    return undefined
  } catch (err) {
    // sharp refuses what is not an image it can read: the row's error, the rest goes on.
    if (
      err instanceof Error &&
      /vips|Input buffer|unsupported image|corrupt|JPEG|Premature end/i.test(err.message)
    ) {
      return t('imageryImport.imageUnreadable', { file })
    }
    throw err
  }
}
