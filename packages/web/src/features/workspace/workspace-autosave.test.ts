import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { workspaceRestored } from '../../state/app-slice'
import { addWindow } from '../../state/workspace-slice'
import { WORKSPACE_SAVE_DELAY_MS } from './workspace-autosave'

const posts: unknown[] = []

beforeEach(() => {
  vi.useFakeTimers()
  posts.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') posts.push(JSON.parse(String(init.body)))
      return new Response('{"ok":true}', { status: 200 })
    }),
  )
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the workspace is saved as it changes', () => {
  it('once, a second after the last of several changes', async () => {
    const store = makeStore({ persist: false })
    store.dispatch(workspaceRestored())
    store.dispatch(addWindow({ type: 'Users', title: 'Usuários' }))
    await vi.advanceTimersByTimeAsync(WORKSPACE_SAVE_DELAY_MS / 2)
    store.dispatch(addWindow({ type: 'Logins', title: 'Acessos ao sistema' }))
    await vi.advanceTimersByTimeAsync(WORKSPACE_SAVE_DELAY_MS - 1)
    expect(posts).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(10)
    expect(posts).toHaveLength(1)
    expect((posts[0] as { windows: { type: string }[] }).windows.map((w) => w.type)).toEqual([
      'Users',
      'Logins',
    ])
  })

  it('never before the saved workspace has been restored', async () => {
    const store = makeStore({ persist: false })
    store.dispatch(addWindow({ type: 'Users', title: 'Usuários' }))
    await vi.advanceTimersByTimeAsync(WORKSPACE_SAVE_DELAY_MS * 3)
    expect(posts).toHaveLength(0)
  })
})
