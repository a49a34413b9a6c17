import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link as RouterLink } from 'react-router'
import { toFailure } from '../../api/base-api'
import { AuthLayout, AuthLink, AuthTitle } from '../../components/AuthLayout'
import {
  FormTextField,
  NewPasswordFields,
  SchemaForm,
  showServerErrors,
  useSchemaForm,
  SubmitButton,
} from '../../components/form'
import { EMPTY_REGISTER, registerResolver, type RegisterForm } from './register-form'
import { useLazyUsernameExistsQuery, useRegisterMutation } from './register.api'

/** The username is checked against the server this long after the last keystroke. */
export const USERNAME_CHECK_MS = 700

/** Register: form, processing, then the Sucesso screen. */
export function RegisterPage() {
  const form = useSchemaForm<RegisterForm>({
    resolver: registerResolver,
    defaultValues: EMPTY_REGISTER,
  })
  const [taken, setTaken] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const [register] = useRegisterMutation()
  const [checkUsername, { isFetching: checking }] = useLazyUsernameExistsQuery()
  const { enqueueSnackbar } = useSnackbar()
  const username = useWatch({ control: form.control, name: 'username' }).trim()

  useEffect(() => {
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
  }, [username, checkUsername])

  // 'O usuário já existe' shows on the field as soon as the server says so.
  const usernameTaken = taken !== null && taken === username
  const { setError, clearErrors, getFieldState } = form
  useEffect(() => {
    if (usernameTaken)
      setError('username', { type: 'taken', message: t('register.usernameExists') })
    else if (getFieldState('username').error?.type === 'taken') clearErrors('username')
  }, [usernameTaken, setError, clearErrors, getFieldState])

  async function submit(values: RegisterForm) {
    if (usernameTaken) {
      setError('username', { type: 'taken', message: t('register.usernameExists') })
      return
    }
    const { name, email, username, password, sector } = values
    try {
      await register({ name, email, username, password, sector }).unwrap()
      setDone(true)
    } catch (err) {
      const failure = toFailure(err)
      showServerErrors(form, failure)
      enqueueSnackbar(failure.message || t('register.failed'), { variant: 'error' })
    }
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

  const submitting = form.formState.isSubmitting
  return (
    <AuthLayout>
      <AuthTitle title={t('register.title')} subtitle={t('register.subtitle')} />
      <SchemaForm form={form} onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <FormTextField name="name" label={t('register.name')} autoComplete="name" />
        <FormTextField name="email" label={t('register.email')} type="email" autoComplete="email" />
        <FormTextField
          name="username"
          label={t('register.username')}
          autoComplete="username"
          // A hint always: the form does not jump while the name is checked, and no line is empty.
          hint={checking ? t('register.checkingUsername') : t('register.usernameHint')}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <NewPasswordFields labels={[t('register.password'), t('register.confirmation')]} />
        </Box>
        <FormTextField
          name="sector"
          label={t('register.sector')}
          autoComplete="organization-title"
        />
        <SubmitButton
          size="large"
          busy={submitting}
          spinner={18}
          sx={{ mt: 1 }}
          label={t('register.submit')}
        />
        <AuthLink to="/login">{t('register.alreadyRegistered')}</AuthLink>
      </SchemaForm>
    </AuthLayout>
  )
}
