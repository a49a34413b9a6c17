// An upload's reading (issue 43): the job that streams the stored file into the staging rows
// with COPY, the columns' types seen as the rows pass, then the import READY for the wizard.
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { t } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { copyField } from '../../db/copy'
import { HttpError } from '../../http/errors'
import { JobCancelled, JobFailure, type JobHandler } from '../../jobs/job-queue'
import {
  columnsOf,
  csvSource,
  formatOf,
  NotUtf8,
  TypeOf,
  xlsxSource,
  type Cell,
  type ImportFormat,
  type ImportSource,
} from './dataloader-files'
import { gisSource } from './dataloader-gis'
import {
  IMPORT_LIMITS,
  importLimits,
  limitError,
  ptNumber,
  type ImportLimits,
} from './dataloader-limits'
import type { RowMerge } from './dataloader-xlsx'
import type { ImportJob } from './dataloader-job'
import * as sql from './dataloader.sql'

/** The job type of an upload's reading. */
export const DATALOADER_READ_JOB = 'dataloader.read'

interface ReadPayload {
  importId: number
}

/** Rows read between two progress reports (each also asks whether the user cancelled). */
const PROGRESS_ROWS = 25_000

class Stop extends Error {}

/** Opens the file as a source of rows, by its format. */
async function open(
  file: string,
  format: ImportFormat,
  dir: string,
  limits: ImportLimits,
  encoding: 'utf8' | 'latin1',
): Promise<ImportSource> {
  if (format === 'csv') return csvSource(file, encoding)
  if (format === 'xlsx') return xlsxSource(file, limits)
  return gisSource(file, format, dir, limits)
}

interface Read {
  columns: string[]
  typeOf: TypeOf[]
  rows: number
  source: ImportSource
}

/**
 * Streams the source's rows into app.dataloader_rows with COPY: the header names the columns,
 * each data row is cut or padded to them (blank rows left out), its cells seen by the columns'
 * types and written as one JSON array; every PROGRESS_ROWS the progress is reported.
 */
async function stage(
  deps: AppDeps,
  importId: number,
  source: ImportSource,
  maxRows: number,
  report: (rows: number) => Promise<void>,
): Promise<Read> {
  let columns: string[] | undefined
  let typeOf: TypeOf[] = []
  let width = 0
  let dataRows = 0
  let kept = 0
  async function* lines(): AsyncGenerator<string> {
    for await (const batch of source.batches) {
      const out: string[] = []
      for (const record of batch) {
        if (!columns) {
          columns = columnsOf(record)
          width = columns.length
          typeOf = columns.map(() => new TypeOf(source.fileStyle()))
          continue
        }
        dataRows++
        if (dataRows > maxRows) throw limitError('dataloader.tooManyRows', maxRows)
        const row: Cell[] = new Array(width)
        let blank = true
        for (let i = 0; i < width; i++) {
          let v = record[i] ?? null
          // PostgreSQL's text and jsonb cannot hold NUL.
          if (typeof v === 'string' && v.includes('\u0000')) v = v.replaceAll('\u0000', '')
          row[i] = v
          if (v !== null && v !== '') blank = false
        }
        if (blank) continue
        if ((kept + 1) * width > IMPORT_LIMITS.cells) {
          throw limitError('dataloader.tooManyCells', IMPORT_LIMITS.cells)
        }
        kept++
        for (let i = 0; i < width; i++) typeOf[i]!.see(row[i]!)
        out.push(`${importId}\t${kept}\t${copyField(JSON.stringify(row))}\n`)
        if (kept % PROGRESS_ROWS === 0) await report(kept)
      }
      if (out.length) yield out.join('')
    }
  }
  await deps.db.copyIn('app.dataloader_rows (import_id, row_no, data)', lines())
  if (!columns) throw new HttpError(400, t('dataloader.noColumns'))
  if (!kept) throw new HttpError(400, t('dataloader.noRows'))
  return { columns, typeOf, rows: kept, source }
}

