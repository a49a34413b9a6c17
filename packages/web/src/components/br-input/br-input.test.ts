import { describe, expect, it } from 'vitest'
import { brProblem, brText, brValue } from './br-text'
import { numberProblem } from './NumberField'

describe('Brazilian texts of numbers, dates and times (decision 63)', () => {
  it('reads typed texts as the API takes them, undefined when they do not parse', () => {
    expect(brValue('number', '1.234,5')).toBe(1234.5)
    expect(brValue('number', '11,5')).toBe(11.5)
    expect(brValue('number', '11.5')).toBeUndefined()
    expect(brValue('number', ' ')).toBeNull()
    expect(brValue('date', '26/11/2026')).toBe('2026-11-26')
    expect(brValue('date', '31/02/2024')).toBeUndefined()
    expect(brValue('date', '2026-11-26')).toBeUndefined()
    expect(brValue('time', '9:05')).toBe('09:05:00')
    expect(brValue('time', '25:00')).toBeUndefined()
    const instant = brValue('datetime', '26/11/2026 14:05:09')
    expect(instant).toBe(new Date(2026, 10, 26, 14, 5, 9).toISOString())
    expect(brValue('datetime', '26/11/2026')).toBeUndefined()
  })

  it('shows values of the API the Brazilian way, and round-trips them', () => {
    expect(brText('number', 1234.56)).toBe('1.234,56')
    expect(brText('number', '1234.56')).toBe('1.234,56')
    expect(brText('number', 'abc')).toBe('abc')
    expect(brText('number', null)).toBe('')
    expect(brText('date', '2026-11-26')).toBe('26/11/2026')
    expect(brText('time', '14:05:09.123')).toBe('14:05:09')
    const iso = new Date(2026, 0, 2, 3, 4, 5).toISOString()
    expect(brText('datetime', iso)).toBe('02/01/2026 03:04:05')
    expect(brValue('datetime', brText('datetime', iso))).toBe(iso)
    for (const n of [0, -0.5, 11.5, 1234.56, 1e21, 1e-7]) {
      expect(brValue('number', brText('number', n))).toBe(n)
    }
  })

  it('names the problem in Portuguese; empty is no problem', () => {
    expect(brProblem('number', '11.5')).toBe(
      'Número inválido: use vírgula para os decimais (ex.: 1.234,5)',
    )
    expect(brProblem('date', '13/13/2026')).toBe('Data inválida (use dd/mm/aaaa)')
    expect(brProblem('time', '10:58 PM')).toBe('Hora inválida (use hh:mm:ss)')
    expect(brProblem('number', '')).toBeUndefined()
  })
})

describe('numberProblem: a typed number within its bounds', () => {
  it('refuses what is not a number, out of bounds, not whole, or empty when required', () => {
    expect(numberProblem('2,5', { positive: true })).toBeUndefined()
    expect(numberProblem('0', { positive: true })).toBe('Informe um número maior que 0')
    expect(numberProblem('-1', { positive: true })).toBe('Informe um número maior que 0')
    expect(numberProblem('abc')).toBe(
      'Número inválido: use vírgula para os decimais (ex.: 1.234,5)',
    )
    expect(numberProblem('')).toBeUndefined()
    expect(numberProblem('', { required: true })).toBe('Campo obrigatório')
    expect(numberProblem('2,5', { integer: true })).toBe('Informe um número inteiro')
    expect(numberProblem('20,5', { max: 20 })).toBe('Informe um número menor ou igual a 20')
    expect(numberProblem('0,5', { min: 1 })).toBe('Informe um número maior ou igual a 1')
    expect(numberProblem('1.500', { max: 1500.5 })).toBeUndefined()
  })
})
