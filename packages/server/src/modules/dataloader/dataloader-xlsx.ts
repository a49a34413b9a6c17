import { t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { IMPORT_LIMITS, limitError, type ImportLimits } from './dataloader-limits'
import { openParts, parsePart, scanPart, unreadable, type Reading } from './xlsx-parts'
import type { XmlHandlers } from './xml-scanner'

/**
 * The first worksheet of an xlsx read as a stream (decision 68): its parts read through
 * xlsx-parts.ts (the shared strings before the sheet, wherever they sit in the zip), rows,
 * cells and shared strings counted as they come, so a file past a limit is refused at once,
 * whatever it holds. Values as exceljs's workbook loader gave them: numbers, booleans, text (rich text
 * joined), formulas' results, dates (by the cell's number format) as ISO text, errors as null.
 */

type XlsxCell = string | number | boolean | null

/**
 * A merged range over data rows, by their positions among the rows the reader yielded (0 the
 * first data row): every cell of columns c1..c2 of rows from..to takes the master row's c1.
 */
export interface RowMerge {
  from: number
  to: number
  c1: number
  c2: number
  master: number
}

/**
 * The rows of an xlsx's first sheet as a stream: the header (the first row with a value, as
 * many cells as its last value) first, then each row after it with a value within the
 * header's columns, cut to them. The sheet's merged ranges come at its end: `merges()` says
 * them, once the rows are read, for the caller to fill in what it stored.
 */
export interface XlsxRows {
  rows: AsyncGenerator<XlsxCell[]>
  merges(): RowMerge[]
  close(): Promise<void>
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
        if (strings.length >= reading.limits.sharedStrings) {
          throw limitError('dataloader.tooManySharedStrings', reading.limits.sharedStrings)
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
      if (chars > reading.limits.sharedStringChars) {
        throw limitError('dataloader.tooManySharedChars', reading.limits.sharedStringChars)
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

/**
 * A date as the import stores it: ISO text, the day alone at midnight. A spreadsheet's dates
 * have no zone: the time is the wall clock the user saw (read as São Paulo's at execution).
 */
function isoDate(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null
  const iso = date.toISOString()
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19)
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
 * name, which is refused as a duplicate. `rowNumbers` is the sheet's row number of each data
 * row yielded, in order.
 */
function mergesOver(
  header: XlsxCell[],
  headerRow: number,
  rowNumbers: Int32Array,
  count: number,
  merges: string[],
): RowMerge[] {
  const out: RowMerge[] = []
  const firstFrom = (r: number) => {
    let lo = 0
    let hi = count
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (rowNumbers[mid]! < r) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  for (const ref of merges) {
    const range = rangeOf(ref)
    if (!range || range.c2 < range.c1 || range.r2 < range.r1) continue
    const { c1, r1, c2, r2 } = range
    if (r1 === headerRow) {
      const name = String(header[c1] ?? '').trim()
      if (name && c2 > c1) throw new HttpError(400, t('dataloader.duplicateColumn', { name }))
      continue
    }
    const master = firstFrom(r1)
    if (master >= count || rowNumbers[master] !== r1) continue
    let to = master
    while (to + 1 < count && rowNumbers[to + 1]! <= r2) to++
    out.push({ from: master, to, c1, c2: Math.min(c2, header.length - 1), master })
  }
  return out
}

export async function readXlsxRows(file: string, limits: ImportLimits): Promise<XlsxRows> {
  const reading = await openParts(file, limits)
  try {
    return await sheetRows(reading, limits.maxRows)
  } catch (err) {
    await reading.handle.close()
    throw err
  }
}

async function sheetRows(reading: Reading, maxRows: number): Promise<XlsxRows> {
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

  // The sheet, row by row: the handlers put each finished row in `ready`, the generator hands
  // them out between pieces of the sheet's text.
  let header: XlsxCell[] | undefined
  let width = 0
  const ready: XlsxCell[][] = []
  let dataRows = 0
  let kept = 0

  let inRow = false
  let rowNumber = 0
  let headerRow = 0
  /** The sheet's row number of each row kept, and the merged ranges (said at the end). */
  let rowNumbers = new Int32Array(1024)
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
      ready.push(header)
      return
    }
    dataRows++
    if (dataRows > maxRows) throw limitError('dataloader.tooManyRows', maxRows)
    const row = Array.from({ length: width }, (_, i) => cells[i] ?? null)
    if (!row.some((v) => v !== null && v !== '')) return
    if (kept === rowNumbers.length) {
      const grown = new Int32Array(rowNumbers.length * 2)
      grown.set(rowNumbers)
      rowNumbers = grown
    }
    rowNumbers[kept++] = rowNumber
    ready.push(row)
  }

  const handlers: XmlHandlers = {
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
  }

  const found = { value: false }
  async function* rows(): AsyncGenerator<XlsxCell[]> {
    try {
      for await (const _ of scanPart(reading, sheetPath, handlers, found)) {
        for (const row of ready) yield row
        ready.length = 0
      }
      if (!found.value) throw unreadable()
    } finally {
      await reading.handle.close().catch(() => undefined)
    }
  }
  return {
    rows: rows(),
    merges: () => (header ? mergesOver(header, headerRow, rowNumbers, kept, merges) : []),
    close: () => reading.handle.close().catch(() => undefined),
  }
}
