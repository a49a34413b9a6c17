import Alert from '@mui/material/Alert'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { toFailure } from '../../api/base-api'
import { AuthLayout, AuthLink, AuthTitle } from '../../components/AuthLayout'
import {
  SchemaForm,
  showServerErrors,
  SignInUsernameField,
  useSchemaForm,
  SubmitButton,
} from '../../components/form'
import { forgotResolver, type ForgotForm } from './password-forms'
import { useForgotPasswordMutation } from './password.api'

/** Password reset request: the server e-mails a one-hour link to the account's address. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false)
  const [request] = useForgotPasswordMutation()
  const form = useSchemaForm<ForgotForm>({
    resolver: forgotResolver,
    defaultValues: { username: '' },
  })
  const { enqueueSnackbar } = useSnackbar()

  async function submit({ username }: ForgotForm) {
    try {
      await request({ username }).unwrap()
      setSent(true)
    } catch (err) {
      const failure = toFailure(err)
      if (!showServerErrors(form, failure)) {
        enqueueSnackbar(failure.message || t('forgot.failed'), { variant: 'error' })
      }
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
        <SchemaForm form={form} onSubmit={submit} sx={{ display: 'grid', gap: 2.5, mb: 3 }}>
          <SignInUsernameField />
          <SubmitButton size="large" label={t('forgot.submit')} />
        </SchemaForm>
      )}
      <AuthLink to="/login">{t('forgot.backToLogin')}</AuthLink>
    </AuthLayout>
  )
}
