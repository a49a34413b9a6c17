import { describe, expect, it } from 'vitest'
import { defaultDisplayField, displayFieldOf, labelFromValues } from './display-field'
import type { LayerAttribute } from './schemas'

const field = (name: string, type: LayerAttribute['type'] = 'string'): LayerAttribute => ({
  name,
  type,
  maxLength: null,
  title: name,
  tooltip: '',
})

describe('the default display field', () => {
  it('prefers an exact code or name, then a prefixed one, then the first text field', () => {
    expect(defaultDisplayField([field('uf'), field('nome'), field('codigo_ibge')])).toBe('nome')
    expect(defaultDisplayField([field('nome'), field('codigo')])).toBe('codigo')
    expect(defaultDisplayField([field('rodovia'), field('codigo_ctb')])).toBe('codigo_ctb')
    expect(defaultDisplayField([field('km', 'number'), field('rodovia')])).toBe('rodovia')
    // A field called like a code but not text does not name features; nor does a prefix alone.
    expect(defaultDisplayField([field('codigo', 'number'), field('codigos')])).toBe('codigos')
    expect(defaultDisplayField([field('km', 'number')])).toBeNull()
  })

  it('keeps a chosen text field, and falls back to the rule when it no longer suits', () => {
    const attributes = [field('codigo'), field('tipo'), field('km', 'number')]
    expect(displayFieldOf('tipo', attributes)).toBe('tipo')
    expect(displayFieldOf('km', attributes)).toBe('codigo')
    expect(displayFieldOf('apagado', attributes)).toBe('codigo')
    expect(displayFieldOf(null, attributes)).toBe('codigo')
  })

  it('reads a label from the values a list holds, the first non-empty one', () => {
    expect(labelFromValues('codigo', { codigo: '  ' }, { codigo: ' R-1 ' })).toBe('R-1')
    expect(labelFromValues('codigo', { codigo: 12 }, null)).toBeNull()
    expect(labelFromValues(null, { codigo: 'R-1' })).toBeNull()
  })
})
