import {
  combineReducers,
  configureStore,
  createAction,
  createListenerMiddleware,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { useDispatch, useSelector } from 'react-redux'
import { api, RESET_ALL } from '../api/base-api'
import { loadSession, persistSession } from '../api/local-session'
import { editorSlice } from '../features/feature-editor/editor-slice'
import { startWorkspaceAutosave } from '../features/workspace/workspace-autosave'
import { appSlice } from '../state/app-slice'
import { authSlice } from '../state/auth-slice'
import { mapSlice } from '../state/map-slice'
import { uiSlice } from '../state/ui-slice'
import { workspaceSlice } from '../state/workspace-slice'

/** Logout resets the whole application state (spec section 3), the API cache included. */
export const resetAll = createAction(RESET_ALL)

const combined = combineReducers({
  [api.reducerPath]: api.reducer,
  app: appSlice.reducer,
  auth: authSlice.reducer,
  editor: editorSlice.reducer,
  map: mapSlice.reducer,
  ui: uiSlice.reducer,
  workspace: workspaceSlice.reducer,
})

type CombinedState = ReturnType<typeof combined>

function rootReducer(state: Parameters<typeof combined>[0], action: UnknownAction): CombinedState {
  return combined(resetAll.match(action) ? undefined : state, action)
}

/**
 * The store. The session starts from local storage and one listener writes the auth slice
 * back whenever it changes (sign-in, refresh, reset); another saves the workspace as it
 * changes (features/workspace/workspace-autosave.ts).
 */
export function makeStore(options: { persist?: boolean } = {}) {
  const persist = options.persist ?? true
  const listeners = createListenerMiddleware<CombinedState>()
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
export type RootState = ReturnType<AppStore['getState']>
export type AppDispatch = AppStore['dispatch']

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()

/** Ends the session here: every slice and the API cache back to their start. */
export function resetSession(dispatch: AppDispatch): void {
  dispatch(resetAll())
  dispatch(api.util.resetApiState())
}
