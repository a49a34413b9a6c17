import { describe, expect, it } from 'vitest'
import { addDays, addMonths, bridgeDues, dueStatus } from './inspections-due'

describe('the due rule', () => {
  it('adds months as PostgreSQL does: the day kept within the month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28')
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
    expect(addMonths('2025-11-15', 2)).toBe('2026-01-15')
    expect(addMonths('2026-01-15', -2)).toBe('2025-11-15')
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
  })

  it('says OVERDUE before today, DUE_30 up to 30 days, DUE_90 up to 90, then OK', () => {
    const today = '2026-11-28'
    expect(dueStatus('2026-11-27', today)).toBe('OVERDUE')
    expect(dueStatus(today, today)).toBe('DUE_30')
    expect(dueStatus(addDays(today, 30), today)).toBe('DUE_30')
    expect(dueStatus(addDays(today, 31), today)).toBe('DUE_90')
    expect(dueStatus(addDays(today, 90), today)).toBe('DUE_90')
    expect(dueStatus(addDays(today, 91), today)).toBe('OK')
  })

  it('counts a type never made from the latest inspection of any type; NEVER without any', () => {
    const types = [
      { id: 2, name: 'Rotineira', periodicityMonths: 12 },
      { id: 3, name: 'Especial', periodicityMonths: 60 },
    ]
    const today = '2026-11-28'
    expect(bridgeDues(types, new Map(), null, today)).toMatchObject({
      status: 'NEVER',
      nextDue: null,
    })
    // Only a Cadastral of 2025-12-01: the Rotineira falls due on 2026-12-01 (in 3 days).
    const cadastral = bridgeDues(types, new Map([[1, '2025-12-01']]), '2025-12-01', today)
    expect(cadastral).toMatchObject({
      status: 'DUE_30',
      nextDue: '2026-12-01',
      nextDueType: 'Rotineira',
    })
    expect(cadastral.dues.map((d) => [d.type, d.due, d.lastDate])).toEqual([
      ['Rotineira', '2026-12-01', null],
      ['Especial', '2030-12-01', null],
    ])
    // An Especial of 2021 is late though the Rotineira is not.
    const late = bridgeDues(
      types,
      new Map([
        [2, '2026-06-01'],
        [3, '2021-06-01'],
      ]),
      '2026-06-01',
      today,
    )
    expect(late).toMatchObject({
      status: 'OVERDUE',
      nextDue: '2026-06-01',
      nextDueType: 'Especial',
    })
  })
})
