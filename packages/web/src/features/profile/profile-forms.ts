import { changePasswordSchema, profileUpdateSchema } from '@gis/shared/auth'
import { t } from '@gis/shared/i18n'
import { schemaResolver } from '../../components/form/schema-resolver'

export interface ProfileForm {
  email: string
  name: string
  sector: string
  currentPassword: string
}

/** Whether the e-mail typed differs from the saved one (then the current password is asked). */
export function emailChanged(typed: string, saved: string): boolean {
  return typed.trim().toLowerCase() !== saved.trim().toLowerCase()
}

/** The profile rules of the shared schema; the current password when the e-mail changes. */
export function profileResolver(savedEmail: string) {
  return schemaResolver<ProfileForm>(profileUpdateSchema, [
    {
      field: 'currentPassword',
      message: t('field.required'),
      fails: (v) => emailChanged(v.email, savedEmail) && !v.currentPassword,
    },
  ])
}

export interface ChangePasswordForm {
  currentPassword: string
  password: string
  confirmation: string
}

/** ALTERAR SENHA: the shared rules; the confirmation equal to the new password. */
export const changePasswordResolver = schemaResolver<ChangePasswordForm>(changePasswordSchema, [
  {
    field: 'confirmation',
    message: t('password.mismatch'),
    fails: (v) => v.confirmation !== v.password,
  },
])
