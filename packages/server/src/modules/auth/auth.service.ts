import {
  t,
  type LayerPermissions,
  type LoginRecord,
  type LoginRequest,
  type PagingQuery,
  type SessionUser,
} from '@gis/shared'
import type { AuthOptions } from '../../auth/authenticate'
import { verifyPassword } from '../../auth/passwords'
import { layerPermissions, permissionsChanged } from '../../auth/permissions'
import { checkSignInRate, recordSignInFailure } from '../../auth/rate-limit'
import { createSession, revokeSession } from '../../auth/sessions.sql'
import { hashToken, newToken } from '../../auth/tokens'
import type { Db } from '../../db/types'
import { HttpError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import { findUserByUsername } from '../users/users.sql'
import * as sql from './auth.sql'
import { describeUserAgent } from './user-agent'

export interface LoginOutcome {
  user: SessionUser
  /** Present only for active users. */
  token?: string
}

export interface ClientInfo {
  address: string
  userAgent: string
}

/**
 * Checks credentials. Failures are rate-limited per username and address pair and per
 * address, with the same answer (and about the same time) whether or not the user exists.
 */
export async function login(
  db: Db,
  credentials: LoginRequest,
  client: ClientInfo,
  lifetimes: AuthOptions,
): Promise<LoginOutcome> {
  const { username, password } = credentials
  await checkSignInRate(db, username, client.address)
  const row = await findUserByUsername(db, username)
  const ok = await verifyPassword(row?.password_hash, password)
  if (!row || !ok) {
    await recordSignInFailure(db, username, client.address)
    throw new HttpError(401, t('login.failed'))
  }
  const { password_hash: _hash, ...user } = row
  if (!user.active) return { user }
  const token = newToken()
  await db.transaction(async (tx) => {
    await createSession(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      ttlHours: lifetimes.sessionTtlHours,
      maxDays: lifetimes.sessionMaxDays,
      address: client.address,
    })
    await sql.recordLogin(tx, user, client.address, client.userAgent)
  })
  return { user, token }
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId)
  // The map services' remembered sessions are read again at once (other processes: the
  // shared cache epoch, moved by the revocation's trigger).
  permissionsChanged()
}

export async function permissions(
  db: Db,
  user: SessionUser,
): Promise<{ admin: boolean; layers: Record<string, LayerPermissions> }> {
  return { admin: user.admin, layers: await layerPermissions(db, user) }
}

const LOGIN_SORT = { at: 'l.at', username: 'l.username', address: 'l.address', id: 'l.id' }

/** A page of sign-ins, newest first unless asked otherwise, with browser and system names. */
export async function listLogins(
  db: Db,
  query: PagingQuery,
): Promise<{ rows: LoginRecord[]; total: number }> {
  const paging = toSqlPaging(query, LOGIN_SORT, '-at')
  const { rows, total } = await sql.listLogins(db, paging.orderBy, paging.limit, paging.offset)
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      username: r.username,
      name: r.name,
      at: r.at.toISOString(),
      address: r.address,
      userAgent: r.user_agent,
      ...describeUserAgent(r.user_agent),
    })),
  }
}
