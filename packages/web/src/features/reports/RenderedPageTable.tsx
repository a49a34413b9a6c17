import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import type { RenderedPage, TemplateStyle } from '@gis/shared/reports'
import { t } from '@gis/shared/i18n'
import { useMemo } from 'react'
import { useUrlToken } from '../../state/url-token'
import {
  columnWidths,
  imagePadding,
  imageSrc,
  pageGrid,
  rowHeights,
  styleCss,
  zoomed,
} from './page-layout'

function tryGrid(page: RenderedPage) {
  try {
    return pageGrid(page)
  } catch {
    return null
  }
}

/**
 * One rendered page drawn as an HTML table: the columns' widths, the rows' heights, spans,
 * the template's styles and images, at a zoom in percent; 'Error ao Carregar Página...' when
 * the page cannot be drawn.
 */
export function RenderedPageTable({
  page,
  styles,
  zoom,
}: {
  page: RenderedPage
  styles: readonly TemplateStyle[]
  zoom: number
}) {
  const token = useUrlToken()
  const grid = useMemo(() => tryGrid(page), [page])
  const byName = useMemo(() => new Map(styles.map((s) => [s.name, s])), [styles])
  if (!grid) return <Alert severity="error">{t('reports.pageFailed')}</Alert>
  const { widths, total } = columnWidths(page, zoom)
  const heights = rowHeights(page, zoom)
  return (
    <Box
      component="table"
      aria-label={page.title}
      sx={{
        borderCollapse: 'collapse',
        tableLayout: 'fixed',
        width: total,
        bgcolor: '#fff',
        color: '#000',
        boxShadow: 2,
      }}
    >
      <colgroup>
        {widths.map((w, i) => (
          <col key={i} style={{ width: w }} />
        ))}
      </colgroup>
      <tbody>
        {grid.map((slots, r) => (
          <tr key={r} style={{ height: heights[r] }}>
            {slots.map(({ col, cell }) => {
              if (!cell) return <td key={col} />
              const css = styleCss(byName.get(cell.style ?? '') ?? undefined, zoom)
              const src = cell.image ? imageSrc(cell.image, token) : null
              return (
                <td
                  key={col}
                  rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
                  colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
                  style={{
                    ...css,
                    overflow: 'hidden',
                    padding: cell.image ? imagePadding(cell.image, zoom) : `0 ${zoomed(3, zoom)}px`,
                  }}
                >
                  {src ? (
                    <img
                      src={src}
                      alt=""
                      style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                    />
                  ) : (
                    cell.text
                  )}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  )
}
