import ExcelJS from 'exceljs'
import {
  DEFAULT_STYLE,
  PX_PER_CM,
  t,
  type BorderStyle,
  type Printable,
  type RenderedImage,
  type RenderedPage,
  type RenderedReport,
  type RenderedFormat,
  type TemplateStyle,
} from '@gis/shared'
import { XLSX_MAX_CELL_TEXT } from '../../export/export-values'
import type { ImageLoader } from './types'

/** Excel's paper size codes. */
const PAPER = { A4: 9, A3: 8 } as const
const BORDERS: Record<BorderStyle, ExcelJS.BorderStyle | null> = {
  none: null,
  small: 'thin',
  medium: 'medium',
  large: 'thick',
  dotted: 'dotted',
  double: 'double',
}
/** Styles of a merged range go on every cell of it (its outer borders) up to this area. */
const MAX_STYLED_AREA = 2_000

/** px to Excel's column width (characters of the default font: 64 px is 8.43). */
export const columnWidth = (px: number) => Math.max(0, Math.round(((px - 5) / 7) * 100) / 100)
/** px to points. */
export const rowHeight = (px: number) => Math.round(px * 0.75 * 100) / 100

const argb = (hex: string | null | undefined): string | null =>
  hex && /^#[0-9a-f]{6}$/i.test(hex) ? `FF${hex.slice(1).toUpperCase()}` : null

/** A template style as an exceljs style. */
export function excelStyle(style: Omit<TemplateStyle, 'name'>): Partial<ExcelJS.Style> {
  const out: Partial<ExcelJS.Style> = {
    font: {
      name: style.fontFamily === 'CALIBRI' ? 'Calibri' : 'Arial',
      size: style.fontSize,
      bold: style.fontBold,
      italic: style.fontItalic,
      underline: style.fontUnderline,
      color: { argb: argb(style.fontColor) ?? 'FF000000' },
    },
    alignment: {
      horizontal: style.horizontalAlignment,
      vertical: style.verticalAlignment,
      wrapText: style.wrapText,
      textRotation:
        style.textOrientation === 'TURNUP' ? 90 : style.textOrientation === 'TURNDOWN' ? -90 : 0,
    },
  }
  const fill = argb(style.backgroundColor)
  if (fill) out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } }
  const border: Partial<ExcelJS.Borders> = {}
  for (const side of ['top', 'left', 'right', 'bottom'] as const) {
    const key = `border${side[0]!.toUpperCase()}${side.slice(1)}` as
      'borderTop' | 'borderLeft' | 'borderRight' | 'borderBottom'
    const kind = BORDERS[style[key]] ?? null
    if (kind) border[side] = { style: kind, color: { argb: 'FF000000' } }
  }
  if (Object.keys(border).length) out.border = border
  return out
}

/** Unique worksheet names: at most 31 characters, none of []:*?/\, not quoted at the ends. */
export function sheetNamer(): (title: string, n: number) => string {
  const used = new Set<string>()
  return (title, n) => {
    let base = title
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim()
    if (!base) base = t('designer.page', { n })
    let name = base.slice(0, 31).trim()
    for (let k = 2; used.has(name.toLowerCase()); k++) {
      const suffix = ` (${k})`
      name = `${base.slice(0, 31 - suffix.length).trim()}${suffix}`
    }
    used.add(name.toLowerCase())
    return name
  }
}

/**
 * The xlsx number format of a typed cell: what a pt-BR spreadsheet shows as `1.234,500`,
 * `26/11/2026` or `26/11/2026 14:05` (the same as the rendered text).
 */
export function numberFormat(format: RenderedFormat): string {
  if (format.kind === 'date') return 'dd/mm/yyyy'
  if (format.kind === 'datetime') return 'dd/mm/yyyy hh:mm'
  const decimals = Math.min(30, Math.max(0, format.decimals))
  return `#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`
}

/** A typed value as exceljs writes it: a number, or a date on the report's clock (as UTC). */
export function excelValue(value: number | string): number | Date {
  if (typeof value === 'number') return value
  const [y = 0, m = 1, d = 1, hh = 0, mm = 0, ss = 0] = value.split(/[-T:]/).map(Number)
  return new Date(Date.UTC(y, m - 1, d, hh, mm, ss))
}

type Loaded = { id: number } | null

/** Larger spans are not merged (exceljs keeps one object per merged cell). */
export const MAX_MERGED_AREA = 100_000

/**
 * Merges a range unless one of its cells is merged already (overlapping spans of a malformed
 * template). exceljs' own check compares each merge with every earlier one, quadratic on pages
 * of thousands of spans: the check is done here on the range's cells, and exceljs merges with
 * its index of merges set aside.
 */
export function mergeRange(
  sheet: ExcelJS.Worksheet,
  top: number,
  left: number,
  bottom: number,
  right: number,
): boolean {
  if ((bottom - top + 1) * (right - left + 1) > MAX_MERGED_AREA) return false
  for (let r = top; r <= bottom; r++) {
    for (let c = left; c <= right; c++) if (sheet.findCell(r, c)?.isMerged) return false
  }
  const internal = sheet as unknown as { _merges?: Record<string, unknown> }
  const merges = internal._merges
  if (!merges || typeof merges !== 'object') {
    sheet.mergeCells(top, left, bottom, right)
    return true
  }
  internal._merges = {}
  try {
    sheet.mergeCells(top, left, bottom, right)
    Object.assign(merges, internal._merges)
  } finally {
    internal._merges = merges
  }
  return true
}

