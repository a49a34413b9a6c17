import { t, type ChangePasswordRequest, type ProfileUpdate, type SessionUser } from '@gis/shared'
import { assertAcceptablePassword } from '../../auth/password-policy'
import * as resets from '../../auth/password-resets.sql'
import { hashPassword, verifyPassword } from '../../auth/passwords'
import {
  checkSignInRate,
  recordSignInFailure,
  requireQuota,
  takeQuota,
} from '../../auth/rate-limit'
import { permissionsChanged } from '../../auth/permissions'
import { revokeUserSessions } from '../../auth/sessions.sql'
import { hashToken, newToken } from '../../auth/tokens'
import type { Db } from '../../db/types'
import { fieldError, notFound } from '../../http/errors'
import { sendNotice, type Notices } from '../../mail/notices'
import { findUserByUsername, getSessionUser, updateUser, type UserRow } from '../users/users.sql'

const RESET_TTL_MINUTES = 60

/** Who asks, for the checks of the current password (the sign-in limit applies to them too). */
export interface Caller {
  userId: number
  address: string
}

export type { Notices }

async function ownRow(db: Db, userId: number): Promise<UserRow> {
  const row = await getSessionUser(db, userId)
  if (!row) throw notFound()
  return row
}

function profileOf(row: UserRow): SessionUser {
  const { password_hash: _hash, ...user } = row
  return user
}

export async function getProfile(db: Db, userId: number): Promise<SessionUser> {
  return profileOf(await ownRow(db, userId))
}

/**
 * The current password, checked for a change that needs it: missing gives 'Campo
 * obrigatório', wrong 'A senha atual não confere'. Wrong answers count as failed sign-ins, so
 * a borrowed session cannot be used to guess the password.
 */
async function checkCurrentPassword(
  db: Db,
  row: UserRow,
  password: string | undefined,
  address: string,
): Promise<void> {
  if (!password) throw fieldError('currentPassword', 'field.required')
  await checkSignInRate(db, row.username, address)
  if (!(await verifyPassword(row.password_hash, password))) {
    await recordSignInFailure(db, row.username, address)
    throw fieldError('currentPassword', 'password.currentWrong')
  }
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Updates name, e-mail and sector. A new e-mail needs the current password, and the old
 * address is told of the change.
 */
export async function updateProfile(
  db: Db,
  caller: Caller,
  p: ProfileUpdate,
  notices: Notices,
): Promise<SessionUser> {
  const before = await ownRow(db, caller.userId)
  const emailChanged = !sameEmail(before.email, p.email)
  if (emailChanged) await checkCurrentPassword(db, before, p.currentPassword, caller.address)
  await updateUser(db, caller.userId, { name: p.name, email: p.email, sector: p.sector })
  const after = await getProfile(db, caller.userId)
  if (emailChanged && before.email) {
    sendNotice(
      notices,
      before.email,
      { subject: 'profile.emailChangedMailSubject', body: 'profile.emailChangedMailBody' },
      { name: after.name, old: before.email, new: after.email },
    )
  }
  return after
}

/**
 * Changes the password after checking the current one: every other session of the user
 * ends, and every outstanding reset link.
 */
export async function changePassword(
  db: Db,
  caller: Caller & { sessionId: number },
  r: ChangePasswordRequest,
): Promise<void> {
  const row = await ownRow(db, caller.userId)
  await checkCurrentPassword(db, row, r.currentPassword, caller.address)
  assertAcceptablePassword(r.password, row)
  const hash = await hashPassword(r.password)
  await db.transaction(async (tx) => {
    await updateUser(tx, row.id, { password_hash: hash })
    await revokeUserSessions(tx, row.id, caller.sessionId)
    await resets.cancelUserResets(tx, row.id)
  })
  permissionsChanged()
}

/**
 * Asks for a reset link: limited per address (429), then answered at once, the same whether
 * or not the user exists; the mail goes afterwards, so its timing tells nothing either.
 */
export async function askPasswordReset(
  db: Db,
  opts: { username: string; address: string; publicUrl: string; notices: Notices },
): Promise<void> {
  await requireQuota(db, 'resetByAddress', opts.address, 'password.resetTooMany')
  sendResetLink(db, opts).catch(opts.notices.onError)
}

/** Mails a single-use link valid for one hour to an active user, a few per user and hour. */
async function sendResetLink(
  db: Db,
  opts: { username: string; publicUrl: string; notices: Notices },
): Promise<void> {
  const user = await findUserByUsername(db, opts.username)
  if (!user || !user.active || !user.email) return
  // A user's mailbox gets a few links an hour however often they are asked for.
  if (!(await takeQuota(db, 'resetByUser', String(user.id)))) return
  const token = newToken()
  await resets.createReset(db, user.id, hashToken(token), RESET_TTL_MINUTES)
  const { projectName, mailer } = opts.notices
  const link = `${opts.publicUrl}/reset-password/${token}`
  await mailer.send({
    to: user.email,
    subject: `${projectName} - ${t('password.resetMailSubject')}`,
    text: t('password.resetMailBody', { name: user.name, project: projectName, link }),
  })
}

/**
 * Uses a reset link once: sets the password and ends every session and every other link of
 * the user. Limited per address; the link is checked before any password is hashed, and a
 * refused password leaves the link usable.
 */
export async function resetPassword(
  db: Db,
  r: { token: string; password: string },
  address: string,
): Promise<void> {
  await requireQuota(db, 'resetPassword', address, 'password.resetAttemptsTooMany')
  const tokenHash = hashToken(r.token)
  const userId = await resets.findUsableReset(db, tokenHash)
  const row = userId === undefined ? undefined : await getSessionUser(db, userId)
  if (!row) throw fieldError('token', 'password.resetInvalidToken')
  assertAcceptablePassword(r.password, row)
  const hash = await hashPassword(r.password)
  await db.transaction(async (tx) => {
    // Used here, atomically: of two requests racing with one link, one wins.
    if ((await resets.useReset(tx, tokenHash)) !== row.id) {
      throw fieldError('token', 'password.resetInvalidToken')
    }
    await updateUser(tx, row.id, { password_hash: hash })
    await revokeUserSessions(tx, row.id)
    await resets.cancelUserResets(tx, row.id)
  })
  permissionsChanged()
}
