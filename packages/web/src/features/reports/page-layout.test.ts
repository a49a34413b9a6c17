import type { RenderedPage } from '@gis/shared/reports'
import { DEFAULT_STYLE } from '@gis/shared/reports'
import { describe, expect, it } from 'vitest'
import {
  columnWidths,
  imagePadding,
  imageSrc,
  pageGrid,
  rowHeights,
  styleCss,
  zoomed,
} from './page-layout'

const cell = (row: number, col: number, rowSpan = 1, colSpan = 1, text = '') => ({
  row,
  col,
  rowSpan,
  colSpan,
  text,
})

const page = (cells: RenderedPage['cells'], cols = 3, rows = 3): RenderedPage => ({
  title: 'P',
  columns: Array<number>(cols).fill(64),
  rows: Array<number>(rows).fill(20),
  cells,
})

describe('page drawing', () => {
  it('lays cells out as HTML rows, spans covering their positions', () => {
    const grid = pageGrid(page([cell(0, 0, 1, 2, 'título'), cell(1, 2, 2, 1, 'alto')]))
    expect(grid.map((r) => r.map((s) => `${s.col}${s.cell ? s.cell.text : '-'}`))).toEqual([
      ['0título', '2-'],
      ['0-', '1-', '2alto'],
      ['0-', '1-'],
    ])
  })

  it('refuses overlapping cells and cells outside the page', () => {
    expect(() => pageGrid(page([cell(0, 0, 2, 2), cell(1, 1)]))).toThrow()
    expect(() => pageGrid(page([cell(2, 2, 2, 1)]))).toThrow()
    expect(() => pageGrid(page([cell(-1, 0)]))).toThrow()
  })

  it('scales widths and heights by the zoom, defaults for missing sizes', () => {
    const p: RenderedPage = { title: '', columns: [100, 0], rows: [30, 0], cells: [] }
    expect(columnWidths(p, 50)).toEqual({ widths: [50, 32], total: 82 })
    expect(rowHeights(p, 200)).toEqual([60, 40])
    expect(zoomed(64, 10)).toBe(6.4)
  })

  it('turns a template style into CSS', () => {
    const css = styleCss(
      {
        ...DEFAULT_STYLE,
        name: 'T',
        fontBold: true,
        fontItalic: true,
        fontUnderline: true,
        fontSize: 14,
        fontColor: '#112233',
        backgroundColor: '#ffeecc',
        borderTop: 'medium',
        borderBottom: 'double',
        borderLeft: 'dotted',
        horizontalAlignment: 'center',
        verticalAlignment: 'top',
        wrapText: true,
        fontFamily: 'CALIBRI',
      },
      200,
    )
    expect(css).toMatchObject({
      fontWeight: 700,
      fontStyle: 'italic',
      textDecoration: 'underline',
      fontSize: '28pt',
      color: '#112233',
      backgroundColor: '#ffeecc',
      borderTop: '2px solid #112233',
      borderBottom: '3px double #112233',
      borderLeft: '1px dotted #112233',
      borderRight: 'none',
      textAlign: 'center',
      verticalAlign: 'top',
      whiteSpace: 'pre-wrap',
    })
    expect(css.fontFamily).toMatch(/^Calibri/)
    expect(styleCss(undefined, 100).fontSize).toBe('11pt')
  })

  it('finds where an image comes from, with the token', () => {
    const base = { marginTop: 2, marginRight: 0, marginBottom: 4, marginLeft: 1 }
    expect(imageSrc({ ...base, contentId: 7 }, 'a b')).toBe('/api/content/7?token=a%20b')
    expect(
      imageSrc({ ...base, attachment: { layer: 'x', featureId: 1, attachmentId: 9 } }, 't'),
    ).toBe('/api/attachments/9?token=t')
    expect(imageSrc({ ...base, dataUrl: 'data:image/png;base64,AA' }, 't')).toBe(
      'data:image/png;base64,AA',
    )
    expect(imageSrc({ ...base, dataUrl: 'javascript:alert(1)' }, 't')).toBeNull()
    expect(imagePadding(base, 50)).toBe('1px 0px 2px 0.5px')
  })
})
