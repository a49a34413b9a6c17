import { z } from 'zod'
import { t, type MessageKey } from '../i18n/catalogue'
import { installZodErrorMap } from '../i18n/zod-errors'

installZodErrorMap()
export { installZodErrorMap, zodErrorMap } from '../i18n/zod-errors'

/** A required text field: missing, not a string, or blank after trimming all give `message`. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: t('field.tooLong', { max }) })
}

const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/
export const MIN_PASSWORD_LENGTH = 8
const MAX_PASSWORD_LENGTH = 256

function username(requiredKey: MessageKey) {
  return requiredText(t(requiredKey), 64).regex(USERNAME_PATTERN, {
    error: t('field.usernameInvalid'),
  })
}

function newPassword(requiredKey: MessageKey) {
  return z
    .string({ error: t(requiredKey) })
    .min(1, { error: t(requiredKey), abort: true })
    .min(MIN_PASSWORD_LENGTH, { error: t('field.passwordTooShort') })
    .max(MAX_PASSWORD_LENGTH, { error: t('field.tooLong', { max: MAX_PASSWORD_LENGTH }) })
}

function email(requiredKey: MessageKey) {
  return requiredText(t(requiredKey), 254).pipe(z.email({ error: t('field.emailInvalid') }))
}

export const loginRequestSchema = z.object({
  username: requiredText(t('login.usernameRequired'), 64),
  password: z
    .string({ error: t('login.passwordRequired') })
    .min(1, { error: t('login.passwordRequired') })
    .max(MAX_PASSWORD_LENGTH),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const registerRequestSchema = z.object({
  name: requiredText(t('register.nameRequired')),
  username: username('register.usernameRequired'),
  email: email('register.emailRequired'),
  password: newPassword('register.passwordRequired'),
  sector: requiredText(t('register.sectorRequired')),
})
export type RegisterRequest = z.infer<typeof registerRequestSchema>

export const profileUpdateSchema = z.object({
  name: requiredText(t('field.required')),
  email: email('field.required'),
  sector: requiredText(t('field.required')),
  /** Required by the server when the e-mail changes. */
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
})
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: t('field.required') })
    .min(1, { error: t('field.required') })
    .max(MAX_PASSWORD_LENGTH),
  password: newPassword('field.required'),
})
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>

export const forgotPasswordSchema = z.object({
  username: requiredText(t('login.usernameRequired'), 64),
})

export const resetPasswordSchema = z.object({
  token: requiredText(t('password.resetInvalidToken'), 200),
  password: newPassword('field.required'),
})

/** Administrator-created account. */
export const userCreateSchema = registerRequestSchema.extend({
  admin: z.boolean().default(false),
  active: z.boolean().default(true),
})
export type UserCreate = z.infer<typeof userCreateSchema>

/** Administrator update: any subset of the fields; activation is `active`. */
export const userUpdateSchema = z
  .object({
    name: requiredText(t('field.required')),
    email: email('field.required'),
    sector: requiredText(t('field.required')),
    admin: z.boolean(),
    active: z.boolean(),
    password: newPassword('field.required'),
  })
  .partial()
export type UserUpdate = z.infer<typeof userUpdateSchema>

/** The signed-in user as the session and the profile show it. */
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  sector: z.string(),
  admin: z.boolean(),
  active: z.boolean(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const userRecordSchema = sessionUserSchema.extend({
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
})
export type UserRecord = z.infer<typeof userRecordSchema>

export const LAYER_PERMISSION_FLAGS = [
  'readFeature',
  'updateFeature',
  'createFeature',
  'deleteFeature',
  'createFeatureAttachment',
  'readFeatureAttachment',
  'deleteFeatureAttachment',
] as const
export type LayerPermissionFlag = (typeof LAYER_PERMISSION_FLAGS)[number]
export type LayerPermissions = Record<LayerPermissionFlag, boolean>

export interface PermissionsAnswer {
  admin: boolean
  layers: Record<string, LayerPermissions>
}

export const loginRecordSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  username: z.string(),
  name: z.string().nullable(),
  at: z.string(),
  address: z.string(),
  userAgent: z.string(),
  /** Browser name and major version read from the user agent ('Chrome 126'), or 'Desconhecido'. */
  browser: z.string(),
  /** Operating system read from the user agent ('Windows 10', 'Linux'), or 'Desconhecido'. */
  system: z.string(),
})
export type LoginRecord = z.infer<typeof loginRecordSchema>
