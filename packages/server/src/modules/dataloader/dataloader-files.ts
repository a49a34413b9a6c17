import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { gdalMode, runNativeOgr2ogr, runWasmOgr2ogr } from '../export/gdal'

/** Column types an import job records (spec 2 §3: includes BOOLEAN, DATE, GEOMETRY_WKT). */
export type ColumnType = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'DATE' | 'GEOMETRY_WKT'

/** A cell as stored: text, number, boolean or null (dates as ISO text). */
export type Cell = string | number | boolean | null

export interface ReadTable {
  columns: string[]
  types: ColumnType[]
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

/** A number as a csv writes it (decimal point or comma), without leading zeros (codes). */
const NUMBER_TEXT = /^\s*-?(0|[1-9]\d*)([.,]\d+)?\s*$/

function typeOf(values: Cell[]): ColumnType {
  const present = values.filter((v) => v !== null && v !== '')
  if (!present.length) return 'STRING'
  if (present.every((v) => typeof v === 'boolean')) return 'BOOLEAN'
  if (
    present.every((v) => typeof v === 'number' || (typeof v === 'string' && NUMBER_TEXT.test(v)))
  ) {
    return 'NUMBER'
  }
  if (present.every((v) => typeof v === 'string' && /^(true|false)$/i.test(v.trim()))) {
    return 'BOOLEAN'
  }
  if (present.every((v) => typeof v === 'string' && WKT.test(v))) return 'GEOMETRY_WKT'
  if (present.every((v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(v))) {
    return 'DATE'
  }
  return 'STRING'
}

/** Header names trimmed and checked; rows cut or padded to the header's width, blank rows dropped. */
function table(header: Cell[], body: Cell[][], wktColumn?: string): ReadTable {
  const columns = header.map((h, i) => String(h ?? '').trim() || `coluna_${i + 1}`)
  while (columns.length && !String(header[columns.length - 1] ?? '').trim()) columns.pop()
  if (!columns.length) throw new HttpError(400, t('dataloader.noColumns'))
  const seen = new Set<string>()
  for (const c of columns) {
    if (seen.has(c)) throw new HttpError(400, t('dataloader.duplicateColumn', { name: c }))
    seen.add(c)
  }
  const rows = body
    .map((r) => columns.map((_, i) => r[i] ?? null))
    .filter((r) => r.some((v) => v !== null && v !== ''))
  if (!rows.length) throw new HttpError(400, t('dataloader.noRows'))
  const types = columns.map((c, i) =>
    c === wktColumn ? 'GEOMETRY_WKT' : typeOf(rows.map((r) => r[i]!)),
  )
  return { columns, types, rows }
}

function checkRows(count: number, maxRows: number) {
  if (count > maxRows) throw new HttpError(400, t('dataloader.tooManyRows', { max: maxRows }))
}

/** Text in UTF-8 (with or without BOM), or Latin-1 when it is not valid UTF-8. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('latin1').decode(bytes)
  }
}

/** A csv with `,` or `;` between fields (the header line decides), quoted fields allowed. */
export function readCsv(bytes: Buffer, maxRows: number, wktColumn?: string): ReadTable {
  const text = decode(bytes).replace(/^\uFEFF/, '')
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  let records: string[][]
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      to: maxRows + 2,
    }) as string[][]
  } catch {
    throw unreadable('csv')
  }
  if (!records.length) throw new HttpError(400, t('dataloader.noColumns'))
  checkRows(records.length - 1, maxRows)
  const body: Cell[][] = records.slice(1).map((r) => r.map((v) => (v === '' ? null : v)))
  return table(records[0]!, body, wktColumn)
}

function excelCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null
  if (value instanceof Date) {
    const iso = value.toISOString()
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso
  }
  if (typeof value === 'object') {
    if ('result' in value) return excelCell(value.result as ExcelJS.CellValue)
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('text' in value) return String(value.text)
    if ('error' in value) return null
    return null
  }
  return value
}

/** The first worksheet of a workbook: the first row names the columns. */
export async function readXlsx(bytes: Buffer, maxRows: number): Promise<ReadTable> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw unreadable('xlsx')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new HttpError(400, t('dataloader.noColumns'))
  checkRows(sheet.actualRowCount - 1, maxRows)
  const rows: Cell[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[]
    rows.push(values.slice(1).map(excelCell))
  })
  if (!rows.length) throw new HttpError(400, t('dataloader.noColumns'))
  return table(rows[0]!, rows.slice(1))
}

/**
 * A zipped shapefile through GDAL (the export's: native ogr2ogr, else gdal3.js), written as
 * csv with the geometry as WKT in EPSG:4326 (column WKT, of type GEOMETRY_WKT).
 */
export async function readShapefileZip(bytes: Buffer, maxRows: number): Promise<ReadTable> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gis-dataloader-'))
  try {
    const input = path.join(dir, 'input.zip')
    await writeFile(input, bytes)
    const output = path.join(dir, 'output.csv')
    const options = ['-f', 'CSV', '-lco', 'GEOMETRY=AS_WKT', '-t_srs', 'EPSG:4326']
    try {
      if ((await gdalMode()) === 'native') {
        await runNativeOgr2ogr([...options, output, `/vsizip/${input}`], { failOnError: true })
      } else {
        const files = await runWasmOgr2ogr({
          inputs: [input],
          openOptions: [],
          options,
          outputName: 'output',
          outDir: dir,
        })
        if (!files.some((f) => f.endsWith('.csv'))) throw new Error('no csv written')
      }
    } catch {
      throw unreadable('shapefile')
    }
    return readCsv(await readFile(output), maxRows, 'WKT')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
