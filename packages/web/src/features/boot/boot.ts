import { t, type MessageKey } from '@gis/shared/i18n'
import type { PermissionsAnswer, SessionUser, WorkspaceState } from '@gis/shared'
import { ApiError, apiRequest } from '../../api/client'
import { accountsApi } from '../../api/endpoints'
import { clearSession, storeUser } from '../../api/local-session'
import type { AppDispatch } from '../../app/store'
import { resetAll } from '../../app/store'
import { ready } from '../../state/app-slice'
import { permissionsLoaded, userLoaded } from '../../state/auth-slice'
import { baseLayersLoaded, layersLoaded } from '../../state/layers-slice'
import { restoreWorkspace } from '../../state/workspace-slice'

export type BootOutcome = 'ready' | 'unauthenticated'

async function get<T>(path: string): Promise<T> {
  return (await apiRequest<T>(path)).data
}

/**
 * The start-up sequence of spec section 4: check authentication (if not authenticated,
 * clear the session); then load the configuration, the user's permissions and workspace,
 * the layers and the base layers. A failing step is reported by name through `report`,
 * and the application is marked ready all the same.
 */
export async function runBoot(
  dispatch: AppDispatch,
  report: (message: string) => void,
): Promise<BootOutcome> {
  const failed = (step: MessageKey) => () => report(t('boot.stepFailed', { step: t(step) }))

  try {
    const { user } = await get<{ ok: true; user: SessionUser }>('/auth/validate')
    storeUser(user)
    dispatch(userLoaded(user))
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      clearSession()
      dispatch(resetAll())
      dispatch(accountsApi.util.resetApiState())
      return 'unauthenticated'
    }
    failed('boot.step.auth')()
  }

  const config = async () => {
    const sub = dispatch(accountsApi.endpoints.getConfig.initiate())
    const result = await sub
    sub.unsubscribe()
    if (result.error) throw result.error
  }
  const user = async () => {
    dispatch(permissionsLoaded(await get<PermissionsAnswer>('/auth/permissions')))
  }
  const workspace = async () => {
    const saved = await get<WorkspaceState | null>('/api/users/workspace')
    if (saved) dispatch(restoreWorkspace(saved))
  }
  const layers = async () => {
    const [descriptions, tree] = await Promise.all([
      get<unknown>('/api/config/layers'),
      get<unknown>('/api/layers'),
    ])
    dispatch(layersLoaded({ descriptions, tree }))
  }
  const baseLayers = async () => {
    const [active, mapConfig] = await Promise.all([
      get<unknown>('/api/base-layers/active'),
      get<unknown>('/api/mapconfig'),
    ])
    dispatch(baseLayersLoaded({ baseLayers: active, mapConfig }))
  }

  await Promise.all([
    config().catch(failed('boot.step.config')),
    user().catch(failed('boot.step.user')),
    workspace().catch(failed('boot.step.workspace')),
    layers().catch(failed('boot.step.layers')),
    baseLayers().catch(failed('boot.step.baseLayers')),
  ])
  dispatch(ready())
  return 'ready'
}
