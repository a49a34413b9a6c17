import { describe, expect, it } from 'vitest'
import {
  activateWindow,
  addWindow,
  initialWorkspace,
  removeWindow,
  restoreWorkspace,
  workspaceSlice,
} from './workspace-slice'

const reduce = workspaceSlice.reducer

function withWindows(n: number) {
  let state = initialWorkspace()
  for (let i = 0; i < n; i++) state = reduce(state, addWindow({ type: 'Users', title: `J${i}` }))
  return state
}

describe('workspace windows (spec section 4)', () => {
  it('adding makes the new window active and counts ids up', () => {
    const state = withWindows(3)
    expect(state.windows.map((w) => w.id)).toEqual(['w1', 'w2', 'w3'])
    expect(state.active).toBe('w3')
    expect(state.windowCounter).toBe(3)
  })

  it('removing the active window activates the one at the same position, or the last', () => {
    let state = reduce(withWindows(3), activateWindow('w2'))
    state = reduce(state, removeWindow('w2'))
    expect(state.active).toBe('w3')
    state = reduce(state, removeWindow('w3'))
    expect(state.active).toBe('w1')
    state = reduce(state, removeWindow('w1'))
    expect(state.active).toBeNull()
  })

  it('removing another window keeps the active one', () => {
    const state = reduce(withWindows(3), removeWindow('w1'))
    expect(state.active).toBe('w3')
  })

  it('activating or removing an unknown id is ignored', () => {
    const before = withWindows(2)
    expect(reduce(before, activateWindow('w9'))).toEqual(before)
    expect(reduce(before, removeWindow('w9'))).toEqual(before)
  })

  it('a restored workspace with a dangling active id activates its first window', () => {
    const state = reduce(
      initialWorkspace(),
      restoreWorkspace({
        active: 'w7',
        windowCounter: 4,
        windows: [{ id: 'w4', type: 'Users', title: 'U', props: {} }],
      }),
    )
    expect(state.active).toBe('w4')
    expect(state.windowCounter).toBe(4)
  })
})
