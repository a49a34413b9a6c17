import { describe, expect, it } from 'vitest'
import { newTemplate } from '@gis/shared/reports'
import { addStyle, duplicateStyle, renameStyle, styleNamed, updateStyle } from './designer-styles'
import { convertCell, updateCell } from './designer-ops'

describe('styles', () => {
  it("adds 'Estilo N', duplicates with '_Copia' and updates by name", () => {
    const tpl = newTemplate()
    const a = addStyle(tpl)
    expect(a.name).toBe('Estilo 1')
    const b = addStyle(a.template, a.template.styles[0])
    expect(b.name).toBe('Estilo 2')
    const d = duplicateStyle(b.template, 'Padrão')
    expect(d.name).toBe('Padrão_Copia')
    expect(duplicateStyle(d.template, 'Padrão').name).toBe('Padrão_Copia2')
    const bold = updateStyle(d.template, 'Estilo 1', { fontBold: true })
    expect(styleNamed(bold, 'Estilo 1')?.fontBold).toBe(true)
    expect(styleNamed(bold, 'Padrão')?.fontBold).toBe(false)
    expect(styleNamed(bold, 'nenhum')?.name).toBe('Padrão')
    expect(updateStyle(tpl, 'nenhum', { fontBold: true })).toBe(tpl)
  })

  it('renames a style in every cell, nested ones too; refuses empty or taken names', () => {
    let tpl = addStyle(newTemplate()).template
    const ref = { page: 0, path: [], row: 0, cell: 0 }
    tpl = updateCell(tpl, ref, (c) => ({ ...convertCell(c, 'GROUP'), style: 'Estilo 1' }))
    tpl = updateCell(tpl, { page: 0, path: [[0, 0]], row: 0, cell: 0 }, (c) => ({
      ...c,
      style: 'Estilo 1',
    }))
    const renamed = renameStyle(tpl, 'Estilo 1', 'Título')
    expect(renamed.styles.map((s) => s.name)).toEqual(['Padrão', 'Título'])
    const cell = renamed.grid[0]!.rows[0]!.cells[0]!
    expect(cell.style).toBe('Título')
    expect(cell.child!.rows[0]!.cells[0]!.style).toBe('Título')
    expect(renameStyle(tpl, 'Estilo 1', ' ')).toBe(tpl)
    expect(renameStyle(tpl, 'Estilo 1', 'Padrão')).toBe(tpl)
  })
})
