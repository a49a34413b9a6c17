import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { setImmediate as nextTurn } from 'node:timers/promises'
import zlib from 'node:zlib'
import { t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { IMPORT_LIMITS, limitError, UNZIPPED_MAX_BYTES } from './dataloader-limits'
import { XmlScanner, type XmlHandlers } from './xml-scanner'

/**
 * The first worksheet of an xlsx read as a stream (decision 68): the zip's central directory
 * says where each part is in the upload's buffer (so the shared strings are read before the
 * sheet, wherever they sit), each part is inflated chunk by chunk, its bytes counted against
 * IMPORT_LIMITS.unzippedMb, into an XmlScanner that keeps no text, and rows, cells, elements and
 * shared strings are counted as they come: a file past a limit is refused at once, whatever it
 * holds. Values as exceljs's workbook loader gave them: numbers, booleans, text (rich text
 * joined), formulas' results, dates (by the cell's number format) as ISO text, errors as null.
 */

type XlsxCell = string | number | boolean | null

export interface XlsxRows {
  /** The first row with a value, as many cells as its last value. */
  header: XlsxCell[]
  /** The rows after it with a value within the header's columns, cut to them. */
  rows: XlsxCell[][]
}

const CHUNK = 64 * 1024
/** Characters given to the scanner at a time (a millisecond or so of work). */
const WRITE = 16 * 1024
/** The longest tag, comment or CDATA section (an xlsx's are far shorter). */
const MAX_TOKEN = 1024 * 1024
/** The longest the loop runs between two turns of the event loop. */
const SLICE_MS = 10

const unreadable = () => new HttpError(400, t('dataloader.unreadable', { format: 'XLSX' }))

/** A malformed file is unreadable; a limit's 400 passes through. */
function asReadError(error: unknown): HttpError {
  return error instanceof HttpError ? error : unreadable()
}

interface ZipEntry {
  method: number
  start: number
  compressedSize: number
}

/** The zip's entries by name, from its central directory (zip64 and encryption refused). */
function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  let eocd = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw unreadable()
  const count = buf.readUInt16LE(eocd + 10)
  let p = buf.readUInt32LE(eocd + 16)
  const entries = new Map<string, ZipEntry>()
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw unreadable()
    const flags = buf.readUInt16LE(p + 8)
    const method = buf.readUInt16LE(p + 10)
    const compressedSize = buf.readUInt32LE(p + 20)
    const nameLength = buf.readUInt16LE(p + 28)
    const local = buf.readUInt32LE(p + 42)
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength)
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
    if (flags & 1 || compressedSize === 0xffffffff || local === 0xffffffff) throw unreadable()
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw unreadable()
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    if (start + compressedSize > buf.length) throw unreadable()
    entries.set(name.replace(/^\/+/, ''), { method, start, compressedSize })
  }
  return entries
}

/** Gives the event loop a turn when the reading has held it for SLICE_MS. */
function yielder() {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < SLICE_MS) return
    await nextTurn()
    since = performance.now()
  }
}

interface Reading {
  buf: Buffer
  entries: Map<string, ZipEntry>
  /** Bytes inflated so far, all parts together. */
  inflated: number
  /** XML elements read so far, all parts together. */
  elements: number
  pause: () => Promise<void>
}

/** A part's text, chunk by chunk, its inflated bytes counted; stops (and frees) when left. */
async function* partText(reading: Reading, entry: ZipEntry): AsyncGenerator<string> {
  const data = reading.buf.subarray(entry.start, entry.start + entry.compressedSize)
  const decoder = new StringDecoder('utf8')
  const count = (n: number) => {
    reading.inflated += n
    if (reading.inflated > UNZIPPED_MAX_BYTES) {
      throw limitError('dataloader.tooLargeUnzipped', IMPORT_LIMITS.unzippedMb)
    }
  }
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += CHUNK) {
      const chunk = data.subarray(i, i + CHUNK)
      count(chunk.length)
      yield decoder.write(chunk)
    }
  } else if (entry.method === 8) {
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < data.length; i += CHUNK) yield data.subarray(i, i + CHUNK)
      })(),
    )
    const inflate = zlib.createInflateRaw({ chunkSize: CHUNK })
    source.on('error', (error) => inflate.destroy(error))
    source.pipe(inflate)
    try {
      for await (const chunk of inflate as AsyncIterable<Buffer>) {
        count(chunk.length)
        yield decoder.write(chunk)
      }
    } catch (error) {
      throw asReadError(error)
    } finally {
      source.destroy()
      inflate.destroy()
    }
  } else {
    throw unreadable()
  }
  const rest = decoder.end()
  if (rest) yield rest
}

