import { z } from 'zod'
import { userCreateSchema, userRecordSchema, userUpdateSchema } from '../auth/schemas'
import { idListSchema } from './groups'

/** Which users a list shows: awaiting activation (self-registered, never activated), active, inactive. */
export const USER_STATUSES = ['pending', 'active', 'inactive'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

/** A user as the administration lists it: the record, whether it awaits activation, its groups. */
export const adminUserRecordSchema = userRecordSchema.extend({
  pending: z.boolean(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
})
export type AdminUserRecord = z.infer<typeof adminUserRecordSchema>

export const adminUserCreateSchema = userCreateSchema.extend({ groupIds: idListSchema.optional() })
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>

export const adminUserUpdateSchema = userUpdateSchema.extend({ groupIds: idListSchema.optional() })
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>
