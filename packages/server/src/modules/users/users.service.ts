import type { RegisterRequest, UserCreate, UserRecord, UserUpdate } from '@gis/shared'
import { hashPassword } from '../../auth/passwords'
import { requireQuota } from '../../auth/rate-limit'
import type { Db } from '../../db/types'
import { fieldError, notFound } from '../../http/errors'
import { revokeUserSessions } from '../auth/auth.sql'
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
  // A taken username is refused before it can use up the address's quota.
  if (await sql.usernameExists(db, r.username))
    throw fieldError('username', 'register.usernameExists')
  await requireQuota(db, 'register', address, 'register.tooMany')
  return createUser(db, { ...r, admin: false, active: false })
}

export async function createUser(db: Db, u: UserCreate): Promise<number> {
  if (await sql.usernameExists(db, u.username))
    throw fieldError('username', 'register.usernameExists')
  const id = await sql.insertUser(db, {
    username: u.username,
    name: u.name,
    email: u.email,
    sector: u.sector,
    passwordHash: await hashPassword(u.password),
    admin: u.admin,
    active: u.active,
  })
  if (id === undefined) throw fieldError('username', 'register.usernameExists')
  return id
}

export async function getUser(db: Db, id: number): Promise<UserRecord> {
  const row = await sql.getUserRecord(db, id)
  if (!row) throw notFound()
  return toUserRecord(row)
}

/**
 * Administrator update. Deactivating an account or setting its password ends its sessions;
 * administrators cannot remove their own administrator flag or deactivate themselves.
 */
export async function updateUser(
  db: Db,
  actorId: number,
  id: number,
  u: UserUpdate,
): Promise<UserRecord> {
  if (id === actorId && (u.admin === false || u.active === false)) {
    throw fieldError(u.admin === false ? 'admin' : 'active', 'users.cannotDemoteSelf')
  }
  const passwordHash = u.password ? await hashPassword(u.password) : undefined
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
  })
  return getUser(db, id)
}

export async function deleteUser(db: Db, actorId: number, id: number): Promise<void> {
  if (id === actorId) throw fieldError('id', 'users.cannotDeleteSelf')
  if (!(await sql.deleteUser(db, id))) throw notFound()
}
