import { describe, expect, it } from 'vitest'
import { cellText } from './cell-text'

describe('an imported cell as the DADOS table shows it', () => {
  it('shows NUMBER columns as they will be read, dates the Brazilian way, the rest as read', () => {
    expect(cellText('-47.1', 'NUMBER', 'point')).toBe('-47,1')
    expect(cellText('3,5', 'NUMBER', 'br')).toBe('3,5')
    expect(cellText('1.234,5', 'NUMBER', 'br')).toBe('1.234,5')
    // A column written the Brazilian way: the dot groups thousands.
    expect(cellText('1.234', 'NUMBER', 'br')).toBe('1.234')
    expect(cellText('1.234', 'NUMBER', 'point')).toBe('1,234')
    expect(cellText(1234.5, 'NUMBER')).toBe('1.234,5')
    expect(cellText('2026-11-26', 'DATE')).toBe('26/11/2026')
    expect(cellText('15/03/2026', 'DATE')).toBe('15/03/2026')
    expect(cellText('12.5', 'STRING')).toBe('12.5')
    expect(cellText(null, 'NUMBER')).toBe('')
  })
})
