import {
  emptyCell,
  emptyPage,
  type CellKind,
  type ReportTemplate,
  type TemplateCell,
  type TemplateRow,
  type TemplateTable,
} from '@gis/shared/reports'

/**
 * The designer's editing operations: pure functions over a ReportTemplate (the React parts
 * only call them). A table is addressed by its page and the path of group cells leading into
 * it; a cell by its table, row and index.
 */
export type GroupPath = ReadonlyArray<readonly [row: number, cell: number]>

export interface TableRef {
  page: number
  path: GroupPath
}

export interface CellRef extends TableRef {
  row: number
  cell: number
}

export const COPY_SUFFIX = '_Copia'

const clone = <T>(value: T): T => structuredClone(value)

/** The table at a reference (a page or a group's nested table), or undefined. */
export function tableAt(template: ReportTemplate, ref: TableRef): TemplateTable | undefined {
  let table: TemplateTable | undefined = template.grid[ref.page]
  for (const [r, c] of ref.path) {
    table = table?.rows[r]?.cells[c]?.child ?? undefined
  }
  return table
}

export function cellAt(template: ReportTemplate, ref: CellRef): TemplateCell | undefined {
  return tableAt(template, ref)?.rows[ref.row]?.cells[ref.cell]
}

/** The reference of the nested table of a group cell. */
export function childRef(ref: CellRef): TableRef {
  return { page: ref.page, path: [...ref.path, [ref.row, ref.cell]] }
}

/** The group cell that holds a nested table (a page has none: callers check the path). */
export function parentRef(ref: TableRef): CellRef {
  const [row, cell] = ref.path[ref.path.length - 1] ?? [0, 0]
  return { page: ref.page, path: ref.path.slice(0, -1), row, cell }
}

/** A copy of the template with `fn` applied to the table at `ref` (unchanged when missing). */
export function updateTable(
  template: ReportTemplate,
  ref: TableRef,
  fn: (table: TemplateTable) => TemplateTable,
): ReportTemplate {
  if (!tableAt(template, ref)) return template
  const next = clone(template)
  const apply = (table: TemplateTable, depth: number): TemplateTable => {
    if (depth === ref.path.length) return fn(table)
    const [r, c] = ref.path[depth]!
    const rows = table.rows.map((row, ri) =>
      ri !== r
        ? row
        : {
            cells: row.cells.map((cell, ci) =>
              ci !== c || !cell.child ? cell : { ...cell, child: apply(cell.child, depth + 1) },
            ),
          },
    )
    return { ...table, rows }
  }
  next.grid = next.grid.map((page, i) => (i === ref.page ? apply(page, 0) : page))
  return next
}

export function updateCell(
  template: ReportTemplate,
  ref: CellRef,
  fn: (cell: TemplateCell) => TemplateCell,
): ReportTemplate {
  if (!cellAt(template, ref)) return template
  return updateTable(template, ref, (table) => ({
    ...table,
    rows: table.rows.map((row, ri) =>
      ri !== ref.row ? row : { cells: row.cells.map((c, ci) => (ci === ref.cell ? fn(c) : c)) },
    ),
  }))
}

