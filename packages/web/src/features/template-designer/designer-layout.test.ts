import { describe, expect, it } from 'vitest'
import { emptyCell, newTemplate, type TemplateCell, type TemplateTable } from '@gis/shared/reports'
import {
  invalidVariables,
  layoutTable,
  printArea,
  printLines,
  sizeWarnings,
} from './designer-layout'
import { associateLayer, normalizeVariables } from './designer-variables'
import { parseTemplateFile } from './designer-open'

const cell = (c: Partial<TemplateCell> = {}): TemplateCell => ({ ...emptyCell(), ...c })
const table = (...rows: TemplateCell[][]): TemplateTable => ({
  type: 'NONE',
  rows: rows.map((cells) => ({ cells })),
})

describe('layout', () => {
  it('places spans as a spreadsheet does and sizes columns and rows', () => {
    const t = table(
      [cell({ colSpan: 2, rowSpan: 2 }), cell({ colSize: 100 })],
      [cell({ rowSize: 40 })],
    )
    const l = layoutTable(t)
    expect(l.cells.map((p) => [p.gridRow, p.col])).toEqual([
      [0, 0],
      [0, 2],
      [1, 2],
    ])
    expect(l.columns).toBe(3)
    expect(l.rows).toBe(2)
    expect(l.widths).toEqual([64, 64, 100])
    expect(l.heights).toEqual([20, 40])
  })

  it('warns when several cells define one row height or one column width', () => {
    expect(sizeWarnings(table([cell({ rowSize: 30 }), cell()]))).toEqual({
      heights: false,
      widths: false,
    })
    expect(sizeWarnings(table([cell({ rowSize: 30 }), cell({ rowSize: 40 })])).heights).toBe(true)
    expect(sizeWarnings(table([cell({ colSize: 30 })], [cell({ colSize: 30 })])).widths).toBe(true)
    const nested = table([cell({ child: table([cell({ rowSize: 1 }), cell({ rowSize: 2 })]) })])
    expect(sizeWarnings(nested).heights).toBe(true)
  })
})

describe('variables', () => {
  it('marks names that are neither variables, system ones nor a generator var', () => {
    const tpl = newTemplate()
    tpl.variables = [{ value: 'km', title: 'Km' }]
    tpl.grid[0]!.var = 'obra'
    expect(invalidVariables('${km} ${data} ${usuario} ${obra.nome} ${x} ${outro.y}', tpl)).toEqual([
      'x',
      'outro.y',
    ])
    expect(invalidVariables('sem variável', tpl)).toEqual([])
  })

  it("fills empty names and descriptions: 'variable{n}', 'Nova Variável {n}'", () => {
    expect(
      normalizeVariables([
        { value: 'km', title: '' },
        { value: ' ', title: 'Extensão' },
      ]),
    ).toEqual([
      { value: 'km', title: 'Nova Variável 1' },
      { value: 'variable2', title: 'Extensão' },
    ])
  })

  it("a layer's fields become variables, once", () => {
    const vars = associateLayer(
      [{ value: 'km', title: 'Km' }],
      [
        { name: 'km', title: 'Km' },
        { name: 'rodovia', title: 'Rodovia' },
        { name: 'geom', title: 'Geometria' },
        { name: 'd_e_l_e_t_', title: 'Excluído?' },
      ],
    )
    expect(vars).toEqual([
      { value: 'km', title: 'Km' },
      { value: 'rodovia', title: 'Rodovia' },
    ])
  })
})

describe('print lines', () => {
  it('fall every printable width after the margins, scaled', () => {
    const a4 = printArea({ ...newTemplate().printable, marginLeft: 1, marginRight: 1 })
    expect(a4.width).toBeCloseTo(19 * 35.2272)
    const half = printArea({ ...newTemplate().printable, scale: 50, landscape: true })
    expect(half.width).toBeCloseTo((29.7 - 2.6) * 35.2272 * 2)
    expect(printLines(1000, 300)).toEqual([300, 600, 900])
  })
})

describe('local files', () => {
  it('opens .json templates (bare or as downloaded) and refuses other files', () => {
    const tpl = newTemplate()
    expect(parseTemplateFile('a.txt', JSON.stringify(tpl))).toEqual({
      ok: false,
      reason: 'unsupported',
    })
    expect(parseTemplateFile('a.json', '{nope')).toEqual({ ok: false, reason: 'invalid' })
    expect(parseTemplateFile('a.json', '{"name":""}')).toEqual({ ok: false, reason: 'invalid' })
    const bare = parseTemplateFile('a.JSON', JSON.stringify(tpl))
    expect(bare.ok && bare.value.template.name).toBe('Nova Template')
    const file = parseTemplateFile(
      'b.json',
      JSON.stringify({ template: tpl, parameters: [], reportType: 'record', folder: 'Obras' }),
    )
    expect(file.ok && file.value.reportType).toBe('record')
    expect(file.ok && file.value.folder).toBe('Obras')
  })
})
