import {
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_ROW_HEIGHT,
  PAPER_SIZES,
  PX_PER_CM,
  type Printable,
  type TemplateTable,
} from '@gis/shared/reports'

/** Where a cell of a table sits on its grid (as an HTML table places spans). */
export interface PlacedCell {
  row: number
  cell: number
  col: number
  gridRow: number
  colSpan: number
  rowSpan: number
}

export interface TableLayout {
  cells: PlacedCell[]
  columns: number
  rows: number
  /** Width (px) of every grid column and height (px) of every grid row. */
  widths: number[]
  heights: number[]
  /** Grid rows whose height several cells define; grid columns whose width several define. */
  multipleHeights: number[]
  multipleWidths: number[]
}

/** Places the cells of a table on a grid and sizes its columns and rows. */
export function layoutTable(table: TemplateTable): TableLayout {
  const taken = new Set<string>()
  const cells: PlacedCell[] = []
  let columns = 0
  table.rows.forEach((row, r) => {
    let col = 0
    row.cells.forEach((cell, c) => {
      while (taken.has(`${r}:${col}`)) col++
      const colSpan = Math.max(1, cell.colSpan || 1)
      const rowSpan = Math.max(1, cell.rowSpan || 1)
      for (let dr = 0; dr < rowSpan; dr++)
        for (let dc = 0; dc < colSpan; dc++) taken.add(`${r + dr}:${col + dc}`)
      cells.push({ row: r, cell: c, col, gridRow: r, colSpan, rowSpan })
      col += colSpan
      columns = Math.max(columns, col)
    })
  })
  const rows = Math.max(
    table.rows.length,
    ...cells.map((p) => p.gridRow + p.rowSpan),
    table.rows.length ? 1 : 0,
  )
  const widthDefs = new Map<number, number[]>()
  const heightDefs = new Map<number, number[]>()
  for (const p of cells) {
    const cell = table.rows[p.row]!.cells[p.cell]!
    if (cell.colSize && p.colSpan === 1) push(widthDefs, p.col, cell.colSize)
    if (cell.rowSize && p.rowSpan === 1) push(heightDefs, p.gridRow, cell.rowSize)
  }
  const widths = Array.from(
    { length: columns },
    (_, i) => widthDefs.get(i)?.[0] ?? DEFAULT_COLUMN_WIDTH,
  )
  const heights = Array.from(
    { length: rows },
    (_, i) => heightDefs.get(i)?.[0] ?? DEFAULT_ROW_HEIGHT,
  )
  const several = (m: Map<number, number[]>) =>
    [...m.entries()].filter(([, v]) => v.length > 1).map(([k]) => k)
  return {
    cells,
    columns,
    rows,
    widths,
    heights,
    multipleHeights: several(heightDefs),
    multipleWidths: several(widthDefs),
  }
}

function push(map: Map<number, number[]>, key: number, value: number) {
  map.set(key, [...(map.get(key) ?? []), value])
}

/** The size warnings of a table and its groups: which messages apply. */
export function sizeWarnings(table: TemplateTable): { heights: boolean; widths: boolean } {
  const layout = layoutTable(table)
  let heights = layout.multipleHeights.length > 0
  let widths = layout.multipleWidths.length > 0
  for (const row of table.rows)
    for (const cell of row.cells)
      if (cell.child) {
        const inner = sizeWarnings(cell.child)
        heights ||= inner.heights
        widths ||= inner.widths
      }
  return { heights, widths }
}

export { invalidVariables } from '@gis/shared/reports'

/** Paper size in cm after orientation. */
export function paperCm(printable: Printable): { width: number; height: number } {
  const paper = PAPER_SIZES[printable.paperSize] ?? PAPER_SIZES.A4
  return printable.landscape
    ? { width: paper.height, height: paper.width }
    : { width: paper.width, height: paper.height }
}

/**
 * The printable area of a page in grid px (PX_PER_CM, divided by the print scale): print lines
 * fall every `width` across and every `height` down, after the left and top margins.
 */
export function printArea(printable: Printable) {
  const paper = paperCm(printable)
  const factor = PX_PER_CM / ((printable.scale || 100) / 100)
  return {
    width: Math.max(1, (paper.width - printable.marginLeft - printable.marginRight) * factor),
    height: Math.max(1, (paper.height - printable.marginTop - printable.marginBottom) * factor),
    marginLeft: printable.marginLeft * PX_PER_CM,
    marginTop: printable.marginTop * PX_PER_CM,
  }
}

/** Positions (px) of the print lines within `total` px, one every `every` px. */
export function printLines(total: number, every: number): number[] {
  const out: number[] = []
  for (let x = every; x < total; x += every) out.push(Math.round(x))
  return out
}
