import { describe, expect, it } from 'vitest'
import { DEFAULT_PAGE_SIZE, encodePaging, pagingQuerySchema, parseSort } from './paging'

describe('paging query', () => {
  it('defaults to page 0 and 15 rows; an empty limit also gives 15', () => {
    expect(pagingQuerySchema.parse({})).toEqual({ page: 0, limit: DEFAULT_PAGE_SIZE })
    expect(pagingQuerySchema.parse({ page: '2', limit: '' })).toEqual({ page: 2, limit: 15 })
    expect(pagingQuerySchema.parse({ limit: '50', sort: '-at' })).toEqual({
      page: 0,
      limit: 50,
      sort: '-at',
    })
  })

  it('refuses negative, fractional and oversized values with the Portuguese message', () => {
    for (const q of [
      { page: '-1' },
      { page: '1.5' },
      { limit: '0' },
      { limit: '100000' },
      { page: 'x' },
    ]) {
      const r = pagingQuerySchema.safeParse(q)
      expect(r.success, JSON.stringify(q)).toBe(false)
      expect(r.error?.issues[0]?.message).toBe('Parâmetros de paginação inválidos')
    }
  })

  it('reads and writes the sort direction with a - prefix', () => {
    expect(parseSort('-created')).toEqual({ field: 'created', descending: true })
    expect(parseSort('name')).toEqual({ field: 'name', descending: false })
    expect(parseSort('')).toBeUndefined()
    expect(parseSort('-')).toBeUndefined()
    expect(encodePaging({ page: 1, limit: 30, sort: { field: 'created', descending: true } })).toBe(
      'page=1&limit=30&sort=-created',
    )
  })
})
