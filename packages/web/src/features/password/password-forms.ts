import { forgotPasswordSchema, resetPasswordSchema } from '@gis/shared/auth'
import { t } from '@gis/shared/i18n'
import { schemaResolver } from '../../components/form/schema-resolver'

export interface ForgotForm {
  username: string
}

export const forgotResolver = schemaResolver<ForgotForm>(forgotPasswordSchema)

export interface ResetForm {
  password: string
  confirmation: string
}

/** The new password by the shared rules; the confirmation required and equal to it. */
export const resetResolver = schemaResolver<ResetForm>(
  resetPasswordSchema.pick({ password: true }),
  [
    { field: 'confirmation', message: t('field.required'), fails: (v) => !v.confirmation },
    {
      field: 'confirmation',
      message: t('password.mismatch'),
      fails: (v) => Boolean(v.password) && v.confirmation !== v.password,
    },
  ],
)
