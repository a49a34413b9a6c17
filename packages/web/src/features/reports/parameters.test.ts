import type { ReportParameter } from '@gis/shared/reports'
import { describe, expect, it } from 'vitest'
import {
  defaultValue,
  initialValues,
  multiLabel,
  pickerOptions,
  proposedLayer,
  shownParameters,
} from './parameters'

const p = (type: ReportParameter['type'], value?: unknown, extra: Partial<ReportParameter> = {}) =>
  ({ name: `${type.toLowerCase()}`, type, value, ...extra }) as ReportParameter

describe('report parameters (spec 3 §5)', () => {
  it('defaults an unset parameter by its type', () => {
    expect(defaultValue(p('BOOL'))).toBe(false)
    expect(defaultValue(p('BOOL', true))).toBe(true)
    expect(defaultValue(p('NUMBER'))).toBe(0)
    expect(defaultValue(p('NUMBER', 'x'))).toBe(0)
    expect(defaultValue(p('NUMBER', 7))).toBe(7)
    expect(defaultValue(p('NUMBER_PICKER', [3, 5]))).toBe(3)
    expect(defaultValue(p('TEXT_PICKER', ['a', 'b']))).toBe('a')
    expect(defaultValue(p('TEXT_PICKER'))).toBe('')
    expect(defaultValue(p('MULTIPICKER', ['a', 'b']))).toEqual([])
    expect(defaultValue(p('TEXT'))).toBe('')
    expect(defaultValue(p('TEXT', 'relatorio.xlsx'))).toBe('relatorio.xlsx')
  })

  it('shows debug parameters only in developer mode, never the layer', () => {
    const list = [p('LAYER_NAME', 'pontes'), p('TEXT', '', { debug: true }), p('BOOL')]
    expect(shownParameters(list, false).map((x) => x.type)).toEqual(['BOOL'])
    expect(shownParameters(list, true).map((x) => x.type)).toEqual(['TEXT', 'BOOL'])
    expect(proposedLayer(list)).toBe('pontes')
    expect(proposedLayer([p('BOOL')])).toBeNull()
    expect(initialValues(list)).toEqual({ layer_name: 'pontes', text: '', bool: false })
  })

  it('reads picker options and labels a multi-selection', () => {
    expect(pickerOptions(p('TEXT_PICKER', ['a', 2, null, { x: 1 }]))).toEqual(['a', 2])
    expect(pickerOptions(p('TEXT_PICKER', 'a'))).toEqual([])
    expect(multiLabel([], ['a', 'b'], 'Nenhum', 'Todos')).toBe('Nenhum')
    expect(multiLabel(['b', 'a'], ['a', 'b'], 'Nenhum', 'Todos')).toBe('Todos')
    expect(multiLabel(['a'], ['a', 'b'], 'Nenhum', 'Todos')).toBe('a')
  })
})
