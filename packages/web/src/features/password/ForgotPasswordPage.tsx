import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import TextField from '@mui/material/TextField'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink } from 'react-router'
import { useForgotPasswordMutation } from '../../api/endpoints'
import { AuthLayout, AuthTitle } from '../../components/AuthLayout'

/** Password reset request: the server e-mails a one-hour link to the account's address. */
export function ForgotPasswordPage() {
  const [username, setUsername] = useState('')
  const [error, setError] = useState<string>()
  const [sent, setSent] = useState(false)
  const [request, { isLoading }] = useForgotPasswordMutation()
  const { enqueueSnackbar } = useSnackbar()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!username.trim()) {
      setError(t('login.usernameRequired'))
      return
    }
    const result = await request({ username: username.trim() })
    if ('data' in result) setSent(true)
    else {
      const failure = result.error as { message?: string }
      enqueueSnackbar(failure.message ?? t('forgot.failed'), { variant: 'error' })
    }
  }

  return (
    <AuthLayout>
      <AuthTitle title={t('forgot.title')} subtitle={sent ? undefined : t('forgot.subtitle')} />
      {sent ? (
        <Alert severity="success" sx={{ mb: 3 }}>
          {t('forgot.sentText')}
        </Alert>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2.5, mb: 3 }}
        >
          <TextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            size="medium"
            value={username}
            onChange={(e) => {
              setUsername(e.target.value)
              setError(undefined)
            }}
            error={Boolean(error)}
            helperText={error}
          />
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            {t('forgot.submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('forgot.backToLogin')}
        </Link>
      </Box>
    </AuthLayout>
  )
}
