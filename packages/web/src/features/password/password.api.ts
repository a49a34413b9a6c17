import { api } from '../../api/base-api'

/** Password reset (public): ask for the e-mailed link; set a new password with its token. */
export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<{ ok: true }, { username: string }>({
      query: (body) => ({ url: '/api/me/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ ok: true }, { token: string; password: string }>({
      query: (body) => ({ url: '/api/me/reset-password', method: 'POST', body }),
    }),
  }),
})

export const { useForgotPasswordMutation, useResetPasswordMutation } = passwordApi
