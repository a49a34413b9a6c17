import { t } from '@gis/shared'
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