/** The job: the stored upload read into rows; the import READY, or FAILED with the reason. */
export function readJobHandler(deps: AppDeps): JobHandler<ReadPayload, { rows: number }> {
  return async (ctx) => {
    const { db, storage, config } = deps
    const limits = importLimits(config)
    const row = await sql.findImport(db, ctx.payload.importId)
    if (!row || row.state !== 'READING' || !row.upload_key) return { rows: row?.row_count ?? 0 }
    const format = formatOf(row.filename)!
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gis-import-'))
    const report = async (rows: number) => {
      await ctx.progress(rows, 0, t('dataloader.readingRows', { rows: ptNumber(rows) }))
      if (ctx.cancelRequested()) throw new Stop()
    }
    try {
      const stored = await storage.get(row.upload_key)
      if (!stored) throw new JobFailure(t('storage.notFound'))
      const file = path.join(dir, `upload.${format}`)
      await pipeline(stored.stream, createWriteStream(file))
      await sql.deleteRows(db, row.id)
      let read: Read
      try {
        read = await stage(
          deps,
          row.id,
          await open(file, format, dir, limits, 'utf8'),
          limits.maxRows,
          report,
        )
      } catch (err) {
        if (!(err instanceof NotUtf8)) throw err
        // Not UTF-8: a Latin-1 csv (Excel's), read again from its start.
        await sql.deleteRows(db, row.id)
        read = await stage(
          deps,
          row.id,
          await open(file, format, dir, limits, 'latin1'),
          limits.maxRows,
          report,
        )
      }
      if (read.source.merges) await applyMerges(deps, row.id, read.source.merges())
      const { columns, typeOf, source } = read
      const wkt =
        source.wktColumn && columns.includes(source.wktColumn) ? source.wktColumn : undefined
      const metadata: ImportJob['metadata'] = {
        columnNames: columns,
        columnIndexes: Object.fromEntries(columns.map((c, i) => [c, i])),
        columnTypes: Object.fromEntries(
          columns.map((c, i) => [c, c === wkt ? 'GEOMETRY_WKT' : typeOf[i]!.type]),
        ),
        numberStyles: Object.fromEntries(columns.map((c, i) => [c, typeOf[i]!.numberStyle])),
        geometryTypes: Object.fromEntries(
          columns.flatMap((c, i) =>
            typeOf[i]!.geometryType ? [[c, typeOf[i]!.geometryType!]] : [],
          ),
        ),
        ...(source.srid !== undefined ? { srid: source.srid } : {}),
        ...(source.crsName ? { crsName: source.crsName } : {}),
      }
      await sql.finishRead(db, row.id, metadata, read.rows)
      await ctx.progress(read.rows, read.rows)
      await storage.delete(row.upload_key).catch(() => undefined)
      return { rows: read.rows }
    } catch (err) {
      if (ctx.signal.aborted) throw err
      await sql.deleteRows(db, row.id)
      if (err instanceof Stop) {
        await sql.deleteImport(db, row.id)
        await storage.delete(row.upload_key).catch(() => undefined)
        throw new JobCancelled(t('dataloader.readCancelled'))
      }
      const message =
        err instanceof HttpError || err instanceof JobFailure
          ? err.message
          : t('dataloader.unreadable', { format: format.toUpperCase() })
      await sql.failRead(db, row.id, message)
      await storage.delete(row.upload_key).catch(() => undefined)
      // A failure of ours (not of the file) goes to the log with its cause.
      if (!(err instanceof HttpError || err instanceof JobFailure)) throw err
      throw new JobFailure(message)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
}

/**
 * A workbook's merged ranges filled in the rows staged: each cell of the range takes the
 * value of its first cell (at most 64 ranges per statement).
 */
async function applyMerges(deps: AppDeps, importId: number, merges: RowMerge[]) {
  for (let i = 0; i < merges.length; i += 64) {
    await sql.applyMerges(deps.db, importId, merges.slice(i, i + 64))
  }
}
