import { t, type MessageKey } from '@gis/shared'
import type { Queryable } from '../db/types'
import { HttpError } from '../http/errors'

/** Failed sign-ins allowed per minute, per username and per client address. */
export const MAX_FAILURES_PER_MINUTE = 10

/**
 * 429 when the username or the address failed too often in the last minute: the same answer
 * whether or not the user exists. Every way of presenting a password goes through it (the
 * sign-in form, HTTP Basic on /ows).
 */
export async function checkSignInRate(db: Queryable, username: string, address: string) {
  const { rows } = await db.query<{ by_user: number; by_address: number }>(
    `SELECT
       (SELECT count(*) FROM app.login_failures
         WHERE username = lower($1) AND at > now() - interval '1 minute')::int AS by_user,
       (SELECT count(*) FROM app.login_failures
         WHERE address = $2 AND at > now() - interval '1 minute')::int AS by_address`,
    [username, address],
  )
  const r = rows[0]
  if (r && (r.by_user >= MAX_FAILURES_PER_MINUTE || r.by_address >= MAX_FAILURES_PER_MINUTE)) {
    throw new HttpError(429, t('login.tooManyAttempts'), undefined, { 'retry-after': '60' })
  }
}

export async function recordSignInFailure(db: Queryable, username: string, address: string) {
  await db.query(`DELETE FROM app.login_failures WHERE at < now() - interval '10 minutes'`)
  await db.query('INSERT INTO app.login_failures (username, address) VALUES (lower($1), $2)', [
    username,
    address,
  ])
}

/**
 * Anonymous calls with a cost beyond the request: each kind allows `max` calls per key (an
 * address, a username) in `minutes`.
 */
export const QUOTAS = {
  /** Self-registrations from one address: each one is an account an administrator reviews. */
  register: { max: 5, minutes: 60 },
  /** Password-reset mails asked from one address. */
  resetByAddress: { max: 10, minutes: 60 },
  /** Password-reset mails sent to one user: past it, asking again sends nothing. */
  resetByUser: { max: 3, minutes: 60 },
} as const

export type QuotaKind = keyof typeof QUOTAS

/** 429 with `message` when `key` has no call of `kind` left (nothing is recorded). */
export async function checkQuota(
  db: Queryable,
  kind: QuotaKind,
  key: string,
  message: MessageKey,
): Promise<void> {
  if (!(await quotaLeft(db, kind, key))) {
    const retryAfter = String(QUOTAS[kind].minutes * 60)
    throw new HttpError(429, t(message), undefined, { 'retry-after': retryAfter })
  }
}

/** Whether `key` has calls of `kind` left in the current window (nothing is recorded). */
export async function quotaLeft(db: Queryable, kind: QuotaKind, key: string): Promise<boolean> {
  const { max, minutes } = QUOTAS[kind]
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM app.request_events
      WHERE kind = $1 AND key = $2 AND at > now() - make_interval(mins => $3::int)`,
    [kind, key, minutes],
  )
  return (rows[0]?.n ?? 0) < max
}

/** Counts one call of `kind` for `key` (and forgets calls older than a day). */
export async function recordQuotaUse(db: Queryable, kind: QuotaKind, key: string) {
  await db.query(`DELETE FROM app.request_events WHERE at < now() - interval '1 day'`)
  await db.query('INSERT INTO app.request_events (kind, key) VALUES ($1, $2)', [kind, key])
}
