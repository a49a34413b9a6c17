import { describe, expect, it } from 'vitest'
import { formatFileSize } from './constants'

describe('formatFileSize', () => {
  it('writes sizes in 1024 units with two decimals, the Brazilian way', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(1023)).toBe('1.023 B')
    expect(formatFileSize(1024)).toBe('1,00 KB')
    expect(formatFileSize(3164)).toBe('3,09 KB')
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,50 MB')
    expect(formatFileSize(1023.999 * 1024 * 1024)).toBe('1.024,00 MB')
    expect(formatFileSize(1200 * 1024 ** 3)).toBe('1.200,00 GB')
  })
})
