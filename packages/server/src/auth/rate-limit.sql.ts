import type { Db, Queryable } from '../db/types'

/** The owner of `app.login_failures` and `app.request_events` (the counters of rate-limit.ts). */

export interface FailureCounts {
  /** Failures of this username from this address. */
  pair: number
  /** Failures from this address, whatever the username. */
  address: number
  /** Failures of this username, from every address. */
  user: number
}

/** Failed sign-ins of the last `seconds`, counted three ways in one statement. */
export async function countSignInFailures(
  db: Queryable,
  username: string,
  address: string,
  seconds: number,
): Promise<FailureCounts> {
  const { rows } = await db.query<FailureCounts>(
    `SELECT count(*) FILTER (WHERE username = lower($1) AND address = $2)::int AS pair,
            count(*) FILTER (WHERE address = $2)::int AS address,
            count(*) FILTER (WHERE username = lower($1))::int AS "user"
       FROM app.login_failures
      WHERE (username = lower($1) OR address = $2)
        AND at > now() - make_interval(secs => $3::int)`,
    [username, address, seconds],
  )
  return rows[0] ?? { pair: 0, address: 0, user: 0 }
}

export async function insertSignInFailure(
  db: Queryable,
  username: string,
  address: string,
): Promise<void> {
  await db.query(`DELETE FROM app.login_failures WHERE at < now() - interval '10 minutes'`)
  await db.query('INSERT INTO app.login_failures (username, address) VALUES (lower($1), $2)', [
    username,
    address,
  ])
}

/**
 * Counts one call of `kind` for `key` if fewer than `max` were counted in the last `minutes`:
 * true when counted. Concurrent calls for one key take turns (an advisory lock held until the
 * transaction ends), so a burst cannot slip past the limit.
 */
export async function takeRequestEvent(
  db: Db,
  kind: string,
  key: string,
  max: number,
  minutes: number,
): Promise<boolean> {
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
