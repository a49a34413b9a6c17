import type { Queryable } from '../db/types'

/** The owner of `app.sessions`: the only file that reads or writes it. */

export interface LiveSessionRow {
  session_id: number
  last_seen_at: Date
  id: number
  username: string
  name: string
  email: string
  sector: string
  admin: boolean
  active: boolean
}

/**
 * The live session behind a token hash with its (active) user: not revoked, within its idle
 * lifetime (`expires_at`) and within `maxDays` of its creation. The one read of `app.users`
 * outside its owner: a join, so that every authenticated request costs one statement.
 */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
  maxDays: number,
): Promise<LiveSessionRow | undefined> {
  const { rows } = await db.query<LiveSessionRow>(
    `SELECT s.id AS session_id, s.last_seen_at, u.id, u.username, u.name, u.email, u.sector,
            u.admin, u.active
       FROM app.sessions s JOIN app.users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.created_at > now() - make_interval(days => $2::int) AND u.active`,
    [tokenHash, maxDays],
    { prepare: true },
  )
  return rows[0]
}

/** Renews the idle lifetime of a session in use, never past its absolute end. */
export async function touchSession(
  db: Queryable,
  sessionId: number,
  ttlHours: number,
  maxDays: number,
): Promise<void> {
  await db.query(
    `UPDATE app.sessions SET last_seen_at = now(),
            expires_at = least(now() + make_interval(hours => $2::int),
                               created_at + make_interval(days => $3::int))
      WHERE id = $1`,
    [sessionId, ttlHours, maxDays],
    { prepare: true },
  )
}

export async function createSession(
  db: Queryable,
  s: { userId: number; tokenHash: string; ttlHours: number; maxDays: number; address: string },
): Promise<void> {
  await db.query(
    `INSERT INTO app.sessions (user_id, token_hash, expires_at, address)
     VALUES ($1, $2, now() + least(make_interval(hours => $3::int), make_interval(days => $4::int)), $5)`,
    [s.userId, s.tokenHash, s.ttlHours, s.maxDays, s.address],
  )
}

export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query(
    'UPDATE app.sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL',
    [sessionId],
  )
}

/** Revokes every session of a user except `keepSessionId` (a password change keeps the current one). */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  keepSessionId?: number,
): Promise<void> {
  await db.query(
    `UPDATE app.sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2::bigint)`,
    [userId, keepSessionId ?? null],
  )
}
