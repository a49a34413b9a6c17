import type { AdminUserCreate, AdminUserRecord, AdminUserUpdate, UserStatus } from '@gis/shared'
import { pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'
import { adminApi } from './admin-api'

/**
 * User administration (administrators): the paged list (with the activation queue as
 * `status: 'pending'`), one user, create, update (activation, administrator flag, groups,
 * password) and delete.
 */
export const usersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<Page<AdminUserRecord>, PageArgs & { status?: UserStatus }>({
      query: ({ status, ...args }) =>
        `/api/users?${pageQuery(args)}${status ? `&status=${status}` : ''}`,
      transformResponse: (rows: AdminUserRecord[], meta) => toPage(rows, meta),
      providesTags: ['Users'],
    }),
    createUser: build.mutation<{ id: number }, AdminUserCreate>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: ['Users', 'Groups', 'GroupDetail'],
    }),
    updateUser: build.mutation<AdminUserRecord, { id: number; changes: AdminUserUpdate }>({
      query: ({ id, changes }) => ({ url: `/api/users/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: ['Users', 'Groups', 'GroupDetail'],
    }),
    deleteUser: build.mutation<null, number>({
      query: (id) => ({ url: `/api/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Users', 'Groups', 'GroupDetail'],
    }),
  }),
})

export const {
  useListUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
} = usersApi
