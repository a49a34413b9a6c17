import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit'
import { api } from '../api/base-api'
import { loadSession, persistSession } from '../api/local-session'
import { startWorkspaceAutosave } from '../features/workspace'
import { rootReducer, type AppDispatch, type RootState } from '../state/root-state'

/**
 * The store. The session starts from local storage and one listener writes the auth slice
 * back whenever it changes (sign-in, refresh, reset); another saves the workspace as it
 * changes (features/workspace/workspace-autosave.ts). Its state, hooks and reset are in
 * `state/root-state.ts`, where the features take them from.
 */
export function makeStore(options: { persist?: boolean } = {}) {
  const persist = options.persist ?? true
  const listeners = createListenerMiddleware<RootState>()
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: persist ? { auth: loadSession() } : undefined,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  })
  if (persist) {
    listeners.startListening({
      predicate: (_action, current, previous) => current.auth !== previous.auth,
      effect: (_action, listener) => persistSession(listener.getState().auth),
    })
  }
  startWorkspaceAutosave(listeners)
  return store
}

export const store = makeStore()

export type AppStore = ReturnType<typeof makeStore>
// The store's own dispatch is what the features' typed one says it is.
store.dispatch satisfies AppDispatch
