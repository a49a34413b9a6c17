import { t } from '@gis/shared/i18n'
import { useEffect, useRef } from 'react'
import { useStore } from 'react-redux'
import { useNavigate } from 'react-router'
import { sessionApi } from '../../api/session.api'
import { resetSession, useAppDispatch, type RootState } from '../../state/root-state'
import { LoadingScreen } from '../../components/LoadingScreen'
import { workspaceApi } from '../../api/workspace.api'

/**
 * /logout: shows 'Saindo do sistema...', saves the workspace (only once this page load has
 * restored it, so an unrestored empty workspace never overwrites the saved one), revokes the
 * token, resets the whole state (the session listener clears local storage) and returns to
 * /login.
 */
export function LogoutPage() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const store = useStore<RootState>()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void (async () => {
      const { workspace, app } = store.getState()
      if (app.workspaceRestored) {
        await dispatch(workspaceApi.endpoints.saveWorkspace.initiate({ workspace }))
      }
      await dispatch(sessionApi.endpoints.signOut.initiate())
      resetSession(dispatch)
      void navigate('/login', { replace: true })
    })()
  }, [dispatch, navigate, store])

  return <LoadingScreen text={t('logout.leaving')} fullPage />
}
