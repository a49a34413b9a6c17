import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import { t } from '@gis/shared/i18n'
import type { LoginRequest } from '@gis/shared'
import { useSnackbar, type SnackbarKey } from 'notistack'
import { lazy, Suspense, useRef, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { toFailure } from '../../api/base-api'
import { useSignInMutation } from '../../api/session.api'
import { useAppDispatch } from '../../state/root-state'
import { AuthLayout, AuthTitle } from '../../components/AuthLayout'
import {
  FormPasswordField,
  lazyResolver,
  SchemaForm,
  SignInUsernameField,
  useSchemaForm,
  SubmitButton,
} from '../../components/form'
import { signedIn } from '../../state/auth-slice'

// Rare, and never the first thing shown: loaded when an inactive account signs in.
const NotActive = lazy(async () => ({ default: (await import('./NotActive')).NotActive }))

// The rules load on demand: the sign-in page is the first one people see (docs/web.md).
const resolver = lazyResolver<LoginRequest>(
  async () => (await import('./login-rules')).loginResolver,
)

/** Sign-in: idle, processing, then the map or the page the user came from (active), the not-active screen, or a failure toast. */
export function LoginPage() {
  const [notActive, setNotActive] = useState(false)
  const [signIn] = useSignInMutation()
  const form = useSchemaForm<LoginRequest>({
    resolver,
    defaultValues: { username: '', password: '' },
  })
  const { enqueueSnackbar, closeSnackbar } = useSnackbar()
  const dispatch = useAppDispatch()
  // The failure toasts of this page: a good sign-in (or a new failure) closes them, so that
  // 'Falha ao realizar autenticação!' does not follow the user onto the map.
  const failures = useRef<SnackbarKey[]>([])
  const closeFailures = () => {
    for (const key of failures.current) closeSnackbar(key)
    failures.current = []
  }

  async function submit({ username, password }: LoginRequest) {
    try {
      const outcome = await signIn({ username, password }).unwrap()
      closeFailures()
      if (outcome.kind === 'inactive') {
        form.setValue('password', '')
        setNotActive(true)
        return
      }
      // With the session in the store, RequirePublic sends the user on (to `from`, or /).
      dispatch(signedIn({ user: outcome.user, token: outcome.token }))
    } catch (err) {
      const failure = toFailure(err)
      closeFailures()
      const key = enqueueSnackbar(failure.status === 429 ? failure.message : t('login.failed'), {
        variant: 'error',
      })
      failures.current.push(key)
    }
  }

  if (notActive) {
    return (
      <Suspense fallback={null}>
        <NotActive onBack={() => setNotActive(false)} />
      </Suspense>
    )
  }

  const processing = form.formState.isSubmitting
  return (
    <AuthLayout>
      <AuthTitle title={t('login.title')} subtitle={t('login.subtitle')} />
      <SchemaForm form={form} onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        <Box onInput={resolver.preload} sx={{ display: 'grid', gap: 2.5 }}>
          <SignInUsernameField />
          <FormPasswordField
            name="password"
            label={t('login.password')}
            autoComplete="current-password"
            size="medium"
          />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('login.forgotPassword')}
          </Link>
        </Box>
        <SubmitButton size="large" busy={processing} spinner={18} label={t('login.submit')} />
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/register" variant="body2">
            {t('login.requestAccess')}
          </Link>
        </Box>
      </SchemaForm>
    </AuthLayout>
  )
}
