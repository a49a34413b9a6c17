import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  brDateTimeToIso,
  brDateToIso,
  dateTimeToBr,
  formatBrNumber,
  isoDateToBr,
  normalTime,
  parseBrNumber,
} from './br-values'
import { fieldProblem } from './form-rules'

describe('Brazilian numbers', () => {
  it('reads a comma as the decimal separator and dots as thousands', () => {
    expect(parseBrNumber('11,5')).toBe(11.5)
    expect(parseBrNumber('1.234,56')).toBe(1234.56)
    expect(parseBrNumber('23,450')).toBe(23.45)
    expect(parseBrNumber('12,40')).toBe(12.4)
    expect(parseBrNumber('-1.000.000')).toBe(-1_000_000)
    expect(parseBrNumber(' ,5 ')).toBe(0.5)
    expect(parseBrNumber('1234')).toBe(1234)
  })

  it('refuses what it would have to guess: a decimal dot, misplaced groups, letters', () => {
    for (const text of ['11.5', '1.23', '1,2,3', '1.2345', '12a', '', '-', ',', '1e3', '1 234'])
      expect(parseBrNumber(text), text).toBeUndefined()
  })

  it('writes every digit, grouped, and reads back the same number', () => {
    expect(formatBrNumber(1234.56)).toBe('1.234,56')
    expect(formatBrNumber(-1234567)).toBe('-1.234.567')
    expect(formatBrNumber(0.1)).toBe('0,1')
    expect(formatBrNumber(1e-7)).toBe('0,0000001')
    expect(formatBrNumber(1.5e21)).toBe('1.500.000.000.000.000.000.000')
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(parseBrNumber(formatBrNumber(n))).toBe(n === 0 ? 0 : n)
      }),
    )
  })
})

describe('Brazilian dates and times', () => {
  it('turns dd/mm/aaaa into ISO and back', () => {
    expect(brDateToIso('26/11/2026')).toBe('2026-11-26')
    expect(brDateToIso('1/2/2023')).toBe('2023-02-01')
    expect(brDateToIso('2026-11-26')).toBeUndefined()
    expect(isoDateToBr('2023-01-13')).toBe('13/01/2023')
    expect(isoDateToBr('2023-01-13T10:00:00Z')).toBe('13/01/2023')
  })

  it('reads 24-hour times and local date-times', () => {
    expect(normalTime('9:05')).toBe('09:05:00')
    expect(normalTime('22:58:57')).toBe('22:58:57')
    expect(normalTime('24:00')).toBeUndefined()
    expect(normalTime('10:58 PM')).toBeUndefined()
    expect(brDateTimeToIso('26/11/2026 22:58:57')).toBe('2026-11-26T22:58:57')
    expect(brDateTimeToIso('26/11/2026')).toBeUndefined()
    expect(dateTimeToBr(new Date(2026, 10, 26, 22, 58, 57))).toBe('26/11/2026 22:58:57')
  })

  it('the form names the expected format in the field', () => {
    const field = { name: 'x', maxLength: null, required: false } as const
    expect(fieldProblem({ ...field, type: 'number' }, '11,5')).toBeUndefined()
    expect(fieldProblem({ ...field, type: 'number' }, '11.5')).toBe(
      'Número inválido: use vírgula para os decimais (ex.: 1.234,5)',
    )
    expect(fieldProblem({ ...field, type: 'date' }, '31/02/2024')).toBe(
      'Data inválida (use dd/mm/aaaa)',
    )
    expect(fieldProblem({ ...field, type: 'date' }, '01/01/1899')).toBe(
      'O ano deve ser 1900 ou posterior',
    )
    expect(fieldProblem({ ...field, type: 'datetime' }, '26/11/2026 25:00')).toBe(
      'Data e hora inválidas (use dd/mm/aaaa hh:mm:ss)',
    )
    expect(fieldProblem({ ...field, type: 'number', options: [1.5, 2] }, '1,5')).toBeUndefined()
  })
})
