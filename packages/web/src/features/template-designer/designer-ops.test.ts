import { describe, expect, it } from 'vitest'
import { columnLetters, emptyCell, newTemplate, type TemplateTable } from '@gis/shared/reports'
import {
  addCell,
  addPage,
  addRow,
  cellAt,
  childRef,
  conversionErases,
  convertCell,
  deleteCell,
  deletePage,
  deleteRow,
  duplicateCell,
  duplicatePage,
  duplicateRow,
  moveCell,
  movePage,
  moveRow,
  pageLabel,
  parentRef,
  tableAt,
  updateCell,
  updateTable,
} from './designer-ops'

const table = (...values: string[][]): TemplateTable => ({
  type: 'NONE',
  rows: values.map((row) => ({ cells: row.map((value) => ({ ...emptyCell(), value })) })),
})
const values = (t: TemplateTable) => t.rows.map((r) => r.cells.map((c) => c.value))

describe('rows', () => {
  it('adds after a row, deletes (never the last one) and duplicates', () => {
    const t = table(['a'], ['b'])
    expect(values(addRow(t, 0))).toEqual([['a'], [''], ['b']])
    expect(values(addRow(t))).toEqual([['a'], ['b'], ['']])
    expect(values(deleteRow(t, 0))).toEqual([['b']])
    expect(deleteRow(table(['a']), 0).rows).toHaveLength(1)
    expect(values(duplicateRow(t, 1))).toEqual([['a'], ['b'], ['b']])
    expect(values(t)).toEqual([['a'], ['b']])
  })

  it('moves up and down only within bounds', () => {
    const t = table(['a'], ['b'], ['c'])
    expect(values(moveRow(t, 1, -1))).toEqual([['b'], ['a'], ['c']])
    expect(values(moveRow(t, 1, 1))).toEqual([['a'], ['c'], ['b']])
    expect(moveRow(t, 0, -1)).toBe(t)
    expect(moveRow(t, 2, 1)).toBe(t)
  })
})

describe('cells', () => {
  it('adds, deletes (never the last of a row), duplicates and moves left/right', () => {
    const t = table(['a', 'b'])
    expect(values(addCell(t, 0, 0))).toEqual([['a', '', 'b']])
    expect(values(addCell(t, 0))).toEqual([['a', 'b', '']])
    expect(values(deleteCell(t, 0, 0))).toEqual([['b']])
    expect(values(deleteCell(table(['a']), 0, 0))).toEqual([['a']])
    expect(values(duplicateCell(t, 0, 1))).toEqual([['a', 'b', 'b']])
    expect(values(moveCell(t, 0, 0, 1))).toEqual([['b', 'a']])
    expect(moveCell(t, 0, 0, -1)).toBe(t)
    expect(moveCell(t, 0, 1, 1)).toBe(t)
  })

  it("a duplicated group's table gets the '_Copia' suffix", () => {
    const t = table(['a'])
    t.rows[0]!.cells[0]!.child = { type: 'NONE', title: 'Grupo', rows: [{ cells: [emptyCell()] }] }
    const copy = duplicateCell(t, 0, 0)
    expect(copy.rows[0]!.cells[1]!.child!.title).toBe('Grupo_Copia')
    expect(copy.rows[0]!.cells[0]!.child!.title).toBe('Grupo')
  })
})

describe('pages', () => {
  it('adds, deletes (never the last), duplicates with the suffix and moves', () => {
    let tpl = newTemplate()
    expect(tpl.name).toBe('Nova Template')
    expect(tpl.grid).toHaveLength(1)
    tpl = addPage(tpl)
    expect(tpl.grid).toHaveLength(2)
    tpl.grid[0]!.title = 'Capa'
    const dup = duplicatePage(tpl, 0)
    expect(dup.grid.map((p) => p.title)).toEqual(['Capa', 'Capa_Copia', null])
    expect(movePage(dup, 0, 1).grid.map((p) => p.title)).toEqual(['Capa_Copia', 'Capa', null])
    expect(movePage(dup, 0, -1)).toBe(dup)
    expect(deletePage(dup, 1).grid.map((p) => p.title)).toEqual(['Capa', null])
    expect(deletePage(newTemplate(), 0).grid).toHaveLength(1)
  })

  it("names a page by its title or 'Página N'", () => {
    expect(pageLabel({ type: 'NONE', title: 'Capa', rows: [] }, 0, 'Página {n}')).toBe('Capa')
    expect(pageLabel({ type: 'NONE', title: ' ', rows: [] }, 2, 'Página {n}')).toBe('Página 3')
  })
})

describe('nested tables', () => {
  it('edits a cell inside a group without touching the original template', () => {
    const tpl = newTemplate()
    const ref = { page: 0, path: [], row: 0, cell: 0 }
    const grouped = updateCell(tpl, ref, (c) => convertCell(c, 'GROUP'))
    const inner = { ...childRef(ref), row: 0, cell: 0 }
    const edited = updateCell(grouped, inner, (c) => ({ ...c, value: 'dentro' }))
    expect(cellAt(edited, inner)?.value).toBe('dentro')
    expect(cellAt(grouped, inner)?.value).toBe('')
    expect(parentRef(childRef(ref))).toEqual(ref)
    const more = updateTable(edited, childRef(ref), (t) => addRow(t))
    expect(tableAt(more, childRef(ref))?.rows).toHaveLength(2)
    expect(tpl.grid[0]!.rows[0]!.cells[0]!.child).toBeUndefined()
    expect(updateCell(tpl, { ...ref, row: 5 }, (c) => c)).toBe(tpl)
  })
})

describe('conversions', () => {
  it('an image gets CONTENT with empty margins, a group NONE with one row of one cell', () => {
    const text = { ...emptyCell(), value: 'x ${a}' }
    const image = convertCell(text, 'IMAGE')
    expect(image.image).toEqual({
      location: 'CONTENT',
      marginTop: null,
      marginRight: null,
      marginBottom: null,
      marginLeft: null,
      value: null,
    })
    expect(image.value).toBe('')
    const group = convertCell(image, 'GROUP')
    expect(group.image).toBeNull()
    expect(group.child).toEqual({ type: 'NONE', title: null, rows: [{ cells: [emptyCell()] }] })
    const back = convertCell(group, 'TEXT')
    expect(back.child).toBeNull()
    expect(back.image).toBeNull()
  })

  it('knows when a conversion erases content', () => {
    expect(conversionErases(emptyCell(), 'GROUP')).toBe(false)
    expect(conversionErases({ ...emptyCell(), value: 'a' }, 'GROUP')).toBe(true)
    expect(conversionErases(convertCell(emptyCell(), 'GROUP'), 'TEXT')).toBe(true)
    expect(conversionErases(convertCell(emptyCell(), 'IMAGE'), 'GROUP')).toBe(true)
  })
})

describe('inputs and letters', () => {
  it('names columns A to Z, then two letters', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
    ])
  })
})
