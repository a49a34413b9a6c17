import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react'
import { ApiError, apiRequest, type FieldError, type RequestOptions } from './client'
import { clearSession, storedToken } from './local-session'

export interface ApiArgs {
  url: string
  method?: RequestOptions['method']
  body?: unknown
}

/** What a failed endpoint hands to components. */
export interface ApiFailure {
  status: number
  message: string
  errors: FieldError[]
}

export interface ApiMeta {
  headers: Headers
}

/** Dispatched when the server no longer accepts the stored token (see app/store.ts). */
export const SESSION_EXPIRED = 'app/resetAll'

const baseQuery: BaseQueryFn<ApiArgs | string, unknown, ApiFailure, object, ApiMeta> = async (
  args,
  { signal, dispatch },
) => {
  const { url, method, body } = typeof args === 'string' ? { url: args } : args
  try {
    const { data, headers } = await apiRequest(url, { method, body, signal })
    return { data, meta: { headers } }
  } catch (err) {
    if (err instanceof ApiError) {
      // An expired or revoked session: clear it; the route guards then send the user to /login.
      if (err.status === 401 && storedToken()) {
        clearSession()
        dispatch({ type: SESSION_EXPIRED })
      }
      return { error: { status: err.status, message: err.message, errors: err.errors } }
    }
    return { error: { status: 0, message: String(err), errors: [] } }
  }
}

/** The one RTK Query API; each feature adds its endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Config', 'Profile', 'Users', 'Logins'],
  endpoints: () => ({}),
})

export function isApiFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value
}

/** Total of a list answer, from the x-rowcount header. */
export function rowCount(meta: ApiMeta | undefined, fallback: number): number {
  const raw = meta?.headers.get('x-rowcount')
  const n = raw ? Number(raw) : NaN
  return Number.isFinite(n) ? n : fallback
}
