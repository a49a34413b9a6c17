import { describe, expect, it } from 'vitest'
import {
  clearSelection,
  filterDrawerLayer,
  initialMapState,
  mapSlice,
  orderedSelection,
  replaceVisibility,
  select,
  setNodeOpacity,
  setNodeVisibility,
  showDetail,
  showOnMap,
  shownServed,
} from './map-slice'

const reduce = mapSlice.reducer

describe('map slice', () => {
  it('turns the rest of a radio group off when one member turns on', () => {
    let s = reduce(
      initialMapState(),
      setNodeVisibility({ names: ['base_2'], visible: true, radioPeers: ['base_1'] }),
    )
    expect(s.visibility).toEqual({ base_2: true, base_1: false })
    s = reduce(s, setNodeVisibility({ names: ['base_2'], visible: false, radioPeers: ['base_1'] }))
    expect(s.visibility).toEqual({ base_2: false, base_1: false })
  })

  it('replaces every visibility from a shared link', () => {
    const s = reduce(
      initialMapState(),
      replaceVisibility({ all: ['a', 'b', 'c'], visible: ['b', 'x'] }),
    )
    expect(s.visibility).toEqual({ a: false, b: true, c: false })
  })

  it('remembers the layers of a capped query until a new selection or a clear', () => {
    const a = { layer: 'placas', id: 1 }
    let s = reduce(initialMapState(), select({ items: [a], capped: ['placas'] }))
    expect(s.drawer.capped).toEqual(['placas'])
    s = reduce(s, select({ items: [{ layer: 'oae', id: 2 }], add: true, capped: ['oae'] }))
    expect(s.drawer.capped).toEqual(['placas', 'oae'])
    s = reduce(s, select({ items: [a] }))
    expect(s.drawer.capped).toBeNull()
    s = reduce(s, select({ items: [a], capped: ['placas'] }))
    s = reduce(s, clearSelection())
    expect(s.drawer.capped).toBeNull()
  })

  it('keeps opacity within 0 and 255', () => {
    let s = reduce(initialMapState(), setNodeOpacity({ name: 'a', opacity: 300 }))
    s = reduce(s, setNodeOpacity({ name: 'b', opacity: -4 }))
    s = reduce(s, setNodeOpacity({ name: 'c', opacity: 99.6 }))
    expect(s.opacity).toEqual({ a: 255, b: 0, c: 100 })
  })

  it('replaces or adds to the selection and opens the drawer on its list', () => {
    let s = reduce(initialMapState(), select({ items: [{ layer: 'oae', id: 1 }], at: 1 }))
    expect(s.drawer.open).toBe(true)
    s = reduce(s, showDetail({ layer: 'oae', id: 1 }))
    expect(s.drawer.view).toBe('detail')
    s = reduce(
      s,
      select({
        items: [
          { layer: 'oae', id: 1 },
          { layer: 'placas', id: 9 },
        ],
        add: true,
        at: 2,
      }),
    )
    expect(s.selection).toEqual([
      { layer: 'oae', id: 1, added: 1 },
      { layer: 'placas', id: 9, added: 2 },
    ])
    expect(s.drawer.view).toBe('list')
    s = reduce(s, select({ items: [{ layer: 'rodovias', id: 3 }], at: 3, open: false }))
    expect(s.selection).toHaveLength(1)
    expect(s.drawer.open).toBe(false)
    s = reduce(s, select({ items: [], at: 4 }))
    expect(s.drawer.open).toBe(false)
  })

  it('lists the newest first, then the highest id', () => {
    const items = [
      { layer: 'a', id: 1, added: 1 },
      { layer: 'a', id: 5, added: 2 },
      { layer: 'b', id: 3, added: 2 },
    ]
    expect(orderedSelection(items).map((i) => i.id)).toEqual([5, 3, 1])
  })

  it('filters the drawer by layer and clears', () => {
    let s = reduce(initialMapState(), select({ items: [{ layer: 'oae', id: 1 }] }))
    s = reduce(s, filterDrawerLayer('oae'))
    expect(s.drawer).toMatchObject({ layer: 'oae', page: 0, open: true, view: 'list' })
    s = reduce(s, clearSelection())
    expect(s.selection).toEqual([])
    expect(s.drawer.open).toBe(false)
  })

  it('queues showOnMap requests until the map serves them', () => {
    let s = reduce(initialMapState(), showOnMap({ items: [{ layer: 'oae', id: 2 }] }))
    expect(s.shown).toEqual({ items: [{ layer: 'oae', id: 2 }], seq: 1 })
    s = reduce(s, shownServed(1))
    expect(s.shown).toBeNull()
  })
})
