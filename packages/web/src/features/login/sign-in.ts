import type { SessionUser } from '@gis/shared'
import { apiRequest } from '../../api/client'

export type SignInOutcome =
  { kind: 'active'; user: SessionUser; token: string } | { kind: 'inactive' }

/** POST /auth/login: active users get their token in the authorization header of the answer. */
export async function signIn(username: string, password: string): Promise<SignInOutcome> {
  const { data, headers } = await apiRequest<SessionUser>('/auth/login', {
    method: 'POST',
    body: { username, password },
    anonymous: true,
  })
  const token = headers.get('authorization')
  if (!data.active || !token) return { kind: 'inactive' }
  return { kind: 'active', user: data, token }
}
