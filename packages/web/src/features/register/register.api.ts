import type { RegisterRequest } from '@gis/shared'
import { api } from '../../api/base-api'

/** Registration (public): the request, and whether a username is taken. */
export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<{ ok: true }, RegisterRequest>({
      query: (body) => ({ url: '/api/users/register', method: 'POST', body }),
    }),
    usernameExists: build.query<{ exists: boolean }, string>({
      query: (username) => `/api/users/exists?${new URLSearchParams({ username }).toString()}`,
    }),
  }),
})

export const { useRegisterMutation, useLazyUsernameExistsQuery } = registerApi
