import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { openWindow } from './open-window'

vi.mock('./window-types', async () => {
  const { defineWindowType } = await import('./window-type')
  const load = async () => () => null
  return {
    WINDOW_TYPES: [
      defineWindowType({ type: 'Users', title: 'users.windowTitle', singleton: true, load }),
      defineWindowType({
        type: 'Review',
        title: 'tools.approvals',
        singleton: true,
        key: (props) => String(props.approvalId),
        load,
      }),
      defineWindowType({ type: 'Search', title: 'tools.search', load }),
    ],
  }
})

function setup() {
  const store = makeStore({ persist: false })
  const open = (type: string, props?: Record<string, unknown>) =>
    store.dispatch(openWindow({ type, props }))
  return { store, open, windows: () => store.getState().workspace.windows }
}

describe('opening workspace windows (one registry, keyed singletons)', () => {
  it('a singleton type activates its open window instead of adding one', () => {
    const { store, open, windows } = setup()
    const first = open('Users')
    open('Search')
    expect(open('Users')).toBe(first)
    expect(windows().map((w) => w.type)).toEqual(['Users', 'Search'])
    expect(store.getState().workspace.active).toBe(first)
    expect(windows()[0]?.title).toBe('Usuários')
  })

  it('a keyed singleton is found by type and key: another key opens another window', () => {
    const { open, windows } = setup()
    const seven = open('Review', { approvalId: 7 })
    const eight = open('Review', { approvalId: 8 })
    expect(eight).not.toBe(seven)
    expect(open('Review', { approvalId: 7 })).toBe(seven)
    expect(windows()).toHaveLength(2)
  })

  it('other types open a new window each time; an unknown type opens nothing', () => {
    const { open, windows } = setup()
    open('Search')
    open('Search')
    expect(open('JanelaDoFuturo')).toBeUndefined()
    expect(windows().map((w) => w.type)).toEqual(['Search', 'Search'])
  })
})
