import type { ChangePasswordRequest, ProfileUpdate, SessionUser } from '@gis/shared'
import { api } from '../../api/base-api'
import { userRefreshed } from '../../state/auth-slice'

/** The profile update; the current password is required when the e-mail changes. */
export type ProfileChange = ProfileUpdate & { currentPassword?: string }

/** The signed-in user's own profile and password. Answers refresh the session user. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<SessionUser, void>({
      query: () => '/api/me/profile',
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }))
        if (data) dispatch(userRefreshed(data))
      },
    }),
    updateProfile: build.mutation<SessionUser, ProfileChange>({
      query: (body) => ({ url: '/api/me/profile', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }))
        if (data) dispatch(userRefreshed(data))
      },
    }),
    changePassword: build.mutation<{ ok: true }, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/me/change-password', method: 'PUT', body }),
    }),
  }),
})

export const { useGetProfileQuery, useUpdateProfileMutation, useChangePasswordMutation } =
  profileApi
