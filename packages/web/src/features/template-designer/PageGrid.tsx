import Box from '@mui/material/Box'
import {
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_ROW_HEIGHT,
  PX_PER_CM,
  type ReportTemplate,
} from '@gis/shared/reports'
import { layoutTable, printArea, printLines } from './designer-layout'
import { GridHeaders, TableGrid, type GridView } from './TableGrid'

const HEADER_W = 36
const HEADER_H = 20

/** Fills sizes with default ones until they cover `least` px. */
function fill(sizes: number[], least: number, size: number): number[] {
  const out = [...sizes]
  let total = out.reduce((a, b) => a + b, 0)
  while (total < least) {
    out.push(size)
    total += size
  }
  return out
}

/**
 * The page preview: the paper with its margins, the grid of the page's cells (at least one
 * printable page of empty columns and rows), the letters and numbers, and the print lines.
 */
export function PageGrid({
  template,
  page,
  view,
  titles,
  printLinesOn,
  label,
}: {
  template: ReportTemplate
  page: number
  view: GridView
  titles: boolean
  printLinesOn: boolean
  /** The grid's accessible name: the page's label. */
  label: string
}) {
  const table = template.grid[page]
  if (!table) return null
  const z = view.zoom
  const layout = layoutTable(table)
  const area = printArea(template.printable)
  const widths = fill(layout.widths, area.width * 1.2, DEFAULT_COLUMN_WIDTH)
  const heights = fill(layout.heights, area.height * 1.2, DEFAULT_ROW_HEIGHT)
  const totalW = widths.reduce((a, b) => a + b, 0)
  const totalH = heights.reduce((a, b) => a + b, 0)
  const offset = titles ? 1 : 0
  const headW = titles ? HEADER_W : 0
  const headH = titles ? HEADER_H : 0
  const p = template.printable
  const pad = (cm: number) => `${cm * PX_PER_CM * z}px`
  return (
    <Box sx={{ flex: 1, overflow: 'auto', bgcolor: '#e3e7eb', p: 2 }} data-testid="designer-page">
      <Box
        sx={{
          display: 'inline-block',
          bgcolor: '#fff',
          boxShadow: 2,
          pt: pad(p.marginTop),
          pr: pad(p.marginRight),
          pb: pad(p.marginBottom),
          pl: pad(p.marginLeft),
        }}
      >
        <Box
          role="grid"
          aria-label={label}
          sx={{
            position: 'relative',
            display: 'grid',
            outline: '1px dashed #9aa5b1',
            gridTemplateColumns: [headW * Math.max(z, 0.5), ...widths.map((w) => w * z)]
              .slice(titles ? 0 : 1)
              .map((w) => `${w}px`)
              .join(' '),
            gridTemplateRows: [headH * Math.max(z, 0.5), ...heights.map((h) => h * z)]
              .slice(titles ? 0 : 1)
              .map((h) => `${h}px`)
              .join(' '),
          }}
        >
          {titles && <GridHeaders columns={widths.length} rows={heights.length} zoom={z} />}
          {view.gridLines &&
            heights.map((_, r) =>
              widths.map((__, c) => (
                <Box
                  key={`g${r}-${c}`}
                  aria-hidden
                  sx={{
                    gridColumn: c + 1 + offset,
                    gridRow: r + 1 + offset,
                    outline: '1px solid #e6e9ed',
                    zIndex: 0,
                  }}
                />
              )),
            )}
          <TableGrid
            template={template}
            table={table}
            tableRef={{ page, path: [] }}
            layout={layout}
            view={view}
            offset={offset}
          />
          {printLinesOn && (
            <>
              {[
                ...printLines(totalW, area.width).map((x) => ({
                  key: `px${x}`,
                  top: 0,
                  bottom: 0,
                  left: headW * Math.max(z, 0.5) + x * z,
                  borderLeft: '2px dashed #1565c0',
                })),
                ...printLines(totalH, area.height).map((y) => ({
                  key: `py${y}`,
                  left: 0,
                  right: 0,
                  top: headH * Math.max(z, 0.5) + y * z,
                  borderTop: '2px dashed #1565c0',
                })),
              ].map(({ key, ...place }) => (
                <PrintLine key={key} place={place} />
              ))}
            </>
          )}
        </Box>
      </Box>
    </Box>
  )
}

/** A dashed line where a printed page ends. */
function PrintLine({ place }: { place: Record<string, string | number> }) {
  return (
    <Box
      data-testid="print-line"
      aria-hidden
      sx={{ position: 'absolute', ...place, pointerEvents: 'none', zIndex: 3 }}
    />
  )
}
