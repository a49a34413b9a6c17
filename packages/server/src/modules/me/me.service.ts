import { t, type ChangePasswordRequest, type ProfileUpdate, type SessionUser } from '@gis/shared'
import { hashPassword, verifyPassword } from '../../auth/passwords'
import { takeQuota } from '../../auth/rate-limit'
import { hashToken, newToken } from '../../auth/tokens'
import type { Db } from '../../db/types'
import { fieldError, notFound } from '../../http/errors'
import type { Mailer } from '../../mail/mailer'
import { findUserByUsername, revokeUserSessions } from '../auth/auth.sql'
import { getSessionUser, updateUser } from '../users/users.sql'

const RESET_TTL_MINUTES = 60

export async function getProfile(db: Db, userId: number): Promise<SessionUser> {
  const row = await getSessionUser(db, userId)
  if (!row) throw notFound()
  const { password_hash: _hash, ...user } = row
  return user
}

export async function updateProfile(
  db: Db,
  userId: number,
  p: ProfileUpdate,
): Promise<SessionUser> {
  await updateUser(db, userId, { name: p.name, email: p.email, sector: p.sector })
  return getProfile(db, userId)
}

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(
  db: Db,
  userId: number,
  sessionId: number,
  r: ChangePasswordRequest,
): Promise<void> {
  const row = await getSessionUser(db, userId)
  if (!row) throw notFound()
  if (!(await verifyPassword(row.password_hash, r.currentPassword))) {
    throw fieldError('currentPassword', 'password.currentWrong')
  }
  const hash = await hashPassword(r.password)
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { password_hash: hash })
    await revokeUserSessions(tx, userId, sessionId)
  })
}

/**
 * Mails a single-use link valid for one hour to an active user. The caller answers the same
 * whether or not the user exists, and does not wait for the mail.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  opts: { username: string; publicUrl: string; projectName: string },
): Promise<void> {
  const user = await findUserByUsername(db, opts.username)
  if (!user || !user.active || !user.email) return
  // A user's mailbox gets a few links an hour however often they are asked for.
  if (!(await takeQuota(db, 'resetByUser', String(user.id)))) return
  const token = newToken()
  await db.query(
    `INSERT INTO app.password_resets (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [user.id, hashToken(token), RESET_TTL_MINUTES],
  )
  const link = `${opts.publicUrl}/reset-password/${token}`
  await mailer.send({
    to: user.email,
    subject: `${opts.projectName} - ${t('password.resetMailSubject')}`,
    text: t('password.resetMailBody', { name: user.name, project: opts.projectName, link }),
  })
}

/** Uses a reset token once: sets the password and ends every session of the user. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const hash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number }>(
      `UPDATE app.password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [hashToken(token)],
    )
    const userId = rows[0]?.user_id
    if (userId === undefined) throw fieldError('token', 'password.resetInvalidToken')
    await updateUser(tx, userId, { password_hash: hash })
    await revokeUserSessions(tx, userId)
  })
}
