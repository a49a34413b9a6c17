import { t, type MessageKey } from '@gis/shared'
import type { Db, Queryable } from '../db/types'
import { HttpError } from '../http/errors'
import * as sql from './rate-limit.sql'

/**
 * Failed sign-ins allowed per minute. The pattern: slow down the pair (username, address),
 * never the account, so that a stranger failing on purpose cannot lock anyone out, and one
 * person's typos do not lock out everyone behind the same address.
 */
export const SIGN_IN_LIMITS = {
  /** One username from one address. */
  pair: 10,
  /** One address, whatever the usernames (guessing many accounts from one place). */
  address: 100,
  /**
   * One username from every address: past it the account is under a spread attack, and an
   * address that has already failed for it waits for the minute to pass; an address that has
   * not (the owner at their desk) still signs in.
   */
  userUnderAttack: 50,
} as const
const WINDOW_SECONDS = 60

/**
 * 429 when this username failed too often from this address, or this address too often, in
 * the last minute: the same answer whether or not the user exists, and before any password is
 * checked. Every way of presenting a password goes through it (the sign-in form, HTTP Basic
 * on /ows and the tiles).
 */
export async function checkSignInRate(
  db: Queryable,
  username: string,
  address: string,
): Promise<void> {
  const n = await sql.countSignInFailures(db, username, address, WINDOW_SECONDS)
  if (
    n.pair >= SIGN_IN_LIMITS.pair ||
    n.address >= SIGN_IN_LIMITS.address ||
    (n.user >= SIGN_IN_LIMITS.userUnderAttack && n.pair > 0)
  ) {
    throw new HttpError(429, t('login.tooManyAttempts'), undefined, {
      'retry-after': String(WINDOW_SECONDS),
    })
  }
}

export async function recordSignInFailure(
  db: Queryable,
  username: string,
  address: string,
): Promise<void> {
  await sql.insertSignInFailure(db, username, address)
}

/**
 * Calls with a cost beyond the request: each kind allows `max` calls per key (an address, a
 * username) in `minutes`.
 */
export const QUOTAS = {
  /** Self-registrations from one address: each one is an account an administrator reviews. */
  register: { max: 5, minutes: 60 },
  /** Password-reset mails asked from one address. */
  resetByAddress: { max: 10, minutes: 60 },
  /** Password-reset mails sent to one user: past it, asking again sends nothing. */
  resetByUser: { max: 3, minutes: 60 },
  /** Attempts to set a password with a reset link, from one address. */
  resetPassword: { max: 10, minutes: 15 },
  /** Username lookups (is it taken?) from one address: enough for a person typing. */
  usernameLookup: { max: 30, minutes: 1 },
} as const

export type QuotaKind = keyof typeof QUOTAS

/** Counts one call of `kind` for `key` if the window has room for it: true when counted. */
export async function takeQuota(db: Db, kind: QuotaKind, key: string): Promise<boolean> {
  const { max, minutes } = QUOTAS[kind]
  return sql.takeRequestEvent(db, kind, key, max, minutes)
}

/** As takeQuota, with a 429 carrying `message` when the quota is used up. */
export async function requireQuota(
  db: Db,
  kind: QuotaKind,
  key: string,
  message: MessageKey,
): Promise<void> {
  if (!(await takeQuota(db, kind, key))) {
    const retryAfter = String(QUOTAS[kind].minutes * 60)
    throw new HttpError(429, t(message), undefined, { 'retry-after': retryAfter })
  }
}
