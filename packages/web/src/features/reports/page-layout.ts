import type { RenderedCell, RenderedImage, RenderedPage } from '@gis/shared/reports'
import {
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_ROW_HEIGHT,
  type BorderStyle,
  type TemplateStyle,
} from '@gis/shared/reports'
import type { CSSProperties } from 'react'

/** A slot of the drawn table: a cell starting there, or an empty slot no cell covers. */
export type GridSlot = { col: number; cell: RenderedCell | null }

/**
 * The HTML rows of a page: per row, the cells that start on it (in column order) and an
 * empty slot for each position no cell covers; positions under a span are left out. Throws
 * when cells overlap or leave the grid, so the page shows 'Error ao Carregar Página...'.
 */
export function pageGrid(page: RenderedPage): GridSlot[][] {
  const rows = page.rows.length
  const cols = page.columns.length
  const taken: boolean[][] = Array.from({ length: rows }, () => Array<boolean>(cols).fill(false))
  const starts = new Map<string, RenderedCell>()
  for (const cell of page.cells) {
    const { row, col } = cell
    const rowSpan = Math.max(1, cell.rowSpan)
    const colSpan = Math.max(1, cell.colSpan)
    if (row < 0 || col < 0 || row + rowSpan > rows || col + colSpan > cols) {
      throw new Error(`cell ${row}:${col} outside the page`)
    }
    for (let r = row; r < row + rowSpan; r++) {
      for (let c = col; c < col + colSpan; c++) {
        if (taken[r]![c]) throw new Error(`cells overlap at ${r}:${c}`)
        taken[r]![c] = true
      }
    }
    starts.set(`${row}:${col}`, cell)
  }
  return taken.map((line, r) => {
    const slots: GridSlot[] = []
    line.forEach((isTaken, c) => {
      const cell = starts.get(`${r}:${c}`)
      if (cell) slots.push({ col: c, cell })
      else if (!isTaken) slots.push({ col: c, cell: null })
    })
    return slots
  })
}

/** A length of the page at a zoom in percent. */
export function zoomed(px: number, zoom: number): number {
  return Math.round(px * zoom) / 100
}

/** The widths of the columns (default 64 px) at a zoom, and their sum (the table's width). */
export function columnWidths(
  page: RenderedPage,
  zoom: number,
): { widths: number[]; total: number } {
  const widths = page.columns.map((w) => zoomed(w > 0 ? w : DEFAULT_COLUMN_WIDTH, zoom))
  return { widths, total: widths.reduce((a, b) => a + b, 0) }
}

export function rowHeights(page: RenderedPage, zoom: number): number[] {
  return page.rows.map((h) => zoomed(h > 0 ? h : DEFAULT_ROW_HEIGHT, zoom))
}

const BORDERS: Record<BorderStyle, (color: string) => string> = {
  none: () => 'none',
  small: (c) => `1px solid ${c}`,
  medium: (c) => `2px solid ${c}`,
  large: (c) => `3px solid ${c}`,
  dotted: (c) => `1px dotted ${c}`,
  double: (c) => `3px double ${c}`,
}

/** A template style as the CSS of a table cell at a zoom (font size in pt, scaled). */
export function styleCss(style: TemplateStyle | undefined, zoom: number): CSSProperties {
  if (!style) return { fontFamily: 'Arial, sans-serif', fontSize: `${zoomed(11, zoom)}pt` }
  const line = style.fontColor
  const css: CSSProperties = {
    fontFamily:
      style.fontFamily === 'CALIBRI' ? 'Calibri, Carlito, sans-serif' : 'Arial, sans-serif',
    fontSize: `${zoomed(style.fontSize, zoom)}pt`,
    fontWeight: style.fontBold ? 700 : 400,
    fontStyle: style.fontItalic ? 'italic' : 'normal',
    textDecoration: style.fontUnderline ? 'underline' : 'none',
    color: style.fontColor,
    backgroundColor: style.backgroundColor,
    borderTop: BORDERS[style.borderTop](line),
    borderRight: BORDERS[style.borderRight](line),
    borderBottom: BORDERS[style.borderBottom](line),
    borderLeft: BORDERS[style.borderLeft](line),
    textAlign: style.horizontalAlignment,
    verticalAlign: style.verticalAlignment,
    whiteSpace: style.wrapText ? 'pre-wrap' : 'pre',
  }
  if (style.textOrientation !== 'NORMAL') {
    css.writingMode = 'vertical-rl'
    if (style.textOrientation === 'TURNUP') css.transform = 'rotate(180deg)'
  }
  return css
}

/**
 * Where an image of the page comes from: the report library, a feature's attachment or the
 * data: URL itself; the first two carry `?token=` as other images do.
 */
export function imageSrc(image: RenderedImage, token: string | null): string | null {
  const withToken = (path: string) => (token ? `${path}?token=${encodeURIComponent(token)}` : path)
  if (image.contentId != null) return withToken(`/api/content/${image.contentId}`)
  if (image.attachment) return withToken(`/api/attachments/${image.attachment.attachmentId}`)
  if (image.dataUrl?.startsWith('data:image/')) return image.dataUrl
  return null
}

/** The image's margins (px) at a zoom, as CSS padding of its cell. */
export function imagePadding(image: RenderedImage, zoom: number): string {
  const m = [image.marginTop, image.marginRight, image.marginBottom, image.marginLeft]
  return m.map((v) => `${zoomed(v || 0, zoom)}px`).join(' ')
}
