import { createReadStream } from 'node:fs'
import { parse } from 'csv-parse'
import { t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { yielder } from '../../jobs/yielder'
import { IMPORT_LIMITS, limitError, type ImportLimits } from './dataloader-limits'
import {
  looksLikeNumber,
  readBoolean,
  readDate,
  readDateTime,
  type NumberStyle,
} from './dataloader-values'
import { readXlsxRows, type RowMerge } from './dataloader-xlsx'

/**
 * Column types an import job records (spec 2 §3: includes BOOLEAN, DATE, GEOMETRY_WKT; DATETIME
 * for a column of dates with their times).
 */
export type ColumnType = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'DATE' | 'DATETIME' | 'GEOMETRY_WKT'

/** A cell as stored: text, number, boolean or null (dates as ISO text). */
export type Cell = string | number | boolean | null

/** The file formats IMPORTAR DADOS reads, by the file name's ending. */
export const IMPORT_FORMATS = [
  'xlsx',
  'csv',
  'zip',
  'gpkg',
  'geojson',
  'json',
  'kml',
  'kmz',
] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** The format by the file name's ending (case-insensitive), or undefined. */
export function formatOf(filename: string): ImportFormat | undefined {
  const m = /\.([a-z]+)$/i.exec(filename)
  const ext = m?.[1]!.toLowerCase()
  return (IMPORT_FORMATS as readonly string[]).includes(ext ?? '')
    ? (ext as ImportFormat)
    : undefined
}

export const unreadable = (format: string) =>
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
 * A column's type and number style, its values seen one by one as the rows stream past: the
 * first of these that all its values (blanks aside) are, else STRING. Numbers: every value
 * Brazilian (`1.234,5`, `45,7`) or every value with a point (`-47.1`); when both read every
 * value (`1.234`, integers), the file's own way decides.
 */
export class TypeOf {
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

  /** Whether any test is still open (a column already STRING costs nothing more). */
  private get open() {
    return (
      this.boolean ||
      this.numberBr ||
      this.numberPoint ||
      this.booleanText ||
      this.wkt ||
      this.date ||
      this.dateTime
    )
  }

  see(v: Cell) {
    if (v === null || v === '') return
    this.present++
    if (!this.open) return
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
 * The column names of a header row: trimmed, a blank cell (a hole included) named coluna_N,
 * blank cells at its end dropped; refused when none is left, past IMPORT_LIMITS.columns, or
 * with a name twice.
 */
export function columnsOf(header: readonly Cell[]): string[] {
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
  return columns
}

/**
 * A file's rows as they are read: batches of a few thousand, the header row first. `fileStyle`
 * is how the file writes its numbers when a column's values do not say (known once the first
 * batch came); a GIS file names its geometry column and its coordinate system.
 */
export interface ImportSource {
  batches: AsyncIterable<Cell[][]>
  fileStyle(): NumberStyle
  /** The column of WKT geometries GDAL wrote (GIS files). */
  wktColumn?: string
  /** The EPSG code of the file's coordinate system; null when the file names none GDAL knows. */
  srid?: number | null
  /** The coordinate system's name as the file gives it (shown when its code is unknown). */
  crsName?: string
  /** The xlsx's merged ranges, once every row was read. */
  merges?: () => RowMerge[]
}

/** A csv that is not valid UTF-8: read again as Windows-1252 (Excel's Latin-1). */
export class NotUtf8 extends Error {}

/** Rows handed out together (a batch of COPY lines). */
const BATCH_ROWS = 2_000
/** Characters given to csv-parse at a time (it hands out every record of a write at once). */
const CSV_WRITE = 16 * 1024
/** The most of a csv read before its delimiter is chosen. */
const FIRST_LINE_MAX = 1024 * 1024

/**
 * A csv with `,` or `;` between fields (the header line decides; `;` is a Brazilian
 * spreadsheet's, with `1.234,5` numbers), quoted fields allowed, read from the file as a stream.
 * UTF-8 (a BOM dropped) unless `encoding` says Windows-1252; a byte that is not UTF-8 throws
 * NotUtf8, for the caller to start again.
 */
export function csvSource(file: string, encoding: 'utf8' | 'latin1' = 'utf8'): ImportSource {
  let style: NumberStyle = 'point'
  async function* batches(): AsyncGenerator<Cell[][]> {
    const decoder = new TextDecoder(encoding === 'utf8' ? 'utf-8' : 'windows-1252', {
      fatal: encoding === 'utf8',
    })
    const decode = (chunk?: Buffer) => {
      try {
        return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode()
      } catch {
        throw new NotUtf8()
      }
    }
    let parser: ReturnType<typeof parse> | undefined
    let failed = false
    let out: Cell[][] = []
    const drain = () => {
      if (failed) throw unreadable('csv')
      let record: string[] | null
      while ((record = parser!.read() as string[] | null) !== null) {
        const row: Cell[] = new Array(record.length)
        for (let i = 0; i < record.length; i++) row[i] = record[i] === '' ? null : record[i]!
        out.push(row)
      }
    }
    const begin = (text: string) => {
      const firstLine = text.slice(0, text.search(/\r?\n|$/))
      const delimiter =
        (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
      style = delimiter === ';' ? 'br' : 'point'
      parser = parse({ delimiter, relax_column_count: true, skip_empty_lines: true })
      parser.on('error', () => {
        failed = true
      })
    }
    const pause = yielder()
    let start = ''
    const feed = async function* (text: string): AsyncGenerator<Cell[][]> {
      for (let i = 0; i < text.length; i += CSV_WRITE) {
        parser!.write(text.length <= CSV_WRITE ? text : text.slice(i, i + CSV_WRITE))
        drain()
        if (out.length >= BATCH_ROWS) {
          yield out
          out = []
        }
        await pause()
      }
    }
    try {
      for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
        let text = decode(chunk as Buffer)
        if (!parser) {
          start += text
          if (!start.includes('\n') && start.length < FIRST_LINE_MAX) continue
          text = start
          start = ''
          begin(text)
        }
        yield* feed(text)
      }
      const rest = start + decode()
      if (!parser && rest) begin(rest)
      if (parser) {
        if (rest) yield* feed(rest)
        parser.end()
        drain()
      }
      if (out.length) yield out
    } catch (error) {
      throw error instanceof HttpError || error instanceof NotUtf8 ? error : unreadable('csv')
    } finally {
      parser?.destroy()
    }
  }
  return { batches: batches(), fileStyle: () => style }
}

/** The first worksheet of a workbook, read as a stream: its first row with a value names the columns. */
export async function xlsxSource(file: string, limits: ImportLimits): Promise<ImportSource> {
  const sheet = await readXlsxRows(file, limits)
  async function* batches(): AsyncGenerator<Cell[][]> {
    let out: Cell[][] = []
    for await (const row of sheet.rows) {
      out.push(row)
      if (out.length >= BATCH_ROWS) {
        yield out
        out = []
      }
    }
    if (out.length) yield out
  }
  // A spreadsheet's numbers are numbers; its texts that read as numbers are a Brazilian's.
  return { batches: batches(), fileStyle: () => 'br', merges: sheet.merges }
}
