import { t, type MessageKey } from '@gis/shared/i18n'
import { toFailure } from '../../api/base-api'
import { sessionApi } from '../../api/session.api'
import { resetSession, type AppDispatch } from '../../state/root-state'
import { ready, workspaceRestored } from '../../state/app-slice'
import { restoreWorkspace } from '../../state/workspace-slice'
import { layersApi } from '../../api/layers.api'
import { workspaceApi } from '../../api/workspace.api'

export type BootOutcome = 'ready' | 'unauthenticated'

/**
 * The start-up sequence of spec section 4, through the RTK Query endpoints (so the cache is
 * warm for the screens): check authentication (if not authenticated, end the session); then
 * the configuration, the user's permissions and workspace, the layers and the base layers. A
 * failing step is reported by name through `report`, and the application is marked ready all
 * the same.
 */
export async function runBoot(
  dispatch: AppDispatch,
  report: (message: string) => void,
): Promise<BootOutcome> {
  const failed = (step: MessageKey) => () => report(t('boot.stepFailed', { step: t(step) }))
  const fresh = { subscribe: false, forceRefetch: true } as const

  try {
    // The answer refreshes the session user (state/auth-slice.ts).
    await dispatch(sessionApi.endpoints.validate.initiate(undefined, fresh)).unwrap()
  } catch (err) {
    const { status } = toFailure(err)
    if (status === 401 || status === 403) {
      resetSession(dispatch)
      return 'unauthenticated'
    }
    failed('boot.step.auth')()
  }

  const config = () => dispatch(sessionApi.endpoints.getConfig.initiate(undefined, fresh)).unwrap()
  const user = () =>
    dispatch(sessionApi.endpoints.getPermissions.initiate(undefined, fresh)).unwrap()
  const workspace = async () => {
    const saved = await dispatch(
      workspaceApi.endpoints.getWorkspace.initiate(undefined, fresh),
    ).unwrap()
    if (saved) dispatch(restoreWorkspace(saved))
    dispatch(workspaceRestored())
  }
  const layers = () =>
    Promise.all([
      dispatch(layersApi.endpoints.getLayerDescriptions.initiate(undefined, fresh)).unwrap(),
      dispatch(layersApi.endpoints.getLayers.initiate(undefined, fresh)).unwrap(),
    ])
  const baseLayers = () =>
    Promise.all([
      dispatch(layersApi.endpoints.getActiveBaseLayers.initiate(undefined, fresh)).unwrap(),
      dispatch(layersApi.endpoints.getMapConfig.initiate(undefined, fresh)).unwrap(),
    ])

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
