import { z } from 'zod'
import { LAYER_PERMISSION_FLAGS, requiredText } from '../auth/schemas'
import { t } from '../i18n/messages'

/**
 * The flags of a group on a layer, as the permissions matrix edits them: the spec's seven and
 * the moderated flag of the approvals design ('Enviar para aprovação': the group's edits on
 * the layer go to review).
 */
export const GROUP_PERMISSION_FLAGS = [...LAYER_PERMISSION_FLAGS, 'submitForReview'] as const
export type GroupPermissionFlag = (typeof GROUP_PERMISSION_FLAGS)[number]
export type GroupPermissionFlags = Record<GroupPermissionFlag, boolean>

export const groupInputSchema = z
  .object({
    name: requiredText(t('admin.groups.nameRequired'), 100),
    description: z
      .string()
      .trim()
      .max(500, { error: t('field.tooLong', { max: 500 }) })
      .default(''),
  })
  .strict()
export type GroupInput = z.infer<typeof groupInputSchema>

export const groupRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Users in the group. */
  members: z.number(),
  /** Layers on which the group has at least one flag. */
  layers: z.number(),
})
export type GroupRecord = z.infer<typeof groupRecordSchema>

const flagsShape = Object.fromEntries(
  GROUP_PERMISSION_FLAGS.map((f) => [f, z.boolean()]),
) as Record<GroupPermissionFlag, z.ZodBoolean>

/** One row of the matrix: a layer and the group's flags on it. */
export const permissionRowSchema = z.object({ layer: z.string().max(63), ...flagsShape }).strict()
export type PermissionRow = z.infer<typeof permissionRowSchema>

/** A row as the matrix shows it: with the layer's title. */
export const permissionMatrixRowSchema = permissionRowSchema.extend({ title: z.string() })
export type PermissionMatrixRow = z.infer<typeof permissionMatrixRowSchema>

export const permissionsUpdateSchema = z.array(permissionRowSchema).max(10_000)

export const groupMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  active: z.boolean(),
})
export type GroupMember = z.infer<typeof groupMemberSchema>

export const idListSchema = z
  .array(z.number().int().positive())
  .max(10_000)
  .transform((ids) => [...new Set(ids)])

export const membersUpdateSchema = z.object({ userIds: idListSchema }).strict()
