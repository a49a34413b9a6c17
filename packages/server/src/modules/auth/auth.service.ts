import { t, type LoginRequest, type SessionUser } from '@gis/shared'
import { checkSignInRate, recordSignInFailure } from '../../auth/rate-limit'
import { hashToken, newToken } from '../../auth/tokens'
import { verifyPassword } from '../../auth/passwords'
import type { Db } from '../../db/types'
import { HttpError } from '../../http/errors'
import * as sql from './auth.sql'

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
 * Checks credentials. Failures are rate-limited per username and per address, with the
 * same answer (and about the same time) whether or not the user exists.
 */
export async function login(
  db: Db,
  credentials: LoginRequest,
  client: ClientInfo,
  sessionTtlHours: number,
): Promise<LoginOutcome> {
  const { username, password } = credentials
  await checkSignInRate(db, username, client.address)
  const row = await sql.findUserByUsername(db, username)
  const ok = await verifyPassword(row?.password_hash, password)
  if (!row || !ok) {
    await recordSignInFailure(db, username, client.address)
    throw new HttpError(401, t('login.failed'))
  }
  const { password_hash: _hash, ...user } = row
  if (!user.active) return { user }
  const token = newToken()
  await db.transaction(async (tx) => {
    await sql.createSession(tx, user.id, hashToken(token), sessionTtlHours, client.address)
    await sql.recordLogin(tx, user, client.address, client.userAgent)
  })
  return { user, token }
}
