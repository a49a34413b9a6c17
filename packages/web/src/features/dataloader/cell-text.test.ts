import { describe, expect, it } from 'vitest'
import { cellText } from './cell-text'

describe('an imported cell as the DADOS table shows it', () => {
  it('shows NUMBER and DATE columns the Brazilian way, the rest as read', () => {
    expect(cellText('-47.1', 'NUMBER')).toBe('-47,1')
    expect(cellText('3,5', 'NUMBER')).toBe('3,5')
    expect(cellText(1234.5, 'NUMBER')).toBe('1.234,5')
    expect(cellText('2026-11-26', 'DATE')).toBe('26/11/2026')
    expect(cellText('12.5', 'STRING')).toBe('12.5')
    expect(cellText(null, 'NUMBER')).toBe('')
  })
})