/** Scans a part, its elements counted against IMPORT_LIMITS.xmlElements. */
async function parsePart(reading: Reading, path: string | undefined, handlers: XmlHandlers) {
  const entry = path === undefined ? undefined : reading.entries.get(path)
  if (!entry) return false
  const scanner = new XmlScanner(
    {
      ...handlers,
      open(name, attributes) {
        if (++reading.elements > IMPORT_LIMITS.xmlElements) {
          throw limitError('dataloader.tooManyElements', IMPORT_LIMITS.xmlElements)
        }
        handlers.open?.(name, attributes)
      },
    },
    MAX_TOKEN,
  )
  try {
    for await (const text of partText(reading, entry)) {
      for (let i = 0; i < text.length; i += WRITE) {
        scanner.write(text.length <= WRITE ? text : text.slice(i, i + WRITE))
        await reading.pause()
      }
    }
    scanner.end()
  } catch (error) {
    throw asReadError(error)
  }
  return true
}

/** Where a relationship's target is in the zip (relative to xl/ unless absolute). */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`
  const parts: string[] = []
  for (const p of path.split('/')) {
    if (p === '..') parts.pop()
    else if (p && p !== '.') parts.push(p)
  }
  return parts.join('/')
}

/** Text escapes of OOXML strings (_x000D_ for a carriage return), as exceljs decodes them. */
const unescapeOoxml = (s: string) =>
  s.includes('_x')
    ? s.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : s

/** Built-in number formats exceljs reads as dates (the others with a y, m, d, h or s). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47])
const MAX_STYLES = 65_536

/** As exceljs decides: a y, m, d, h, s or b outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''))
}

/** Whether each cell style (cellXfs index) shows a date. */
async function readStyles(reading: Reading, path: string | undefined): Promise<boolean[]> {
  const customDates = new Map<number, boolean>()
  const dates: boolean[] = []
  let inCellXfs = false
  await parsePart(reading, path, {
    open(name, a) {
      if (name === 'numFmt' && customDates.size < MAX_STYLES) {
        customDates.set(Number(a.numFmtId), isDateFormat(a.formatCode ?? ''))
      } else if (name === 'cellXfs') {
        inCellXfs = true
      } else if (name === 'xf' && inCellXfs && dates.length < MAX_STYLES) {
        const id = Number(a.numFmtId ?? 0)
        dates.push(id !== 0 && (customDates.get(id) ?? DATE_FORMAT_IDS.has(id)))
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false
    },
  })
  return dates
}

/**
 * The shared strings, rich text joined, phonetic runs left out; refused past the count, the
 * characters in all and in one.
 */
async function readSharedStrings(reading: Reading, path: string | undefined): Promise<string[]> {
  const strings: string[] = []
  let chars = 0
  let current: string | undefined
  let inText = false
  let phonetic = 0
  await parsePart(reading, path, {
    open(name) {
      if (name === 'si') {
        current = ''
        if (strings.length >= IMPORT_LIMITS.sharedStrings) {
          throw limitError('dataloader.tooManySharedStrings', IMPORT_LIMITS.sharedStrings)
        }
      } else if (name === 'rPh') phonetic++
      else if (name === 't') inText = true
    },
    close(name) {
      if (name === 'si' && current !== undefined) {
        strings.push(unescapeOoxml(current))
        current = undefined
      } else if (name === 'rPh') phonetic--
      else if (name === 't') inText = false
    },
    text(text) {
      if (current === undefined || !inText || phonetic > 0) return
      chars += text.length
      if (chars > IMPORT_LIMITS.sharedStringChars) {
        throw limitError('dataloader.tooManySharedChars', IMPORT_LIMITS.sharedStringChars)
      }
      current += text
      if (current.length > IMPORT_LIMITS.cellChars) {
        throw limitError('dataloader.cellTooLong', IMPORT_LIMITS.cellChars)
      }
    },
  })
  return strings
}

/** The 0-based column of a cell reference (B5 → 1), or undefined without letters. */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined
  let col = 0
  let i = 0
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i)
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64)
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96)
    else break
    if (col > 1_000_000) break
  }
  return i ? col - 1 : undefined
}

/** A date as the import stores it: ISO text, the day alone at midnight UTC. */
function isoDate(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null
  const iso = date.toISOString()
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso
}

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000))

const MAX_MERGES = 100_000

/** A range's corners (A1:C3 → rows 1 to 3, columns 0 to 2), or undefined. */
function rangeOf(ref: string) {
  const m = /^([A-Za-z]+)(\d+):([A-Za-z]+)(\d+)$/.exec(ref)
  if (!m) return undefined
  return { c1: columnOf(m[1])!, r1: Number(m[2]), c2: columnOf(m[3])!, r2: Number(m[4]) }
}

/**
 * Merged cells take their first cell's value, as the workbook loader gave them: in the rows
 * kept (a row left blank but for a merge stays out); a header merged over columns repeats its
 * name, which is refused as a duplicate. At most IMPORT_LIMITS.cells cells are filled so.
 */
function applyMerges(
  header: XlsxCell[],
  headerRow: number,
  rows: XlsxCell[][],
  rowNumbers: number[],
  merges: string[],
) {
  const indexOf = new Map(rowNumbers.map((n, i) => [n, i]))
  let filled = 0
  for (const ref of merges) {
    const range = rangeOf(ref)
    if (!range || range.c2 < range.c1 || range.r2 < range.r1) continue
    const { c1, r1, c2, r2 } = range
    if (r1 === headerRow) {
      const name = String(header[c1] ?? '').trim()
      if (name && c2 > c1) throw new HttpError(400, t('dataloader.duplicateColumn', { name }))
      continue
    }
    const master = indexOf.get(r1)
    const value = master === undefined ? null : (rows[master]![c1] ?? null)
    if (value === null) continue
    // The first row kept from r1 on (the rows come in order), then the range's cells.
    let lo = 0
    let hi = rowNumbers.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (rowNumbers[mid]! < r1) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < rows.length && rowNumbers[i]! <= r2; i++) {
      const row = rows[i]!
      for (let c = c1; c <= Math.min(c2, row.length - 1); c++) {
        row[c] = value
        if (++filled > IMPORT_LIMITS.cells) return
      }
    }
  }
}

export async function readXlsxRows(bytes: Buffer, maxRows: number): Promise<XlsxRows> {
  if (bytes.length < 22) throw unreadable()
  const reading: Reading = {
    buf: bytes,
    entries: zipEntries(bytes),
    inflated: 0,
    elements: 0,
    pause: yielder(),
  }

  // The workbook's relationships, then its first sheet and its date system.
  const rels = new Map<string, { type: string; target: string }>()
  await parsePart(reading, 'xl/_rels/workbook.xml.rels', {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target) {
        rels.set(a.Id, { type: a.Type ?? '', target: partPath(a.Target) })
      }
    },
  })
  let firstSheetRel: string | undefined
  let date1904 = false
  const hasWorkbook = await parsePart(reading, 'xl/workbook.xml', {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true'
      if (name === 'sheet' && firstSheetRel === undefined) {
        firstSheetRel = a.id ?? ''
      }
    },
  })
  if (!hasWorkbook) throw unreadable()
  const byType = (suffix: string) =>
    [...rels.values()].find((r) => r.type.endsWith(`/${suffix}`))?.target
  const sheetPath = firstSheetRel === undefined ? undefined : rels.get(firstSheetRel)?.target
  if (firstSheetRel === undefined) throw new HttpError(400, t('dataloader.noColumns'))
  if (!sheetPath || !reading.entries.has(sheetPath)) throw unreadable()

  const dateStyles = await readStyles(reading, byType('styles') ?? 'xl/styles.xml')
  const shared = await readSharedStrings(reading, byType('sharedStrings') ?? 'xl/sharedStrings.xml')

  // The sheet, row by row.
  let header: XlsxCell[] | undefined
  let width = 0
  const rows: XlsxCell[][] = []
  let dataRows = 0
  const maxCells = IMPORT_LIMITS.cells

  let inRow = false
  let rowNumber = 0
  let headerRow = 0
  /** The sheet's row number of each row kept, and the merged ranges (applied at the end). */
  const rowNumbers: number[] = []
  const merges: string[] = []
  let cells: XlsxCell[] = []
  let rowHasValue = false
  let rowLast = -1
  let col = -1
  let cellType = 'n'
  let cellStyle = 0
  let inCell = false
  let value: string | undefined
  let inline: string | undefined
  let inValue = false
  let inInline = false
  let inText = false
  let phonetic = 0

  const grow = (s: string | undefined, text: string) => {
    const next = (s ?? '') + text
    if (next.length > IMPORT_LIMITS.cellChars) {
      throw limitError('dataloader.cellTooLong', IMPORT_LIMITS.cellChars)
    }
    return next
  }

  const cellValue = (): XlsxCell => {
    switch (cellType) {
      case 's': {
        const s = value === undefined ? undefined : shared[Number.parseInt(value, 10)]
        return s ?? null
      }
      case 'str':
        return value ?? null
      case 'inlineStr':
        return inline === undefined ? null : unescapeOoxml(inline)
      case 'b':
        return value === undefined ? null : Number.parseInt(value, 10) !== 0
      case 'e':
        return null
      case 'd':
        return value === undefined ? null : (isoDate(new Date(value)) ?? value)
      default: {
        if (value === undefined || value.trim() === '') return null
        const n = Number.parseFloat(value)
        if (Number.isNaN(n)) return null
        return dateStyles[cellStyle] ? isoDate(excelDate(n, date1904)) : n
      }
    }
  }

  const endRow = () => {
    if (!rowHasValue) return
    if (!header) {
      header = Array.from({ length: rowLast + 1 }, (_, i) => cells[i] ?? null)
      headerRow = rowNumber
      width = header.length
      while (width && !String(header[width - 1] ?? '').trim()) width--
      if (!width) throw new HttpError(400, t('dataloader.noColumns'))
      return
    }
    dataRows++
    if (dataRows > maxRows) throw limitError('dataloader.tooManyRows', maxRows)
    const row = Array.from({ length: width }, (_, i) => cells[i] ?? null)
    if (!row.some((v) => v !== null && v !== '')) return
    if ((rows.length + 1) * width > maxCells) throw limitError('dataloader.tooManyCells', maxCells)
    rows.push(row)
    rowNumbers.push(rowNumber)
  }

  const hasSheet = await parsePart(reading, sheetPath, {
    open(name, a) {
      if (name === 'row') {
        inRow = true
        rowNumber = a.r ? Number(a.r) : rowNumber + 1
        cells = []
        rowHasValue = false
        rowLast = -1
        col = -1
      } else if (name === 'c' && inRow) {
        inCell = true
        col = columnOf(a.r) ?? col + 1
        cellType = a.t ?? 'n'
        cellStyle = a.s ? Number(a.s) : 0
        value = undefined
        inline = undefined
      } else if (name === 'mergeCell' && a.ref && merges.length < MAX_MERGES) {
        merges.push(a.ref)
      } else if (inCell) {
        if (name === 'v') inValue = true
        else if (name === 'is') inInline = true
        else if (name === 'rPh') phonetic++
        else if (name === 't' && inInline) inText = true
      }
    },
    text(text) {
      if (inValue) value = grow(value, text)
      else if (inText && phonetic === 0) inline = grow(inline, text)
    },
    close(name) {
      if (name === 'c' && inCell) {
        inCell = inValue = inInline = inText = false
        phonetic = 0
        const v = cellValue()
        if (v === null) return
        rowHasValue = true
        if (!header) {
          if (col >= IMPORT_LIMITS.columns) {
            throw limitError('dataloader.tooManyColumns', IMPORT_LIMITS.columns)
          }
          cells[col] = v
          if (col > rowLast) rowLast = col
        } else if (col < width) {
          cells[col] = v
        }
      } else if (name === 'row' && inRow) {
        inRow = false
        endRow()
      } else if (name === 'v') inValue = false
      else if (name === 'is') inInline = false
      else if (name === 't') inText = false
      else if (name === 'rPh') phonetic--
    },
  })
  if (!hasSheet) throw unreadable()
  if (header) applyMerges(header, headerRow, rows, rowNumbers, merges)
  if (!header) throw new HttpError(400, t('dataloader.noColumns'))
  return { header, rows }
}
