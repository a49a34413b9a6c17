import Box from '@mui/material/Box'
import { columnLetters, type ReportTemplate, type TemplateTable } from '@gis/shared/reports'
import { CellContent, styleCss, styleOf } from './CellView'
import { layoutTable, type TableLayout } from './designer-layout'
import type { CellRef, TableRef } from './designer-ops'

export interface GridView {
  zoom: number
  gridLines: boolean
  token: string | null
  selected: CellRef | null
  onSelect: (ref: CellRef) => void
}

export const sameRef = (a: CellRef | null, b: CellRef) =>
  !!a &&
  a.page === b.page &&
  a.row === b.row &&
  a.cell === b.cell &&
  a.path.length === b.path.length &&
  a.path.every(([r, c], i) => b.path[i]![0] === r && b.path[i]![1] === c)

/**
 * A table of the template on a CSS grid: every cell where its spans put it, painted with its
 * style; a group cell holds its nested table. `offset` leaves room for the header row/column.
 */
export function TableGrid({
  template,
  table,
  tableRef,
  layout = layoutTable(table),
  view,
  offset = 0,
}: {
  template: ReportTemplate
  table: TemplateTable
  tableRef: TableRef
  layout?: TableLayout
  view: GridView
  offset?: number
}) {
  const z = view.zoom
  const rows = table.rows.map((_, r) => layout.cells.filter((p) => p.row === r))
  return (
    <>
      {rows.map((cells, r) => (
        // A row of cells for assistive technology; the CSS grid places the cells themselves.
        <Box key={r} role="row" sx={{ display: 'contents' }}>
          {cells.map((p) => {
            const cell = table.rows[p.row]!.cells[p.cell]!
            const ref: CellRef = { ...tableRef, row: p.row, cell: p.cell }
            const selected = sameRef(view.selected, ref)
            const name = `${columnLetters(p.col)}${p.gridRow + 1}`
            return (
              <Box
                key={`${p.row}-${p.cell}`}
                data-cell={tableRef.path.length === 0 ? name : undefined}
                aria-selected={selected}
                role="gridcell"
                tabIndex={0}
                onClick={(e) => {
                  e.stopPropagation()
                  view.onSelect(ref)
                }}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter' && e.key !== ' ') return
                  e.preventDefault()
                  e.stopPropagation()
                  view.onSelect(ref)
                }}
                sx={{
                  gridColumn: `${p.col + 1 + offset} / span ${p.colSpan}`,
                  gridRow: `${p.gridRow + 1 + offset} / span ${p.rowSpan}`,
                  display: 'flex',
                  flexDirection: 'column',
                  minWidth: 0,
                  minHeight: 0,
                  overflow: 'hidden',
                  px: cell.child ? 0 : 0.25,
                  cursor: 'pointer',
                  position: 'relative',
                  outline: view.gridLines ? '1px solid #d0d7de' : undefined,
                  zIndex: selected ? 2 : 1,
                  ...styleCss(styleOf(template, cell), z),
                }}
              >
                {cell.child ? (
                  <NestedTable
                    template={template}
                    table={cell.child}
                    tableRef={{ ...tableRef, path: [...tableRef.path, [p.row, p.cell]] }}
                    view={view}
                  />
                ) : (
                  <CellContent template={template} cell={cell} token={view.token} zoom={z} />
                )}
                {selected && (
                  <Box
                    aria-hidden
                    data-testid="designer-selection"
                    sx={{
                      position: 'absolute',
                      inset: 0,
                      border: '2px solid #1565c0',
                      pointerEvents: 'none',
                      zIndex: 5,
                    }}
                  />
                )}
              </Box>
            )
          })}
        </Box>
      ))}
    </>
  )
}

function NestedTable({
  template,
  table,
  tableRef,
  view,
}: {
  template: ReportTemplate
  table: TemplateTable
  tableRef: TableRef
  view: GridView
}) {
  const layout = layoutTable(table)
  return (
    <Box
      role="grid"
      sx={{
        display: 'grid',
        flex: 1,
        gridTemplateColumns: `repeat(${Math.max(1, layout.columns)}, minmax(0, 1fr))`,
        gridTemplateRows: layout.heights.map((h) => `${h * view.zoom}px`).join(' '),
        border: '1px dashed #90a4ae',
      }}
    >
      <TableGrid
        template={template}
        table={table}
        tableRef={tableRef}
        layout={layout}
        view={view}
      />
    </Box>
  )
}

/** Column letters over the grid and row numbers beside it. */
export function GridHeaders({
  columns,
  rows,
  zoom,
}: {
  columns: number
  rows: number
  zoom: number
}) {
  const head = {
    bgcolor: '#eef1f4',
    color: 'text.secondary',
    fontSize: Math.max(9, 11 * zoom),
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    outline: '1px solid #cfd6dd',
    userSelect: 'none',
  } as const
  return (
    <>
      <Box aria-hidden sx={{ ...head, gridColumn: 1, gridRow: 1 }} />
      {Array.from({ length: columns }, (_, i) => (
        <Box key={`c${i}`} aria-hidden sx={{ ...head, gridColumn: i + 2, gridRow: 1 }}>
          {columnLetters(i)}
        </Box>
      ))}
      {Array.from({ length: rows }, (_, i) => (
        <Box key={`r${i}`} aria-hidden sx={{ ...head, gridColumn: 1, gridRow: i + 2 }}>
          {i + 1}
        </Box>
      ))}
    </>
  )
}
