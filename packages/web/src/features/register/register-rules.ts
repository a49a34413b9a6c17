import { t } from '@gis/shared/i18n'
import { MIN_PASSWORD_LENGTH } from '../../app/constants'

export interface RegisterForm {
  name: string
  email: string
  username: string
  password: string
  confirmation: string
  sector: string
}

export type RegisterErrors = Partial<Record<keyof RegisterForm, string>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const USERNAME = /^[A-Za-z0-9._-]{3,64}$/

/** The register rules of spec section 5, plus the server's format rules, checked before sending. */
export function validateRegister(form: RegisterForm): RegisterErrors {
  const errors: RegisterErrors = {}
  if (!form.name.trim()) errors.name = t('register.nameRequired')
  if (!form.email.trim()) errors.email = t('register.emailRequired')
  else if (!EMAIL.test(form.email.trim())) errors.email = t('field.emailInvalid')
  if (!form.username.trim()) errors.username = t('register.usernameRequired')
  else if (!USERNAME.test(form.username.trim())) errors.username = t('field.usernameInvalid')
  if (!form.password) errors.password = t('register.passwordRequired')
  else if (form.password.length < MIN_PASSWORD_LENGTH) errors.password = t('field.passwordTooShort')
  if (!form.confirmation) errors.confirmation = t('register.confirmationRequired')
  else if (form.password && form.confirmation !== form.password)
    errors.confirmation = t('register.confirmationMismatch')
  if (!form.sector.trim()) errors.sector = t('register.sectorRequired')
  return errors
}
