import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import TextField from '@mui/material/TextField'
import Alert from '@mui/material/Alert'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink } from 'react-router'
import { ApiError } from '../../api/client'
import { storeSession } from '../../api/local-session'
import { useAppDispatch } from '../../app/store'
import { AuthLayout, AuthTitle } from '../../components/AuthLayout'
import { PasswordField } from '../../components/PasswordField'
import { signedIn } from '../../state/auth-slice'
import { signIn } from './sign-in'

type Phase = 'idle' | 'processing' | 'notActive'

interface Errors {
  username?: string
  password?: string
}

export function validateLogin(username: string, password: string): Errors {
  const errors: Errors = {}
  if (!username.trim()) errors.username = t('login.usernameRequired')
  if (!password) errors.password = t('login.passwordRequired')
  return errors
}

/** Sign-in: idle, processing, then the map or the page the user came from (active), the not-active screen, or a failure toast. */
export function LoginPage() {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [phase, setPhase] = useState<Phase>('idle')
  const { enqueueSnackbar } = useSnackbar()
  const dispatch = useAppDispatch()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (phase === 'processing') return
    const found = validateLogin(username, password)
    setErrors(found)
    if (found.username || found.password) return
    setPhase('processing')
    try {
      const outcome = await signIn(username.trim(), password)
      if (outcome.kind === 'inactive') {
        setPassword('')
        setPhase('notActive')
        return
      }
      storeSession(outcome.user, outcome.token)
      // With the session stored, RequirePublic sends the user on (to `from`, or /).
      dispatch(signedIn({ user: outcome.user, token: outcome.token }))
    } catch (err) {
      setPhase('idle')
      const message =
        err instanceof ApiError && err.status === 429 ? err.message : t('login.failed')
      enqueueSnackbar(message, { variant: 'error' })
    }
  }

  if (phase === 'notActive') {
    return (
      <AuthLayout>
        <AuthTitle title={t('login.notActive')} />
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('login.notActiveDetail')}
        </Alert>
        <Button variant="contained" size="large" fullWidth onClick={() => setPhase('idle')}>
          {t('login.notActiveBack')}
        </Button>
      </AuthLayout>
    )
  }

  const processing = phase === 'processing'
  return (
    <AuthLayout>
      <AuthTitle title={t('login.title')} subtitle={t('login.subtitle')} />
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          size="medium"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={Boolean(errors.username)}
          helperText={errors.username}
          disabled={processing}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          size="medium"
          fullWidth
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
          disabled={processing}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('login.forgotPassword')}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={processing}
          startIcon={processing ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t('login.submit')}
        </Button>
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/register" variant="body2">
            {t('login.requestAccess')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  )
}
