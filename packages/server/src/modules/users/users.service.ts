import type {
  AdminUserCreate,
  AdminUserRecord,
  AdminUserUpdate,
  PagingQuery,
  RegisterRequest,
  UserCreate,
  UserRecord,
  UserStatus,
  WorkspaceState,
} from '@gis/shared'
import { t, workspaceStateSchema } from '@gis/shared'
import { cancelUserResets } from '../../auth/password-resets.sql'
import { permissionsChanged } from '../../auth/permissions'
import { existingGroupIds, groupsOfUsers, replaceUserGroups } from '../../auth/permissions.sql'
import type { Mailer } from '../../mail/mailer'
import { sendNotice } from '../../mail/notices'
import { assertAcceptablePassword } from '../../auth/password-policy'
import { hashPassword } from '../../auth/passwords'
import { requireQuota } from '../../auth/rate-limit'
import { revokeUserSessions } from '../../auth/sessions.sql'
import type { Db } from '../../db/types'
import { badRequest, fieldError, notFound, type FieldError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import * as sql from './users.sql'

export function toUserRecord(r: sql.UserRecordRow): UserRecord {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    email: r.email,
    sector: r.sector,
    admin: r.admin,
    active: r.active,
    createdAt: r.created_at.toISOString(),
    lastLogin: r.last_login ? r.last_login.toISOString() : null,
  }
}

/** Self-registration from `address`: an inactive account, a few per address and hour. */
export async function register(db: Db, r: RegisterRequest, address: string): Promise<number> {
  // A refused registration (taken username, weak password) does not use the address's quota.
  if (await sql.usernameExists(db, r.username))
    throw fieldError('username', 'register.usernameExists')
  assertAcceptablePassword(r.password, r)
  await requireQuota(db, 'register', address, 'register.tooMany')
  return createUser(db, { ...r, admin: false, active: false })
}

export async function createUser(db: Db, u: UserCreate & { groupIds?: number[] }): Promise<number> {
  if (await sql.usernameExists(db, u.username))
    throw fieldError('username', 'register.usernameExists')
  assertAcceptablePassword(u.password, u)
  if (u.groupIds) await checkGroupIds(db, u.groupIds)
  const passwordHash = await hashPassword(u.password)
  const id = await db.transaction(async (tx) => {
    const id = await sql.insertUser(tx, {
      username: u.username,
      name: u.name,
      email: u.email,
      sector: u.sector,
      passwordHash,
      admin: u.admin,
      active: u.active,
    })
    if (id !== undefined && u.groupIds?.length) await replaceUserGroups(tx, id, u.groupIds)
    return id
  })
  if (id === undefined) throw fieldError('username', 'register.usernameExists')
  return id
}

/** Administrator-created account with its groups. */
export function createAdminUser(db: Db, u: AdminUserCreate): Promise<number> {
  return createUser(db, u)
}

async function checkGroupIds(db: Db, ids: readonly number[]): Promise<void> {
  const known = await existingGroupIds(db, ids)
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length) {
    throw badRequest(
      unknown.map((id) => ({
        field: `groupIds.${ids.indexOf(id)}`,
        message: t('admin.groups.unknownGroup', { id }),
      })),
    )
  }
}

/** Whether a username is taken (ignoring case); a person typing needs a few a minute. */
export async function usernameExists(db: Db, username: string, address: string): Promise<boolean> {
  if (!username) return false
  await requireQuota(db, 'usernameLookup', address, 'users.lookupTooMany')
  return sql.usernameExists(db, username)
}

export async function getUser(db: Db, id: number): Promise<UserRecord> {
  const row = await sql.getUserRecord(db, id)
  if (!row) throw notFound()
  return toUserRecord(row)
}

/** A user as the administration shows it: whether it awaits activation, and its groups. */
export async function getAdminUser(db: Db, id: number): Promise<AdminUserRecord> {
  const row = await sql.getUserRecord(db, id)
  if (!row) throw notFound()
  const groups = await groupsOfUsers(db, [id])
  return { ...toUserRecord(row), pending: row.pending, groups: groups.get(id) ?? [] }
}

