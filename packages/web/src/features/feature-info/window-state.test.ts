import { describe, expect, it } from 'vitest'
import {
  DATA_TAB,
  ITEMS_TAB,
  initialState,
  itemsKey,
  parseFeatureInfoState,
  parseItems,
} from './window-state'

describe('feature window state', () => {
  it('opens one feature on DADOS and a list on ITENS, 10 rows a page', () => {
    expect(initialState([{ layer: 'oae', id: 1 }])).toMatchObject({ tab: DATA_TAB, limit: 10 })
    expect(
      initialState([
        { layer: 'oae', id: 1 },
        { layer: 'placas', id: 2 },
      ]).tab,
    ).toBe(ITEMS_TAB)
  })

  it('reads its items and refuses malformed ones', () => {
    expect(parseItems({ items: [{ layer: 'oae', id: 3, extra: true }] })).toEqual([
      { layer: 'oae', id: 3 },
    ])
    expect(() => parseItems({ items: [{ layer: 'OAE; drop', id: 3 }] })).toThrow()
    expect(() => parseItems({ items: [{ layer: 'oae', id: 0 }] })).toThrow()
    expect(() => parseItems({})).toThrow()
  })

  it('keys the same list to the same window', () => {
    const a = { items: [{ layer: 'oae', id: 3 }] }
    expect(itemsKey(a)).toBe(itemsKey({ items: [{ layer: 'oae', id: 3 }] }))
    expect(itemsKey(a)).not.toBe(itemsKey({ items: [{ layer: 'oae', id: 4 }] }))
  })

  it('checks a restored state: only 5, 10 or 20 rows, a known tab', () => {
    const ok = { tab: 2, selected: 0, page: 1, limit: 20 }
    expect(parseFeatureInfoState(ok)).toEqual(ok)
    expect(parseFeatureInfoState(undefined)).toBeUndefined()
    expect(() => parseFeatureInfoState({ ...ok, limit: 15 })).toThrow()
    expect(() => parseFeatureInfoState({ ...ok, tab: 4 })).toThrow()
  })
})