async function writePage(
  sheet: ExcelJS.Worksheet,
  page: RenderedPage,
  printable: Printable,
  styleOf: (name: string | null | undefined) => Partial<ExcelJS.Style>,
  image: (image: RenderedImage) => Promise<Loaded>,
): Promise<void> {
  page.columns.forEach((px, i) => (sheet.getColumn(i + 1).width = columnWidth(px)))
  page.rows.forEach((px, i) => (sheet.getRow(i + 1).height = rowHeight(px)))
  for (const cell of page.cells) {
    const top = cell.row + 1
    const left = cell.col + 1
    const bottom = top + cell.rowSpan - 1
    const right = left + cell.colSpan - 1
    const style = styleOf(cell.style)
    const master = sheet.getCell(top, left)
    const typed = cell.format && cell.value !== null && cell.value !== undefined
    if (typed) master.value = excelValue(cell.value!)
    else if (cell.text) master.value = cell.text.slice(0, XLSX_MAX_CELL_TEXT)
    if (cell.rowSpan * cell.colSpan > 1) mergeRange(sheet, top, left, bottom, right)
    if (cell.rowSpan * cell.colSpan <= MAX_STYLED_AREA) {
      for (let r = top; r <= bottom; r++) {
        for (let c = left; c <= right; c++) sheet.getCell(r, c).style = style
      }
    } else master.style = style
    // A copy: exceljs shares the style object between the cells it was given to.
    if (typed) master.style = { ...style, numFmt: numberFormat(cell.format!) }
    if (cell.image) {
      const loaded = await image(cell.image)
      if (loaded)
        sheet.addImage(
          loaded.id,
          imageAnchor(page, cell, cell.image) as unknown as ExcelJS.ImageRange,
        )
    }
  }
  const inches = (cm: number) => Math.max(0, cm) / 2.54
  sheet.pageSetup.paperSize = (PAPER[printable.paperSize] ?? PAPER.A4) as ExcelJS.PaperSize
  sheet.pageSetup.orientation = printable.landscape ? 'landscape' : 'portrait'
  sheet.pageSetup.scale = Math.min(400, Math.max(10, Math.round(printable.scale || 100)))
  sheet.pageSetup.margins = {
    top: inches(printable.marginTop),
    right: inches(printable.marginRight),
    bottom: inches(printable.marginBottom),
    left: inches(printable.marginLeft),
    header: 0.3,
    footer: 0.3,
  }
}

/** The image over its cell range, inside its margins (cm) when they fit. */
function imageAnchor(
  page: RenderedPage,
  cell: RenderedPage['cells'][number],
  image: RenderedImage,
): { tl: { col: number; row: number }; br: { col: number; row: number }; editAs: 'oneCell' } {
  const fraction = (cm: number, px: number | undefined) =>
    Math.min(0.9, Math.max(0, (cm * PX_PER_CM) / (px || 1)))
  const tl = {
    col: cell.col + fraction(image.marginLeft, page.columns[cell.col]),
    row: cell.row + fraction(image.marginTop, page.rows[cell.row]),
  }
  const br = {
    col:
      cell.col +
      cell.colSpan -
      fraction(image.marginRight, page.columns[cell.col + cell.colSpan - 1]),
    row:
      cell.row +
      cell.rowSpan -
      fraction(image.marginBottom, page.rows[cell.row + cell.rowSpan - 1]),
  }
  if (br.col <= tl.col || br.row <= tl.row) {
    return {
      tl: { col: cell.col, row: cell.row },
      br: { col: cell.col + cell.colSpan, row: cell.row + cell.rowSpan },
      editAs: 'oneCell',
    }
  }
  return { tl, br, editAs: 'oneCell' }
}

/**
 * The rendered report as an xlsx workbook: one worksheet per page, merged spans, sizes, styles,
 * print settings and images (loadImage; an image it cannot read is left out). A cell that is one
 * number, date or date-time variable is written as a number or a date with a Brazilian format;
 * other texts stay the formatted texts the renderer wrote.
 */
export async function writeXlsx(report: RenderedReport, loadImage: ImageLoader): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const styles = new Map<string, Partial<ExcelJS.Style>>()
  for (const style of report.styles) styles.set(style.name, excelStyle(style))
  const fallback = excelStyle(DEFAULT_STYLE)
  const styleOf = (name: string | null | undefined) => (name && styles.get(name)) || fallback
  const images = new Map<string, Promise<Loaded>>()
  const image = (img: RenderedImage): Promise<Loaded> => {
    const key = JSON.stringify([img.contentId ?? null, img.attachment ?? null, img.dataUrl ?? null])
    let loaded = images.get(key)
    if (!loaded) {
      loaded = loadImage(img).then((bytes) =>
        bytes
          ? {
              id: workbook.addImage({
                buffer: bytes.buffer as unknown as ExcelJS.Buffer,
                extension: bytes.extension,
              }),
            }
          : null,
      )
      images.set(key, loaded)
    }
    return loaded
  }
  const name = sheetNamer()
  const pages = report.pages.length
    ? report.pages
    : [{ title: '', columns: [], rows: [], cells: [] }]
  for (const [i, page] of pages.entries()) {
    const sheet = workbook.addWorksheet(name(page.title, i + 1))
    await writePage(sheet, page, report.printable, styleOf, image)
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
