import { t, type MessageKey } from '@gis/shared'
import type { Db, Queryable } from '../db/types'
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

/**
 * Counts one call of `kind` for `key` if the window has room for it: true when counted, false
 * when the quota is used up. Concurrent calls for one key take turns (an advisory lock held
 * until the transaction ends), so a burst cannot slip past the limit.
 */
export async function takeQuota(db: Db, kind: QuotaKind, key: string): Promise<boolean> {
  const { max, minutes } = QUOTAS[kind]
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`quota:${kind}:${key}`])
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM app.request_events
        WHERE kind = $1 AND key = $2 AND at > now() - make_interval(mins => $3::int)`,
      [kind, key, minutes],
    )
    if ((rows[0]?.n ?? 0) >= max) return false
    await tx.query(`DELETE FROM app.request_events WHERE at < now() - interval '1 day'`)
    await tx.query('INSERT INTO app.request_events (kind, key) VALUES ($1, $2)', [kind, key])
    return true
  })
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
