import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import { t } from '@gis/shared/i18n'
import { MIN_PASSWORD_LENGTH } from '../../app/constants'
import { useSnackbar } from 'notistack'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { fieldErrorMap, type FieldError } from '../../api/client'
import { useResetPasswordMutation } from '../../api/endpoints'
import { AuthLayout, AuthTitle } from '../../components/AuthLayout'
import { PasswordField } from '../../components/PasswordField'

interface Errors {
  password?: string
  confirmation?: string
}

/** The form behind the e-mailed link: a new password, then back to /login. */
export function ResetPasswordPage() {
  const { token = '' } = useParams()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [linkError, setLinkError] = useState<string>()
  const [reset, { isLoading }] = useResetPasswordMutation()
  const { enqueueSnackbar } = useSnackbar()
  const navigate = useNavigate()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: Errors = {}
    if (!password) found.password = t('field.required')
    else if (password.length < MIN_PASSWORD_LENGTH) found.password = t('field.passwordTooShort')
    if (!confirmation) found.confirmation = t('field.required')
    else if (confirmation !== password) found.confirmation = t('password.mismatch')
    setErrors(found)
    if (found.password || found.confirmation) return
    const result = await reset({ token, password })
    if ('data' in result) {
      enqueueSnackbar(t('reset.done'), { variant: 'success' })
      void navigate('/login', { replace: true })
      return
    }
    const failure = result.error as { message?: string; errors?: FieldError[] }
    const fields = fieldErrorMap(failure.errors ?? [])
    if (fields.token) {
      setLinkError(fields.token)
      return
    }
    if (fields.password) setErrors({ password: fields.password })
    enqueueSnackbar(failure.message ?? t('reset.failed'), { variant: 'error' })
  }

  return (
    <AuthLayout>
      <AuthTitle title={t('reset.title')} subtitle={t('reset.subtitle')} />
      {linkError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to="/forgot-password" color="inherit" size="small">
              {t('reset.requestNew')}
            </Button>
          }
        >
          {linkError}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5, mb: 3 }}>
        <PasswordField
          label={t('reset.password')}
          name="password"
          autoComplete="new-password"
          size="medium"
          fullWidth
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
        <PasswordField
          label={t('reset.confirmation')}
          name="confirmation"
          autoComplete="new-password"
          size="medium"
          fullWidth
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={Boolean(errors.confirmation)}
          helperText={errors.confirmation}
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          {t('reset.submit')}
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('forgot.backToLogin')}
        </Link>
      </Box>
    </AuthLayout>
  )
}
