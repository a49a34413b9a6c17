import { combineReducers, configureStore, createAction, type UnknownAction } from '@reduxjs/toolkit'
import { useDispatch, useSelector } from 'react-redux'
import { api, SESSION_EXPIRED } from '../api/base-api'
import { appSlice } from '../state/app-slice'
import { authSlice } from '../state/auth-slice'
import { layersSlice } from '../state/layers-slice'
import { mapSlice } from '../state/map-slice'
import { orbitSlice } from '../state/orbit-slice'
import { uiSlice } from '../state/ui-slice'
import { workspaceSlice } from '../state/workspace-slice'

/** Logout resets the whole application state (spec section 3), the API cache included. */
export const resetAll = createAction(SESSION_EXPIRED)

const combined = combineReducers({
  [api.reducerPath]: api.reducer,
  app: appSlice.reducer,
  auth: authSlice.reducer,
  ui: uiSlice.reducer,
  map: mapSlice.reducer,
  layers: layersSlice.reducer,
  orbit: orbitSlice.reducer,
  workspace: workspaceSlice.reducer,
})

type CombinedState = ReturnType<typeof combined>

function rootReducer(state: CombinedState | undefined, action: UnknownAction): CombinedState {
  return combined(resetAll.match(action) ? undefined : state, action)
}

export function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  })
}

export const store = makeStore()

export type AppStore = ReturnType<typeof makeStore>
export type RootState = ReturnType<AppStore['getState']>
export type AppDispatch = AppStore['dispatch']

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()
