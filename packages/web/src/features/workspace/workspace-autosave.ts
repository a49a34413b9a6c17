import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit'
import type { WorkspaceState } from '@gis/shared'
import type { AppState } from '../../state/app-slice'
import { workspaceApi } from '../../api/workspace.api'

/** The workspace is saved this long after its last change (and at logout, and on unload). */
export const WORKSPACE_SAVE_DELAY_MS = 1000

interface Saved {
  workspace: WorkspaceState
  app: AppState
}

/**
 * Saves the workspace as it changes, debounced, so that F5 (or a crash) keeps the open
 * windows. Nothing is saved before boot has restored the saved workspace: an unrestored empty
 * workspace must never overwrite the stored one. A change still waiting when the page unloads
 * is sent at once, with `keepalive` so that the request outlives the page.
 */
export function startWorkspaceAutosave<S extends Saved>(
  listeners: ListenerMiddlewareInstance<S>,
): void {
  let pending: (() => void) | null = null

  listeners.startListening({
    predicate: (_action, current, previous) =>
      current.workspace !== previous.workspace && current.app.workspaceRestored,
    effect: async (_action, listener) => {
      listener.cancelActiveListeners()
      const save = (keepalive: boolean) => {
        pending = null
        const state = listener.getState()
        if (!state.app.workspaceRestored) return
        void listener.dispatch(
          workspaceApi.endpoints.saveWorkspace.initiate({ workspace: state.workspace, keepalive }),
        )
      }
      pending = () => save(true)
      try {
        await listener.delay(WORKSPACE_SAVE_DELAY_MS)
      } catch {
        return // a newer change restarted the wait
      }
      save(false)
    },
  })

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => pending?.())
  }
}
