import { describe, expect, it } from 'vitest'
import { formatCoordinate, formatEventDate, formatKm, parseKm } from './orbit-format'
import { entryAt, surveyEntries } from './survey-labels'

describe('survey switcher labels (spec 2 §2.6)', () => {
  it('trims, drops duplicates and empties, and sorts; non-numeric labels sit on positions', () => {
    const entries = surveyEntries([' 2026-05', '2025-03', '2025-03 ', '', '2024-11'])
    expect(entries).toEqual([
      { survey: '2024-11', value: 0, label: '2024-11' },
      { survey: '2025-03', value: 1, label: '2025-03' },
      { survey: '2026-05', value: 2, label: '2026-05' },
    ])
  })

  it('numeric labels are sorted as numbers and are the positions themselves', () => {
    const entries = surveyEntries(['2026', ' 10', '2025', '10'])
    expect(entries.map((e) => [e.survey, e.value])).toEqual([
      ['10', 10],
      ['2025', 2025],
      ['2026', 2026],
    ])
  })

  it('one non-numeric label makes every entry use its position', () => {
    const entries = surveyEntries(['3', '1', 'B'])
    expect(entries.map((e) => [e.survey, e.value])).toEqual([
      ['1', 0],
      ['3', 1],
      ['B', 2],
    ])
  })

  it('shows every label up to 4 entries, only the first and the last beyond', () => {
    expect(surveyEntries(['a', 'b', 'c', 'd']).map((e) => e.label)).toEqual(['a', 'b', 'c', 'd'])
    expect(surveyEntries(['a', 'b', 'c', 'd', 'e']).map((e) => e.label)).toEqual([
      'a',
      '',
      '',
      '',
      'e',
    ])
  })

  it('finds the entry at a slider value', () => {
    const entries = surveyEntries(['2025', '2030'])
    expect(entryAt(entries, 2029)?.survey).toBe('2030')
    expect(entryAt([], 1)).toBeUndefined()
  })
})

describe('orbit formats (pt-BR)', () => {
  it('writes coordinates with 6 decimals and km to the metre, with a decimal comma', () => {
    expect(formatCoordinate(-22.9)).toBe('-22,900000')
    expect(formatKm(14.0021)).toBe('14,002')
  })

  it('reads a typed km with a comma or a dot', () => {
    expect(parseKm('14')).toBe(14)
    expect(parseKm(' 13,5 ')).toBe(13.5)
    expect(parseKm('13.5')).toBe(13.5)
    expect(parseKm('1.013,25')).toBe(1013.25)
    expect(parseKm('catorze')).toBeUndefined()
    expect(parseKm('')).toBeUndefined()
  })

  it('writes the date dd/mm/aaaa and the time in Brazil, only when not 00:00:00', () => {
    expect(formatEventDate('2025-03-18T00:00:00.000Z')).toEqual({ date: '18/03/2025', time: null })
    expect(formatEventDate('2026-05-06T14:03:09Z')).toEqual({
      date: '06/05/2026',
      time: '11:03:09',
    })
    expect(formatEventDate('2026-05-07T01:00:00Z')).toEqual({
      date: '06/05/2026',
      time: '22:00:00',
    })
  })
})
