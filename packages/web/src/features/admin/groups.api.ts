import type {
  GroupInput,
  GroupMember,
  GroupRecord,
  PermissionMatrixRow,
  PermissionRow,
} from '@gis/shared'
import { pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'
import { adminApi } from './admin-api'

/** Groups, their members and their permissions matrix (administrators). */
export const groupsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listGroups: build.query<Page<GroupRecord>, PageArgs>({
      query: (args) => `/api/groups?${pageQuery(args)}`,
      transformResponse: (rows: GroupRecord[], meta) => toPage(rows, meta),
      providesTags: ['Groups'],
    }),
    createGroup: build.mutation<{ id: number }, GroupInput>({
      query: (body) => ({ url: '/api/groups', method: 'POST', body }),
      invalidatesTags: ['Groups'],
    }),
    updateGroup: build.mutation<GroupRecord, { id: number; group: GroupInput }>({
      query: ({ id, group }) => ({ url: `/api/groups/${id}`, method: 'PUT', body: group }),
      invalidatesTags: ['Groups', 'Users'],
    }),
    deleteGroup: build.mutation<null, number>({
      query: (id) => ({ url: `/api/groups/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Groups', 'Users'],
    }),
    groupPermissions: build.query<PermissionMatrixRow[], number>({
      query: (id) => `/api/groups/${id}/permissions`,
      providesTags: ['GroupDetail'],
    }),
    savePermissions: build.mutation<PermissionMatrixRow[], { id: number; rows: PermissionRow[] }>({
      query: ({ id, rows }) => ({
        url: `/api/groups/${id}/permissions`,
        method: 'PUT',
        body: rows,
      }),
      invalidatesTags: ['GroupDetail', 'Groups', 'Permissions'],
    }),
    groupMembers: build.query<GroupMember[], number>({
      query: (id) => `/api/groups/${id}/members`,
      providesTags: ['GroupDetail'],
    }),
    saveMembers: build.mutation<GroupMember[], { id: number; userIds: number[] }>({
      query: ({ id, userIds }) => ({
        url: `/api/groups/${id}/members`,
        method: 'PUT',
        body: { userIds },
      }),
      invalidatesTags: ['GroupDetail', 'Groups', 'Users'],
    }),
  }),
})

export const {
  useListGroupsQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useDeleteGroupMutation,
  useGroupPermissionsQuery,
  useSavePermissionsMutation,
  useGroupMembersQuery,
  useSaveMembersMutation,
} = groupsApi
