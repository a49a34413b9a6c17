import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { PermissionsAnswer, SessionUser } from '@gis/shared'
import { storedToken, storedUser } from '../api/local-session'

export interface AuthState {
  user: SessionUser | null
  token: string | null
  permissions: PermissionsAnswer | null
}

const initialState = (): AuthState => ({
  user: storedUser(),
  token: storedToken(),
  permissions: null,
})

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      state.user = action.payload.user
      state.token = action.payload.token
    },
    userLoaded(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload
    },
    permissionsLoaded(state, action: PayloadAction<PermissionsAnswer>) {
      state.permissions = action.payload
    },
  },
})

export const { signedIn, userLoaded, permissionsLoaded } = authSlice.actions
