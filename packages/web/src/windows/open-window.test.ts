import { describe, expect, it } from 'vitest'
import { makeStore } from '../app/store'
import { setWindowState } from '../state/workspace-slice'
import { openWindow } from './open-window'
import { defineWindowType, registerWindowTypes } from './window-registry'

const load = async () => () => null
registerWindowTypes([
  defineWindowType({ type: 'Users', title: 'users.windowTitle', singleton: true, load }),
  defineWindowType({
    type: 'Review',
    title: 'tools.approvals',
    singleton: true,
    key: (props) => String(props.approvalId),
    load,
  }),
  defineWindowType({ type: 'Search', title: 'tools.search', load }),
])

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

  it('other types reuse an identical window not used yet, and open another beside a used one', () => {
    const { store, open, windows } = setup()
    const first = open('Search', { layer: 'oae', page: 1 })
    expect(open('Search', { page: 1, layer: 'oae' })).toBe(first)
    const other = open('Search', { layer: 'placas' })
    expect(other).not.toBe(first)
    store.dispatch(setWindowState({ id: first!, state: { filter: 'tipo = ponte' } }))
    const beside = open('Search', { layer: 'oae', page: 1 })
    expect(beside).not.toBe(first)
    expect(windows()).toHaveLength(3)
    expect(open('JanelaDoFuturo')).toBeUndefined()
  })
})
