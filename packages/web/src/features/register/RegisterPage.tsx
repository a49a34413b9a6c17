import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useState, type FormEvent } from 'react'
import { Link as RouterLink } from 'react-router'
import { fieldErrorMap } from '../../api/client'
import { useLazyUsernameExistsQuery, useRegisterMutation } from '../../api/endpoints'
import { AuthLayout, AuthTitle } from '../../components/AuthLayout'
import { PasswordField } from '../../components/PasswordField'
import { validateRegister, type RegisterErrors, type RegisterForm } from './register-rules'

/** The username is checked against the server this long after the last keystroke. */
export const USERNAME_CHECK_MS = 700

const EMPTY: RegisterForm = {
  name: '',
  email: '',
  username: '',
  password: '',
  confirmation: '',
  sector: '',
}

/** Register: form, processing, then the Sucesso screen. */
export function RegisterPage() {
  const [form, setForm] = useState<RegisterForm>(EMPTY)
  const [errors, setErrors] = useState<RegisterErrors>({})
  const [taken, setTaken] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const [register, { isLoading }] = useRegisterMutation()
  const [checkUsername, { isFetching: checking }] = useLazyUsernameExistsQuery()
  const { enqueueSnackbar } = useSnackbar()

  useEffect(() => {
    const username = form.username.trim()
    if (!username) return
    let stale = false
    const timer = window.setTimeout(() => {
      void checkUsername(username)
        .unwrap()
        .then((answer) => {
          if (!stale) setTaken(answer.exists ? username : null)
        })
        .catch(() => undefined)
    }, USERNAME_CHECK_MS)
    return () => {
      stale = true
      window.clearTimeout(timer)
    }
  }, [form.username, checkUsername])

  const usernameTaken = taken !== null && taken === form.username.trim()

  function set(field: keyof RegisterForm) {
    return (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [field]: e.target.value }))
      setErrors((errs) => ({ ...errs, [field]: undefined }))
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = validateRegister(form)
    if (!found.username && usernameTaken) found.username = t('register.usernameExists')
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const result = await register({
      name: form.name.trim(),
      email: form.email.trim(),
      username: form.username.trim(),
      password: form.password,
      sector: form.sector.trim(),
    })
    if ('data' in result) {
      setDone(true)
      return
    }
    const failure = result.error as { status?: number; message?: string; errors?: [] }
    if (failure.status === 400 && failure.errors?.length) {
      setErrors(fieldErrorMap(failure.errors) as RegisterErrors)
    }
    enqueueSnackbar(failure.message ?? t('register.failed'), { variant: 'error' })
  }

  if (done) {
    return (
      <AuthLayout>
        <Box sx={{ textAlign: 'center' }}>
          <CheckCircleOutline color="success" sx={{ fontSize: 64, mb: 2 }} />
          <AuthTitle title={t('register.successTitle')} />
          <Typography sx={{ mb: 4 }}>{t('register.successText')}</Typography>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            {t('register.goToLogin')}
          </Button>
        </Box>
      </AuthLayout>
    )
  }

  const usernameError =
    errors.username ?? (usernameTaken ? t('register.usernameExists') : undefined)
  return (
    <AuthLayout>
      <AuthTitle title={t('register.title')} subtitle={t('register.subtitle')} />
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={t('register.name')}
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          label={t('register.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <TextField
          label={t('register.username')}
          name="username"
          autoComplete="username"
          value={form.username}
          onChange={set('username')}
          error={Boolean(usernameError)}
          helperText={usernameError ?? (checking ? t('register.checkingUsername') : undefined)}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <PasswordField
            label={t('register.password')}
            name="password"
            autoComplete="new-password"
            fullWidth
            value={form.password}
            onChange={set('password')}
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <PasswordField
            label={t('register.confirmation')}
            name="confirmation"
            autoComplete="new-password"
            fullWidth
            value={form.confirmation}
            onChange={set('confirmation')}
            error={Boolean(errors.confirmation)}
            helperText={errors.confirmation}
          />
        </Box>
        <TextField
          label={t('register.sector')}
          name="sector"
          autoComplete="organization-title"
          value={form.sector}
          onChange={set('sector')}
          error={Boolean(errors.sector)}
          helperText={errors.sector}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isLoading}
          startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ mt: 1 }}
        >
          {t('register.submit')}
        </Button>
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" variant="body2">
            {t('register.alreadyRegistered')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  )
}
