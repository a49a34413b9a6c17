import { isUtf8 } from 'node:buffer'
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { parse } from 'csv-parse'
import { t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { convertShapefile, extractShapefile, InputRefused } from '../../gdal/gdal-input'
import { yielder } from '../../jobs/yielder'
import { IMPORT_LIMITS, limitError, UNZIPPED_MAX_BYTES } from './dataloader-limits'
import {
  looksLikeNumber,
  readBoolean,
  readDate,
  readDateTime,
  type NumberStyle,
} from './dataloader-values'
import { readXlsxRows } from './dataloader-xlsx'

/**
 * Column types an import job records (spec 2 §3: includes BOOLEAN, DATE, GEOMETRY_WKT; DATETIME
 * for a column of dates with their times).
 */
export type ColumnType = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'DATE' | 'DATETIME' | 'GEOMETRY_WKT'

/** A cell as stored: text, number, boolean or null (dates as ISO text). */
export type Cell = string | number | boolean | null

export interface ReadTable {
  columns: string[]
  types: ColumnType[]
  /** How each column writes its numbers (decided from its values, else the file's way). */
  numberStyles: NumberStyle[]
  /** A GEOMETRY_WKT column's geometry type (`point`, `multipolygon`…), when one fits every value. */
  geometryTypes: (string | null)[]
  rows: Cell[][]
}

export type ImportFormat = 'xlsx' | 'csv' | 'zip'

/** The format by the file name's ending (case-insensitive), or undefined. */
export function formatOf(filename: string): ImportFormat | undefined {
  const m = /\.(xlsx|csv|zip)$/i.exec(filename)
  return m ? (m[1]!.toLowerCase() as ImportFormat) : undefined
}

const unreadable = (format: string) =>
  new HttpError(400, t('dataloader.unreadable', { format: format.toUpperCase() }))

const WKT = /^\s*(SRID=\d+;\s*)?(MULTI)?(POINT|LINESTRING|POLYGON)\s*(Z|M|ZM)?\s*\(/i

/** The layer geometry type that holds every WKT kind seen (a mix of single and multi: multi). */
function geometryTypeOf(kinds: Set<string>): string | null {
  const families = new Set([...kinds].map((k) => k.replace(/^MULTI/, '')))
  if (families.size !== 1) return null
  const family = [...families][0]!.toLowerCase()
  return kinds.size === 1 && !kinds.has(`MULTI${[...families][0]}`) ? family : `multi${family}`
}

/**
 * A column's type and number style, its values seen one by one (so a long table can pause
 * between rows): the first of these that all its values (blanks aside) are, else STRING.
 * Numbers: every value Brazilian (`1.234,5`, `45,7`) or every value with a point (`-47.1`);
 * when both read every value (`1.234`, integers), the file's own way decides.
 */
class TypeOf {
  private present = 0
  private boolean = true
  private numberBr = true
  private numberPoint = true
  private booleanText = true
  private wkt = true
  private date = true
  private dateTime = true
  private withTime = false
  private readonly wktKinds = new Set<string>()

  constructor(private readonly fileStyle: NumberStyle) {}

  see(v: Cell) {
    if (v === null || v === '') return
    this.present++
    const text = typeof v === 'string' ? v : undefined
    if (this.boolean && typeof v !== 'boolean') this.boolean = false
    if (typeof v !== 'number') {
      if (this.numberBr && !(text !== undefined && looksLikeNumber(text, 'br'))) {
        this.numberBr = false
      }
      if (this.numberPoint && !(text !== undefined && looksLikeNumber(text, 'point'))) {
        this.numberPoint = false
      }
    }
    if (this.booleanText && !(text !== undefined && readBoolean(text) !== undefined)) {
      this.booleanText = false
    }
    if (this.wkt) {
      const m = text === undefined ? null : WKT.exec(text)
      if (!m) this.wkt = false
      else if (this.wktKinds.size < 4) this.wktKinds.add(`${m[2] ?? ''}${m[3]}`.toUpperCase())
    }
    if (this.date || this.dateTime) {
      const day = text !== undefined && readDate(text) !== undefined
      const moment = !day && text !== undefined && readDateTime(text) !== undefined
      if (!day) this.date = false
      if (!day && !moment) this.dateTime = false
      if (moment) this.withTime = true
    }
  }

  get geometryType(): string | null {
    return this.present && this.wkt ? geometryTypeOf(this.wktKinds) : null
  }

  get numberStyle(): NumberStyle {
    if (this.numberBr && !this.numberPoint) return 'br'
    if (this.numberPoint && !this.numberBr) return 'point'
    return this.fileStyle
  }

  get type(): ColumnType {
    if (!this.present) return 'STRING'
    if (this.boolean) return 'BOOLEAN'
    if (this.numberBr || this.numberPoint) return 'NUMBER'
    if (this.booleanText) return 'BOOLEAN'
    if (this.wkt) return 'GEOMETRY_WKT'
    if (this.date) return 'DATE'
    if (this.dateTime && this.withTime) return 'DATETIME'
    return 'STRING'
  }
}

/**
 * Header names trimmed and checked; rows cut or padded to the header's width, blank rows
 * dropped. A blank header cell (a hole included) is named coluna_N. A turn of the event loop
 * every few milliseconds.
 */
async function table(
  header: Cell[],
  body: Cell[][],
  fileStyle: NumberStyle,
  wktColumn?: string,
): Promise<ReadTable> {
  const columns = Array.from(header, (h, i) => String(h ?? '').trim() || `coluna_${i + 1}`)
  while (columns.length && !String(header[columns.length - 1] ?? '').trim()) columns.pop()
  if (!columns.length) throw new HttpError(400, t('dataloader.noColumns'))
  if (columns.length > IMPORT_LIMITS.columns) {
    throw limitError('dataloader.tooManyColumns', IMPORT_LIMITS.columns)
  }
  const seen = new Set<string>()
  for (const c of columns) {
    if (seen.has(c)) throw new HttpError(400, t('dataloader.duplicateColumn', { name: c }))
    seen.add(c)
  }
  const width = columns.length
  const typeOf = columns.map(() => new TypeOf(fileStyle))
  const rows: Cell[][] = []
  const pause = yielder()
  for (let n = 0; n < body.length; n++) {
    let row = body[n]!
    if (row.length !== width) row = Array.from({ length: width }, (_, i) => row[i] ?? null)
    if (!row.some((v) => v !== null && v !== '')) continue
    rows.push(row)
    for (let i = 0; i < width; i++) typeOf[i]!.see(row[i]!)
    if (n % 256 === 0) await pause()
  }
  if (!rows.length) throw new HttpError(400, t('dataloader.noRows'))
  const types = columns.map((c, i) => (c === wktColumn ? 'GEOMETRY_WKT' : typeOf[i]!.type))
  return {
    columns,
    types,
    numberStyles: typeOf.map((x) => x.numberStyle),
    geometryTypes: typeOf.map((x) => x.geometryType),
    rows,
  }
}

/** How many header cells count: up to the last one not blank. */
function headerWidth(header: Cell[]): number {
  let width = header.length
  while (width && !String(header[width - 1] ?? '').trim()) width--
  return width
}

const CHUNK = 64 * 1024
/** Characters given to csv-parse at a time (at most a few thousand records). */
const CSV_WRITE = 8 * 1024
/** The most of a csv read before its delimiter is chosen. */
const FIRST_LINE_MAX = 1024 * 1024

/** A buffer's text in chunks: UTF-8 (with or without BOM), or Latin-1 when not valid UTF-8. */
function* bufferText(bytes: Buffer): Generator<string> {
  const decoder = new StringDecoder(isUtf8(bytes) ? 'utf8' : 'latin1')
  for (let i = 0; i < bytes.length; i += CHUNK) yield decoder.write(bytes.subarray(i, i + CHUNK))
  yield decoder.end()
}

/** A file's text (UTF-8, as GDAL writes it) in chunks, refused past IMPORT_LIMITS.unzippedMb. */
async function* fileText(file: string): AsyncGenerator<string> {
  if ((await stat(file)).size > UNZIPPED_MAX_BYTES) {
    throw limitError('dataloader.tooLargeUnzipped', IMPORT_LIMITS.unzippedMb)
  }
  const decoder = new StringDecoder('utf8')
  let read = 0
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
    read += (chunk as Buffer).length
    if (read > UNZIPPED_MAX_BYTES) {
      throw limitError('dataloader.tooLargeUnzipped', IMPORT_LIMITS.unzippedMb)
    }
    yield decoder.write(chunk as Buffer)
  }
  yield decoder.end()
}

/**
 * A csv with `,` or `;` between fields (the header line decides), quoted fields allowed, read
 * chunk by chunk: data rows counted as they come (refused past maxRows), rows cut to the
 * header's columns as they are kept, the event loop given a turn every few milliseconds.
 */
export async function readCsv(
  input: Buffer | { file: string },
  maxRows: number,
  wktColumn?: string,
): Promise<ReadTable> {
  // A `;` between fields is how a Brazilian spreadsheet writes csv, with `1.234,5` numbers;
  // a `,` leaves the comma to nothing but fields, so numbers take a point.
  let style: NumberStyle = 'point'
  const chunks = Buffer.isBuffer(input) ? bufferText(input) : fileText(input.file)
  let parser: ReturnType<typeof parse> | undefined
  let failed = false
  let header: Cell[] | undefined
  let width = 0
  let dataRows = 0
  const body: Cell[][] = []
  const take = (record: string[]) => {
    if (!header) {
      header = record
      width = headerWidth(header)
      if (width > IMPORT_LIMITS.columns) {
        throw limitError('dataloader.tooManyColumns', IMPORT_LIMITS.columns)
      }
      return
    }
    dataRows++
    if (dataRows > maxRows) throw limitError('dataloader.tooManyRows', maxRows)
    const row: Cell[] = []
    let blank = true
    for (let i = 0; i < width; i++) {
      const v = record[i]
      row.push(v === undefined || v === '' ? null : v)
      if (v) blank = false
    }
    if (blank) return
    if ((body.length + 1) * width > IMPORT_LIMITS.cells) {
      throw limitError('dataloader.tooManyCells', IMPORT_LIMITS.cells)
    }
    body.push(row)
  }
  const drain = () => {
    if (failed) throw unreadable('csv')
    let record: string[] | null
    while ((record = parser!.read() as string[] | null) !== null) take(record)
  }
  const pause = yielder()
  try {
    // The header line names the delimiter: the text waits until it is whole (or 1 MB long).
    let start = ''
    const begin = () => {
      const text = start.replace(/^\uFEFF/, '')
      start = ''
      const firstLine = text.slice(0, text.search(/\r?\n|$/))
      const delimiter =
        (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
      style = delimiter === ';' ? 'br' : 'point'
      parser = parse({ delimiter, relax_column_count: true, skip_empty_lines: true })
      parser.on('error', () => {
        failed = true
      })
      return text
    }
    for await (let text of chunks) {
      if (!parser) {
        start += text
        if (!start.includes('\n') && start.length < FIRST_LINE_MAX) continue
        text = begin()
      }
      // Small writes: csv-parse hands out every record of a write at once.
      for (let i = 0; i < text.length; i += CSV_WRITE) {
        parser!.write(text.length <= CSV_WRITE ? text : text.slice(i, i + CSV_WRITE))
        drain()
        await pause()
        drain()
      }
    }
    if (!parser && start) {
      const text = begin()
      if (text) parser!.write(text)
    }
    if (parser) {
      parser.end()
      drain()
      await nextTurn()
      drain()
    }
  } catch (error) {
    throw error instanceof HttpError ? error : unreadable('csv')
  } finally {
    parser?.destroy()
  }
  if (!header) throw new HttpError(400, t('dataloader.noColumns'))
  return await table(header, body, style, wktColumn)
}

/** The first worksheet of a workbook, read as a stream: the first row names the columns. */
export async function readXlsx(bytes: Buffer, maxRows: number): Promise<ReadTable> {
  const { header, rows } = await readXlsxRows(bytes, maxRows)
  // A spreadsheet's numbers are numbers; its texts that read as numbers are a Brazilian's.
  return await table(header, rows, 'br')
}

/**
 * A zipped shapefile through GDAL's one hardened door (gdal/gdal-input.ts: the zip's members
 * checked first, one input driver, an isolated environment), written as csv with the geometry
 * as WKT in EPSG:4326 (column WKT, of type GEOMETRY_WKT).
 */
export async function readShapefileZip(bytes: Buffer, maxRows: number): Promise<ReadTable> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gis-dataloader-'))
  try {
    const input = path.join(dir, 'upload.zip')
    await writeFile(input, bytes)
    const shp = await extractShapefile(
      input,
      dir,
      UNZIPPED_MAX_BYTES,
      IMPORT_LIMITS.unzippedMb,
    ).catch((err: unknown) => {
      throw err instanceof InputRefused ? new HttpError(400, err.message) : unreadable('shapefile')
    })
    await rm(input)
    const output = path.join(dir, 'output.csv')
    // At most one feature past the row limit is written, so a huge shapefile stops early.
    const options = ['-lco', 'GEOMETRY=AS_WKT', '-t_srs', 'EPSG:4326', '-limit', `${maxRows + 1}`]
    await convertShapefile(shp, { file: output, driver: 'CSV', options }).catch(() => {
      throw unreadable('shapefile')
    })
    return await readCsv({ file: output }, maxRows, 'WKT')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
