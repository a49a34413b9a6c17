import { t } from '@gis/shared/i18n'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { apiRequest } from '../../api/client'
import { accountsApi } from '../../api/endpoints'
import { clearSession } from '../../api/local-session'
import { resetAll, useAppDispatch, useAppSelector, type RootState } from '../../app/store'
import { LoadingScreen } from '../../components/LoadingScreen'
import { useStore } from 'react-redux'

/**
 * /logout: shows 'Saindo do sistema...', saves the workspace (only when this page load has
 * booted, so an unrestored empty workspace never overwrites the saved one), revokes the
 * token, clears the local session and the whole state, and returns to /login.
 */
export function LogoutPage() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const store = useStore<RootState>()
  const booted = useAppSelector((s) => s.app.ready)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void (async () => {
      const { workspace } = store.getState()
      if (booted) {
        await apiRequest('/api/users/workspace', { method: 'POST', body: workspace }).catch(
          () => undefined,
        )
      }
      await apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined)
      clearSession()
      dispatch(resetAll())
      dispatch(accountsApi.util.resetApiState())
      void navigate('/login', { replace: true })
    })()
  }, [booted, dispatch, navigate, store])

  return <LoadingScreen text={t('logout.leaving')} fullPage />
}
