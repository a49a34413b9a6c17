import { useSessionToken } from './session'

/** The token a download URL carries: the second word of `Bearer <token>` (spec 1 section 7). */
export function useUrlToken(): string | null {
  const authorization = useSessionToken()
  return authorization ? (authorization.split(' ')[1] ?? authorization) : null
}
