import type { SessionUser } from '@gis/shared'
import { useAppSelector } from './root-state'

/** The signed-in user: the one place is the auth slice (state/auth-slice.ts). */
export function useCurrentUser(): SessionUser | null {
  return useAppSelector((s) => s.auth.user)
}

export function useSessionToken(): string | null {
  return useAppSelector((s) => s.auth.token)
}

export function useIsAdmin(): boolean {
  return useAppSelector((s) => Boolean(s.auth.user?.admin))
}
