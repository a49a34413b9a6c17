import type { DocumentFolder } from '@gis/shared/documents'
import { describe, expect, it } from 'vitest'
import { dayOf, detailText, folderEntries, withToken } from './document-format'
import { filtersOf, NO_SEARCH } from './DocumentSearch'

const folder = (id: number, name: string, parentId: number | null = null): DocumentFolder => ({
  id,
  parentId,
  name,
  canWrite: true,
  documentCount: 0,
})

describe('documents library helpers', () => {
  it('orders folders as a tree with their paths; an unreadable parent puts a folder on top', () => {
    const entries = folderEntries([
      folder(1, 'Projetos'),
      folder(2, 'Pontes', 1),
      folder(3, 'Contratos'),
      folder(4, 'Aditivos', 3),
      folder(5, 'Órfã', 99),
    ])
    expect(entries.map((e) => [e.path, e.depth])).toEqual([
      ['Contratos', 0],
      ['Contratos / Aditivos', 1],
      ['Órfã', 0],
      ['Projetos', 0],
      ['Projetos / Pontes', 1],
    ])
  })

  it('reads dates typed dd/mm/aaaa and leaves out what does not read', () => {
    expect(dayOf('05/03/2026')).toBe('2026-03-05')
    expect(dayOf('')).toBe('')
    expect(dayOf('31/02/2026')).toBeUndefined()
    expect(
      filtersOf({ ...NO_SEARCH, query: ' laudo ', from: '1/2/2026', to: '2026-02-01' }),
    ).toEqual({
      query: 'laudo',
      tag: undefined,
      type: undefined,
      from: '2026-02-01',
      to: undefined,
    })
  })

  it('puts the download token in the address', () => {
    expect(withToken('/api/content/3', 'a b', ['thumbnail'])).toBe(
      '/api/content/3?token=a%20b&thumbnail',
    )
    expect(withToken('/api/content/3', null)).toBe('/api/content/3')
  })
})

describe('a history row in words', () => {
  it('says what changed, where it moved and what it was linked to', () => {
    expect(
      detailText({ detail: { title: { from: 'A', to: 'B' }, tags: { from: [], to: ['x', 'y'] } } }),
    ).toBe('Título: A → B · Tags: - → x, y')
    expect(detailText({ detail: { from: 'Projetos', to: 'Contratos' } })).toBe(
      'Projetos → Contratos',
    )
    expect(detailText({ detail: { layer: 'oae', featureId: 12 } })).toBe('oae #12')
    expect(detailText({ detail: { version: 2, filename: 'a.pdf', comment: '' } })).toBe('2 · a.pdf')
  })
})
