import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { SessionUser } from '@gis/shared'
import { sessionApi } from '../api/session.api'

/**
 * The session: the one place that holds the signed-in user and the token. The store starts it
 * from local storage and one listener writes it back (app/store.ts); components read it with
 * `useCurrentUser()` (state/session.ts). Endpoints that answer the session user refresh it:
 * the profile's with `userRefreshed`, and the slice itself takes the user of every answer of
 * validate (the API floor does not import the state).
 */
export interface AuthState {
  token: string | null
  user: SessionUser | null
}

export const signedOut = (): AuthState => ({ token: null, user: null })

export const authSlice = createSlice({
  name: 'auth',
  initialState: signedOut,
  reducers: {
    signedIn(_state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      return { token: action.payload.token, user: action.payload.user }
    },
    userRefreshed(state, action: PayloadAction<SessionUser>) {
      if (state.token) state.user = action.payload
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(sessionApi.endpoints.validate.matchFulfilled, (state, action) => {
      if (state.token) state.user = action.payload.user
    })
  },
})

export const { signedIn, userRefreshed } = authSlice.actions
