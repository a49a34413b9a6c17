import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { useRoutes, type RouteObject } from 'react-router'
import { t } from '@gis/shared/i18n'
import { LoadingScreen } from '../components/LoadingScreen'
import { LoginPage } from '../features/login'
import {
  ErrorPage,
  RequireAdmin,
  RequireModule,
  RequirePublic,
  RequireReady,
  RequireSession,
} from './guards'

/**
 * A screen loaded on demand, showing `text` while its code loads. It comes with the areas'
 * texts: the sign-in page, the only screen loaded at once, has the catalogue's core alone.
 */
function onDemand<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  text: string = t('common.loading'),
): ReactNode {
  const Screen = lazy(async () => {
    const [screens] = await Promise.all([load(), import('@gis/shared/i18n-all')])
    return { default: screens[name] as ComponentType }
  })
  return (
    <Suspense fallback={<LoadingScreen text={text} />}>
      <Screen />
    </Suspense>
  )
}

const shell = () => import('./shell')
const modules = () => import('./screens/ModulePages')
const sync = () => import('../features/sync')

/** A page of an optional module: found only when the server has the module on (else 404). */
function moduleRoute(
  path: string,
  module: string,
  page: keyof Awaited<ReturnType<typeof modules>>,
  text: string,
) {
  return {
    path,
    element: <RequireModule module={module}>{onDemand(modules, page, text)}</RequireModule>,
  }
}

const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <RequirePublic>
        <LoginPage />
      </RequirePublic>
    ),
  },
  {
    path: '/register',
    element: (
      <RequirePublic>
        {onDemand(() => import('../features/register'), 'RegisterPage')}
      </RequirePublic>
    ),
  },
  {
    path: '/forgot-password',
    element: onDemand(() => import('../features/password'), 'ForgotPasswordPage'),
  },
  {
    path: '/reset-password/:token',
    element: onDemand(() => import('../features/password'), 'ResetPasswordPage'),
  },
  {
    path: '/logout',
    element: (
      <RequireSession>{onDemand(() => import('../features/logout'), 'LogoutPage')}</RequireSession>
    ),
  },
  {
    path: '/boot',
    element: (
      <RequireSession>{onDemand(() => import('../features/boot'), 'BootPage')}</RequireSession>
    ),
  },
  {
    element: (
      <RequireSession>
        <RequireReady>{onDemand(shell, 'Shell')}</RequireReady>
      </RequireSession>
    ),
    children: [
      { path: '/', element: onDemand(() => import('./screens/MapScreen'), 'MapScreen') },
      {
        path: '/workspace',
        element: onDemand(() => import('../features/workspace/WorkspacePage'), 'WorkspacePage'),
      },
      { path: '/profile', element: onDemand(() => import('../features/profile'), 'ProfilePage') },
      moduleRoute('/documents', 'documents', 'DocumentsPage', t('module.loading')),
      moduleRoute('/orbit', 'orbit', 'OrbitPage', t('module.orbitLoading')),
      moduleRoute('/inspection', 'oaeInspections', 'InspectionPage', t('module.loading')),
      moduleRoute(
        '/inspection/ponte/:featureId',
        'oaeInspections',
        'InspectionBridgePage',
        t('module.loading'),
      ),
      {
        path: '/dashboard',
        element: (
          <RequireAdmin>
            {onDemand(
              () => import('./screens/DashboardScreen'),
              'DashboardScreen',
              t('module.dashboardLoading'),
            )}
          </RequireAdmin>
        ),
      },
      {
        path: '/dashboard/sync/:syncId',
        element: <RequireAdmin>{onDemand(sync, 'SyncPage', t('module.loading'))}</RequireAdmin>,
      },
      {
        path: '/dashboard/syncqueue',
        element: (
          <RequireAdmin>{onDemand(sync, 'SyncQueuePage', t('module.loading'))}</RequireAdmin>
        ),
      },
    ],
  },
  { path: '*', element: <ErrorPage code={404} fullPage /> },
]

/** The app's pages by path (React Router in its declarative mode: no loaders or actions). */
export function AppRoutes() {
  return useRoutes(routes)
}
