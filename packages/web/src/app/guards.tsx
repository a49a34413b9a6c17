import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useGetConfigQuery } from '../api/session.api'
import { useAppSelector } from '../state/root-state'
import { useIsAdmin, useSessionToken } from '../state/session'
import { useFrom, type FromState } from '../state/use-from'

const LazyErrorScreen = lazy(async () => ({
  default: (await import('../components/ErrorScreen')).ErrorScreen,
}))

/** The error screen, loaded when one is shown (the sign-in page does without it). */
export function ErrorPage(props: ComponentProps<typeof LazyErrorScreen>) {
  return (
    <Suspense fallback={null}>
      <LazyErrorScreen {...props} />
    </Suspense>
  )
}

function useHere(): string {
  const { pathname, search, hash } = useLocation()
  return `${pathname}${search}${hash}`
}

/** Signed-in routes: without a session, to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const token = useSessionToken()
  const here = useHere()
  if (!token) return <Navigate to="/login" replace state={{ from: here } satisfies FromState} />
  return children
}

const NOT_RETURNABLE = ['/login', '/logout', '/boot', '/register']

/**
 * Public routes (login, register): a signed-in user goes on to the page they came from
 * (kept by RequireSession when it sent them to /login), or to the map.
 */
export function RequirePublic({ children }: { children: ReactNode }) {
  const token = useSessionToken()
  const from = useFrom()
  if (token) {
    const to = from && !NOT_RETURNABLE.includes(from) ? from : '/'
    return <Navigate to={to} replace />
  }
  return children
}

/** Until /boot has run in this page load, every signed-in page goes through it first. */
export function RequireReady({ children }: { children: ReactNode }) {
  const ready = useAppSelector((s) => s.app.ready)
  const here = useHere()
  if (!ready) return <Navigate to="/boot" replace state={{ from: here } satisfies FromState} />
  return children
}

export function useModules(): string[] {
  const { data } = useGetConfigQuery()
  return data?.modules ?? []
}

/** Administrators only; others see the error screen with 403. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const admin = useIsAdmin()
  if (!admin) return <ErrorPage code={403} detail="error.forbidden" />
  return children
}

/** Module routes exist only when the configuration lists the module. */
export function RequireModule({ module, children }: { module: string; children: ReactNode }) {
  const modules = useModules()
  if (!modules.includes(module)) return <ErrorPage code={404} />
  return children
}
