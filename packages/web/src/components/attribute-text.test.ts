import { describe, expect, it } from 'vitest'
import { attributeText } from './attribute-text'

describe('attribute values as the screens show them', () => {
  it('shows empties, booleans and numbers as pt-BR reads them', () => {
    expect(attributeText(null, 'string')).toBe('-')
    expect(attributeText('', 'number')).toBe('-')
    expect(attributeText(true, 'boolean')).toBe('Sim')
    expect(attributeText('f', 'boolean')).toBe('Não')
    expect(attributeText(false, undefined)).toBe('Não')
    expect(attributeText(1234.5, 'number')).toBe('1.234,5')
    expect(attributeText('196.728', 'number')).toBe('196,728')
    expect(attributeText('12abc', 'number')).toBe('12abc')
  })

  it('shows dates as dd/mm/aaaa whatever the time zone, date-times with the time unless midnight', () => {
    expect(attributeText('2024-02-29', 'date')).toBe('29/02/2024')
    expect(attributeText('2024-02-29T10:11:12', 'datetime')).toBe('29/02/2024, 10:11:12')
    expect(attributeText('2024-02-29T00:00:00', 'datetime')).toBe('29/02/2024')
    expect(attributeText('não é data', 'date')).toBe('não é data')
  })

  it('shows objects as JSON and anything else as text', () => {
    expect(attributeText({ a: 1 }, 'string')).toBe('{"a":1}')
    expect(attributeText('OAE-1', 'string')).toBe('OAE-1')
  })
})
