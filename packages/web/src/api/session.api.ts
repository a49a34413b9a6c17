import type { AppConfig, PermissionsAnswer, SessionUser } from '@gis/shared'
import { api, SESSION_CACHE_S } from './base-api'

/**
 * The name shown before the configuration answers. Mirrors DEFAULT_PROJECT_NAME of
 * packages/shared (config/app-config.ts), whose module holds zod schemas the sign-in page
 * must not load.
 */
export const DEFAULT_PROJECT_NAME = 'GIS'

export type SignInOutcome =
  { kind: 'active'; user: SessionUser; token: string } | { kind: 'inactive' }

/**
 * The session and the public configuration, which every screen of the shell needs: sign-in
 * (the token comes in the authorization header of the answer), validation at start-up,
 * sign-out, the per-layer permissions and GET /api/config (project name, modules).
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SignInOutcome, { username: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, anonymous: true }),
      transformResponse: (user: SessionUser, meta): SignInOutcome => {
        const token = meta?.headers.get('authorization')
        return user.active && token ? { kind: 'active', user, token } : { kind: 'inactive' }
      },
    }),
    /** Its answer refreshes the session user: the auth slice takes it (state/auth-slice.ts). */
    validate: build.query<{ ok: true; user: SessionUser }, void>({
      query: () => '/auth/validate',
      keepUnusedDataFor: 0,
    }),
    signOut: build.mutation<{ ok: true }, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    getPermissions: build.query<PermissionsAnswer, void>({
      query: () => '/auth/permissions',
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['Permissions'],
    }),
    getConfig: build.query<AppConfig, void>({
      query: () => '/api/config',
      keepUnusedDataFor: SESSION_CACHE_S,
      providesTags: ['Config'],
    }),
  }),
})

export const { useSignInMutation, useGetConfigQuery, useGetPermissionsQuery } = sessionApi
