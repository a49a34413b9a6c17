import { describe, expect, it } from 'vitest'
import { INITIAL_AUDIT, parseAuditState } from './audit-state'

describe('the AUDITOR window state', () => {
  it('starts on FILTROS, 20 a page, newest first, not searched', () => {
    expect(INITIAL_AUDIT).toMatchObject({ page: 0, limit: 20, sort: '-timestamp', tab: 'filters' })
    expect(INITIAL_AUDIT.query).toBeUndefined()
    expect(parseAuditState(undefined)).toBeUndefined()
    const searched = { ...INITIAL_AUDIT, query: null, tab: 'results' as const, limit: 50 }
    expect(parseAuditState(JSON.parse(JSON.stringify(searched)))).toEqual(searched)
  })

  it('refuses a malformed saved state instead of resetting it silently', () => {
    for (const bad of [
      { ...INITIAL_AUDIT, limit: 30 },
      { ...INITIAL_AUDIT, page: -1 },
      { ...INITIAL_AUDIT, sort: 'at; DROP' },
      { ...INITIAL_AUDIT, tab: 'other' },
      { ...INITIAL_AUDIT, query: { type: 'rule' } },
      { ...INITIAL_AUDIT, filter: { rules: 'x' } },
    ]) {
      expect(() => parseAuditState(bad)).toThrow('Estado salvo da janela é inválido')
    }
  })
})
