import type {
  AppConfig,
  ChangePasswordRequest,
  LoginRecord,
  PermissionsAnswer,
  ProfileUpdate,
  RegisterRequest,
  SessionUser,
  UserRecord,
  UserUpdate,
  WorkspaceState,
} from '@gis/shared'
import { api, rowCount } from './base-api'

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

function pageQuery(args: PageArgs): string {
  const params = new URLSearchParams({ page: String(args.page), limit: String(args.limit) })
  if (args.sort) params.set('sort', args.sort)
  if (args.query) params.set('query', args.query)
  return params.toString()
}

/** Endpoints of the accounts API and the configuration, shared by the shell's screens. */
export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<AppConfig, void>({
      query: () => '/api/config',
      providesTags: ['Config'],
    }),
    validate: build.query<{ ok: true; user: SessionUser }, void>({ query: () => '/auth/validate' }),
    getPermissions: build.query<PermissionsAnswer, void>({ query: () => '/auth/permissions' }),
    getWorkspace: build.query<WorkspaceState | null, void>({ query: () => '/api/users/workspace' }),
    saveWorkspace: build.mutation<{ ok: true }, WorkspaceState>({
      query: (body) => ({ url: '/api/users/workspace', method: 'POST', body }),
    }),
    register: build.mutation<{ ok: true }, RegisterRequest>({
      query: (body) => ({ url: '/api/users/register', method: 'POST', body }),
    }),
    usernameExists: build.query<{ exists: boolean }, string>({
      query: (username) => `/api/users/exists?${new URLSearchParams({ username }).toString()}`,
    }),
    forgotPassword: build.mutation<{ ok: true }, { username: string }>({
      query: (body) => ({ url: '/api/me/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ ok: true }, { token: string; password: string }>({
      query: (body) => ({ url: '/api/me/reset-password', method: 'POST', body }),
    }),
    getProfile: build.query<SessionUser, void>({
      query: () => '/api/me/profile',
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<SessionUser, ProfileUpdate>({
      query: (body) => ({ url: '/api/me/profile', method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
    changePassword: build.mutation<{ ok: true }, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/me/change-password', method: 'PUT', body }),
    }),
    listUsers: build.query<Page<UserRecord>, PageArgs>({
      query: (args) => `/api/users?${pageQuery(args)}`,
      transformResponse: (rows: UserRecord[], meta) => ({
        rows,
        total: rowCount(meta, rows.length),
      }),
      providesTags: ['Users'],
    }),
    updateUser: build.mutation<UserRecord, { id: number; changes: UserUpdate }>({
      query: ({ id, changes }) => ({ url: `/api/users/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['Users'],
    }),
    listLogins: build.query<Page<LoginRecord>, PageArgs>({
      query: (args) => `/api/logins?${pageQuery(args)}`,
      transformResponse: (rows: LoginRecord[], meta) => ({
        rows,
        total: rowCount(meta, rows.length),
      }),
      providesTags: ['Logins'],
    }),
  }),
})

export const {
  useGetConfigQuery,
  useRegisterMutation,
  useLazyUsernameExistsQuery,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useListUsersQuery,
  useUpdateUserMutation,
  useListLoginsQuery,
} = accountsApi
