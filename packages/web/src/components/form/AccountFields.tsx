import { t } from '@gis/shared/i18n'
import type { TextInputProps } from '../TextInput'
import { FormPasswordField, FormTextField } from './FormTextField'

/** The user name box of the sign-in pages (login, forgot password): 'Usuário', focused. */
export function SignInUsernameField() {
  return (
    <FormTextField
      name="username"
      label={t('login.username')}
      autoComplete="username"
      autoFocus
      size="medium"
    />
  )
}

/**
 * A new password and its confirmation (`password`, `confirmation` of the form: register,
 * reset, change password), typed as a new password; `autoFocus` on the first.
 */
export function NewPasswordFields({
  labels,
  size,
  autoFocus,
}: {
  labels: [password: string, confirmation: string]
  size?: TextInputProps['size']
  autoFocus?: boolean
}) {
  return (
    <>
      <FormPasswordField
        name="password"
        label={labels[0]}
        autoComplete="new-password"
        size={size}
        autoFocus={autoFocus}
      />
      <FormPasswordField
        name="confirmation"
        label={labels[1]}
        autoComplete="new-password"
        size={size}
      />
    </>
  )
}