const USER_SORT = {
  id: 'u.id',
  username: 'lower(u.username)',
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  sector: 'lower(u.sector)',
  active: 'u.active',
  admin: 'u.admin',
  createdAt: 'u.created_at',
}

/**
 * A page of users, filtered by `query` and `status` (`pending`: the activation queue of
 * self-registered accounts), each with its groups.
 */
export async function listUsers(
  db: Db,
  q: PagingQuery & { query?: string; status?: UserStatus },
): Promise<{ rows: AdminUserRecord[]; total: number }> {
  const p = toSqlPaging(q, USER_SORT, 'username')
  const { rows, total } = await sql.listUsers(
    db,
    q.query,
    p.orderBy,
    p.limit,
    p.offset,
    q.status ?? 'all',
  )
  const groups = await groupsOfUsers(
    db,
    rows.map((r) => r.id),
  )
  return {
    rows: rows.map((r) => ({
      ...toUserRecord(r),
      pending: r.pending,
      groups: groups.get(r.id) ?? [],
    })),
    total,
  }
}

/**
 * Administrator update. Deactivating an account or setting its password ends its sessions
 * (and a new password its reset links); administrators cannot deactivate themselves nor
 * remove their own administrator flag.
 */
export interface ActivationNotice {
  mailer: Mailer
  projectName: string
  loginUrl: string
  onError: (err: unknown) => void
}

export async function updateUser(
  db: Db,
  actorId: number,
  id: number,
  u: AdminUserUpdate,
  notice?: ActivationNotice,
): Promise<AdminUserRecord> {
  if (id === actorId) {
    const errors: FieldError[] = []
    if (u.active === false)
      errors.push({ field: 'active', message: t('users.cannotDeactivateSelf') })
    if (u.admin === false) errors.push({ field: 'admin', message: t('users.cannotDemoteSelf') })
    if (errors.length) throw badRequest(errors)
  }
  const before = await sql.getUserRecord(db, id)
  if (!before) throw notFound()
  if (u.groupIds) await checkGroupIds(db, u.groupIds)
  let passwordHash: string | undefined
  if (u.password !== undefined) {
    const target = before
    assertAcceptablePassword(u.password, {
      username: target.username,
      name: u.name ?? target.name,
      email: u.email ?? target.email,
    })
    passwordHash = await hashPassword(u.password)
  }
  await db.transaction(async (tx) => {
    const found = await sql.updateUser(tx, id, {
      name: u.name,
      email: u.email,
      sector: u.sector,
      admin: u.admin,
      active: u.active,
      password_hash: passwordHash,
    })
    if (!found) throw notFound()
    if (u.active === false || passwordHash) await revokeUserSessions(tx, id)
    if (passwordHash) await cancelUserResets(tx, id)
    if (u.groupIds) await replaceUserGroups(tx, id, u.groupIds)
  })
  // Groups, the administrator flag and activation change what the user may do: on their next
  // request, tiles and map services included.
  // Sessions revoked (deactivation, a new password) end the remembered ones at once too.
  if (u.groupIds || u.admin !== undefined || u.active !== undefined || passwordHash) {
    permissionsChanged()
  }
  const after = await getAdminUser(db, id)
  if (notice && before.pending && after.active && after.email) {
    sendNotice(
      notice,
      after.email,
      { subject: 'admin.users.activatedMailSubject', body: 'admin.users.activatedMailBody' },
      { name: after.name, username: after.username, link: notice.loginUrl },
    )
  }
  return after
}

export async function deleteUser(db: Db, actorId: number, id: number): Promise<void> {
  if (id === actorId) throw fieldError('id', 'users.cannotDeleteSelf')
  if (!(await sql.deleteUser(db, id))) throw notFound()
  permissionsChanged()
}

export async function saveWorkspace(db: Db, userId: number, workspace: WorkspaceState) {
  await sql.saveWorkspace(db, userId, workspace)
}

/** The saved workspace, or null when there is none or it no longer fits the schema. */
export async function readWorkspace(db: Db, userId: number): Promise<WorkspaceState | null> {
  const parsed = workspaceStateSchema.safeParse(await sql.readWorkspace(db, userId))
  return parsed.success ? parsed.data : null
}
