import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { toFailure } from '../../api/base-api'
import { AuthLayout, AuthLink, AuthTitle } from '../../components/AuthLayout'
import {
  NewPasswordFields,
  SchemaForm,
  showServerErrors,
  useSchemaForm,
  SubmitButton,
} from '../../components/form'
import { resetResolver, type ResetForm } from './password-forms'
import { useResetPasswordMutation } from './password.api'

/** The form behind the e-mailed link: a new password, then back to /login. */
export function ResetPasswordPage() {
  const { token = '' } = useParams()
  const [linkError, setLinkError] = useState<string>()
  const [reset] = useResetPasswordMutation()
  const form = useSchemaForm<ResetForm>({
    resolver: resetResolver,
    defaultValues: { password: '', confirmation: '' },
  })
  const { enqueueSnackbar } = useSnackbar()
  const navigate = useNavigate()

  async function submit({ password }: ResetForm) {
    try {
      await reset({ token, password }).unwrap()
      enqueueSnackbar(t('reset.done'), { variant: 'success' })
      void navigate('/login', { replace: true })
    } catch (err) {
      const failure = toFailure(err)
      const tokenError = failure.errors.find((e) => e.field === 'token')
      if (tokenError) {
        setLinkError(tokenError.message)
        return
      }
      // The server's password rules (length, not the username, not a common password).
      showServerErrors(form, failure)
      enqueueSnackbar(failure.message || t('reset.failed'), { variant: 'error' })
    }
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
      <SchemaForm form={form} onSubmit={submit} sx={{ display: 'grid', gap: 2.5, mb: 3 }}>
        <NewPasswordFields
          labels={[t('reset.password'), t('reset.confirmation')]}
          size="medium"
          autoFocus
        />
        <SubmitButton size="large" label={t('reset.submit')} />
      </SchemaForm>
      <AuthLink to="/login">{t('forgot.backToLogin')}</AuthLink>
    </AuthLayout>
  )
}
