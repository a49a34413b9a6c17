import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react'
import { t } from '@gis/shared/i18n'
import { ApiError, apiRequest, type FieldError, type RequestOptions } from './client'

export type { FieldError } from './client'

export interface ApiArgs {
  url: string
  method?: RequestOptions['method']
  body?: unknown
  /** Sign-in itself: no token. */
  anonymous?: boolean
  keepalive?: boolean
  /** A body sent as it is (XML), instead of `body` as JSON. */
  rawBody?: RequestOptions['rawBody']
}

/** What a failed endpoint hands to components: the status (0: no answer), message, field errors. */
export interface ApiFailure {
  status: number
  message: string
  errors: FieldError[]
}

export interface ApiMeta {
  headers: Headers
}

/**
 * The action that resets the whole state (app/store.ts defines it as `resetAll`): logout, or a
 * 401 answer to a call made with a token, so that nothing of the previous session remains.
 */
export const RESET_ALL = 'app/resetAll'

/** The session token lives in the auth slice (state/auth-slice.ts); read it structurally here. */
function tokenOf(state: unknown): string | null {
  return (state as { auth?: { token?: string | null } }).auth?.token ?? null
}

const baseQuery: BaseQueryFn<ApiArgs | string, unknown, ApiFailure, object, ApiMeta> = async (
  args,
  { signal, dispatch, getState },
) => {
  const { url, method, body, anonymous, keepalive, rawBody } =
    typeof args === 'string' ? ({ url: args } as ApiArgs) : args
  const token = anonymous ? null : tokenOf(getState())
  try {
    const { data, headers } = await apiRequest(url, {
      method,
      body,
      signal,
      token,
      keepalive,
      rawBody,
    })
    return { data, meta: { headers } }
  } catch (err) {
    if (err instanceof ApiError) {
      // An expired or revoked session: reset everything; the guards then send the user to /login.
      if (err.status === 401 && token) {
        dispatch({ type: RESET_ALL })
        dispatch(api.util.resetApiState())
      }
      return { error: { status: err.status, message: err.message, errors: err.errors } }
    }
    return { error: { status: 0, message: t('common.requestFailed'), errors: [] } }
  }
}

/**
 * The one RTK Query API. Each feature adds its endpoints in its own `*.api.ts` with
 * `api.injectEndpoints`; server data lives only in this cache, never copied into slices.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Config', 'Permissions', 'Users', 'Logins', 'Layers', 'BaseLayers', 'MapConfig'],
  endpoints: () => ({}),
})

/** Data loaded at start-up and read for the whole session stays cached this long unused. */
export const SESSION_CACHE_S = 12 * 60 * 60

/** Any error an endpoint or `unwrap()` hands back, as an ApiFailure. */
export function toFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const e = error as Partial<ApiFailure>
    return {
      status: typeof e.status === 'number' ? e.status : 0,
      message: typeof e.message === 'string' ? e.message : t('common.requestFailed'),
      errors: Array.isArray(e.errors) ? e.errors : [],
    }
  }
  return { status: 0, message: t('common.requestFailed'), errors: [] }
}

export interface Page<T> {
  rows: T[]
  total: number
}

export interface PageArgs {
  page: number
  limit: number
  sort?: string
  query?: string
}

/** The paging query of the spec: page (from 0), limit, sort ('-' for descending), query. */
export function pageQuery(args: PageArgs): string {
  const params = new URLSearchParams({ page: String(args.page), limit: String(args.limit) })
  if (args.sort) params.set('sort', args.sort)
  if (args.query) params.set('query', args.query)
  return params.toString()
}

/** A list answer with its total from the x-rowcount header. */
export function toPage<T>(rows: T[], meta: ApiMeta | undefined): Page<T> {
  const raw = meta?.headers.get('x-rowcount')
  const n = raw ? Number(raw) : NaN
  return { rows, total: Number.isFinite(n) ? n : rows.length }
}
