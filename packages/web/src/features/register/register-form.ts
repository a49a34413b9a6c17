import { registerRequestSchema, type RegisterRequest } from '@gis/shared/auth'
import { t } from '@gis/shared/i18n'
import { schemaResolver } from '../../components/form/schema-resolver'

export type RegisterForm = RegisterRequest & { confirmation: string }

export const EMPTY_REGISTER: RegisterForm = {
  name: '',
  email: '',
  username: '',
  password: '',
  confirmation: '',
  sector: '',
}

/** The register rules of spec section 5: the shared schema, and the confirmation. */
export const registerResolver = schemaResolver<RegisterForm>(registerRequestSchema, [
  {
    field: 'confirmation',
    message: t('register.confirmationRequired'),
    fails: (v) => !v.confirmation,
  },
  {
    field: 'confirmation',
    message: t('register.confirmationMismatch'),
    fails: (v) => Boolean(v.password) && v.confirmation !== v.password,
  },
])
