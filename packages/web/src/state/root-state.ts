import {
  combineReducers,
  createAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { useDispatch, useSelector } from 'react-redux'
import { api, RESET_ALL } from '../api/base-api'
import { appSlice } from './app-slice'
import { authSlice } from './auth-slice'
import { editorSlice } from './editor-slice'
import { mapSlice } from './map-slice'
import { orbitSlice } from './orbit-slice'
import { uiSlice } from './ui-slice'
import { workspaceSlice } from './workspace-slice'

/** Logout resets the whole application state (spec section 3), the API cache included. */
export const resetAll = createAction(RESET_ALL)

const combined = combineReducers({
  [api.reducerPath]: api.reducer,
  app: appSlice.reducer,
  auth: authSlice.reducer,
  editor: editorSlice.reducer,
  map: mapSlice.reducer,
  orbit: orbitSlice.reducer,
  ui: uiSlice.reducer,
  workspace: workspaceSlice.reducer,
})

export type RootState = ReturnType<typeof combined>

/**
 * The state of the one store (`app/store.ts` makes it): defined here, below the features, so
 * that they read and change it without importing the composition.
 */
export function rootReducer(
  state: Parameters<typeof combined>[0],
  action: UnknownAction,
): RootState {
  return combined(resetAll.match(action) ? undefined : state, action)
}

export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()

/** Ends the session here: every slice and the API cache back to their start. */
export function resetSession(dispatch: AppDispatch): void {
  dispatch(resetAll())
  dispatch(api.util.resetApiState())
}
