import type { TemplateCell, TemplateTable } from '@gis/shared'
import { singleVariable } from './values'

/** A rendered page is cut at this many rows and columns (never hang on huge input). */
export const MAX_PAGE_ROWS = 20_000
export const MAX_PAGE_COLUMNS = 2_000
/** A report stops rendering (more copies, more record pages) past this many cells. */
export const MAX_REPORT_CELLS = 1_000_000

/** A template cell at its place on its table's grid (0-based), spans clamped. */
export interface PlacedCell {
  cell: TemplateCell
  row: number
  col: number
  rowSpan: number
  colSpan: number
  /** The one variable the cell's text is (`${km}`), if it is one: it may get a typed value. */
  variable: string | null
}

export interface TableLayout {
  rows: number
  cols: number
  cells: PlacedCell[]
}

const span = (n: number | undefined, max: number) =>
  Math.min(max, Math.max(1, Math.floor(Number.isFinite(n) ? (n as number) : 1)))

/**
 * Places the cells of a table as an HTML table does: each row's cells go to the first columns
 * that earlier rows' row spans left free; a row span never reaches below the last row.
 */
export function placeCells(table: TemplateTable): TableLayout {
  const rows = table.rows.length
  // the row (exclusive) until which each column is taken by a span of an earlier row
  const busyUntil = new Int32Array(MAX_PAGE_COLUMNS)
  const cells: PlacedCell[] = []
  let cols = 0
  table.rows.forEach((row, r) => {
    let c = 0
    for (const cell of row.cells) {
      while (c < MAX_PAGE_COLUMNS && busyUntil[c]! > r) c++
      if (c >= MAX_PAGE_COLUMNS) break
      const rowSpan = span(cell.rowSpan, rows - r)
      const colSpan = span(cell.colSpan, MAX_PAGE_COLUMNS - c)
      cells.push({ cell, row: r, col: c, rowSpan, colSpan, variable: singleVariable(cell.value) })
      busyUntil.fill(r + rowSpan, c, c + colSpan)
      c += colSpan
      cols = Math.max(cols, c)
    }
  })
  return { rows, cols, cells }
}

const layouts = new WeakMap<TemplateTable, TableLayout>()

/** placeCells, computed once per table of a render. */
export function layoutOf(table: TemplateTable): TableLayout {
  let layout = layouts.get(table)
  if (!layout) {
    layout = placeCells(table)
    layouts.set(table, layout)
  }
  return layout
}