/** Moves item `from` by `delta` places; the same array when that leaves the bounds. */
export function moveItem<T>(items: T[], from: number, delta: number): T[] {
  const to = from + delta
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return items
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/** A deep copy in which every named table (page or group title) gets the '_Copia' suffix. */
export function copyTable(table: TemplateTable): TemplateTable {
  const copy = clone(table)
  if (copy.title) copy.title = `${copy.title}${COPY_SUFFIX}`
  copy.rows = copy.rows.map(copyRow)
  return copy
}

export function copyCell(cell: TemplateCell): TemplateCell {
  const copy = clone(cell)
  if (copy.child) copy.child = copyTable(copy.child)
  return copy
}

export function copyRow(row: TemplateRow): TemplateRow {
  return { cells: row.cells.map(copyCell) }
}

// --- rows ---------------------------------------------------------------------------------

export function addRow(table: TemplateTable, after = table.rows.length - 1): TemplateTable {
  const rows = [...table.rows]
  rows.splice(after + 1, 0, { cells: [emptyCell()] })
  return { ...table, rows }
}

/** Deletes a row; a table keeps at least one row. */
export function deleteRow(table: TemplateTable, index: number): TemplateTable {
  if (table.rows.length <= 1 || !table.rows[index]) return table
  return { ...table, rows: table.rows.filter((_, i) => i !== index) }
}

export function duplicateRow(table: TemplateTable, index: number): TemplateTable {
  const row = table.rows[index]
  if (!row) return table
  const rows = [...table.rows]
  rows.splice(index + 1, 0, copyRow(row))
  return { ...table, rows }
}

export function moveRow(table: TemplateTable, index: number, delta: number): TemplateTable {
  const rows = moveItem(table.rows, index, delta)
  return rows === table.rows ? table : { ...table, rows }
}

// --- cells --------------------------------------------------------------------------------

function withRow(
  table: TemplateTable,
  index: number,
  fn: (cells: TemplateCell[]) => TemplateCell[],
): TemplateTable {
  const row = table.rows[index]
  if (!row) return table
  const cells = fn(row.cells)
  if (cells === row.cells) return table
  return { ...table, rows: table.rows.map((r, i) => (i === index ? { cells } : r)) }
}

export function addCell(table: TemplateTable, row: number, after?: number): TemplateTable {
  return withRow(table, row, (cells) => {
    const next = [...cells]
    next.splice((after ?? cells.length - 1) + 1, 0, emptyCell())
    return next
  })
}

/** Deletes a cell; a row keeps at least one cell. */
export function deleteCell(table: TemplateTable, row: number, cell: number): TemplateTable {
  return withRow(table, row, (cells) =>
    cells.length <= 1 || !cells[cell] ? cells : cells.filter((_, i) => i !== cell),
  )
}

export function duplicateCell(table: TemplateTable, row: number, cell: number): TemplateTable {
  return withRow(table, row, (cells) => {
    if (!cells[cell]) return cells
    const next = [...cells]
    next.splice(cell + 1, 0, copyCell(cells[cell]))
    return next
  })
}

/** Moves a cell left (-1) or right (+1) within its row. */
export function moveCell(
  table: TemplateTable,
  row: number,
  cell: number,
  delta: number,
): TemplateTable {
  return withRow(table, row, (cells) => moveItem(cells, cell, delta))
}

// --- pages --------------------------------------------------------------------------------

export function addPage(template: ReportTemplate): ReportTemplate {
  return { ...template, grid: [...template.grid, emptyPage()] }
}

/** Deletes a page; a template keeps at least one page. */
export function deletePage(template: ReportTemplate, page: number): ReportTemplate {
  if (template.grid.length <= 1 || !template.grid[page]) return template
  return { ...template, grid: template.grid.filter((_, i) => i !== page) }
}

export function duplicatePage(template: ReportTemplate, page: number): ReportTemplate {
  const table = template.grid[page]
  if (!table) return template
  const grid = [...template.grid]
  grid.splice(page + 1, 0, copyTable(table))
  return { ...template, grid }
}

export function movePage(template: ReportTemplate, page: number, delta: number): ReportTemplate {
  const grid = moveItem(template.grid, page, delta)
  return grid === template.grid ? template : { ...template, grid }
}

/** 'Página N' unless the page has a title. */
export function pageLabel(table: TemplateTable, index: number, fallback: string): string {
  return table.title?.trim() ? table.title : fallback.replace('{n}', String(index + 1))
}

// --- kinds --------------------------------------------------------------------------------

/** Whether changing a cell to `kind` erases something (and so asks confirmation first). */
export function conversionErases(cell: TemplateCell, kind: CellKind): boolean {
  if (kind === 'TEXT') return !!cell.child || !!cell.image
  if (kind === 'IMAGE') return !!cell.child || !!cell.value
  return !!cell.image || !!cell.value
}

/**
 * The cell converted to another kind: inner cells and content are erased; an image gets
 * location CONTENT with empty margins, a group type NONE with one row of one cell.
 */
export function convertCell(cell: TemplateCell, kind: CellKind): TemplateCell {
  const base: TemplateCell = { ...cell, value: '', image: null, child: null }
  if (kind === 'IMAGE') {
    base.image = {
      location: 'CONTENT',
      marginTop: null,
      marginRight: null,
      marginBottom: null,
      marginLeft: null,
      value: null,
    }
  } else if (kind === 'GROUP') {
    base.child = { type: 'NONE', title: null, rows: [{ cells: [emptyCell()] }] }
  }
  return base
}
