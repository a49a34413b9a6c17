import type { Queryable } from '../../db/types'

export interface UserRow {
  id: number
  username: string
  name: string
  email: string
  sector: string
  admin: boolean
  active: boolean
  password_hash: string
}

export const USER_COLUMNS = 'id, username, name, email, sector, admin, active'

export async function findUserByUsername(db: Queryable, username: string) {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS}, password_hash FROM app.users WHERE lower(username) = lower($1)`,
    [username],
  )
  return rows[0]
}

export async function createSession(
  db: Queryable,
  userId: number,
  tokenHash: string,
  ttlHours: number,
  address: string,
) {
  await db.query(
    `INSERT INTO app.sessions (user_id, token_hash, expires_at, address)
     VALUES ($1, $2, now() + make_interval(hours => $3), $4)`,
    [userId, tokenHash, ttlHours, address],
  )
}

export async function recordLogin(
  db: Queryable,
  user: { id: number; username: string },
  address: string,
  userAgent: string,
) {
  await db.query(
    'INSERT INTO app.logins (user_id, username, address, user_agent) VALUES ($1, $2, $3, $4)',
    [user.id, user.username, address, userAgent],
  )
}

export async function revokeSession(db: Queryable, sessionId: number) {
  await db.query(
    'UPDATE app.sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL',
    [sessionId],
  )
}

/** Revokes every session of a user except `keepSessionId` (password change keeps the current one). */
export async function revokeUserSessions(db: Queryable, userId: number, keepSessionId?: number) {
  await db.query(
    `UPDATE app.sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2::bigint)`,
    [userId, keepSessionId ?? null],
  )
}

export interface LoginRow {
  id: number
  user_id: number | null
  username: string
  name: string | null
  at: Date
  address: string
  user_agent: string
}

export async function listLogins(db: Queryable, orderBy: string, limit: number, offset: number) {
  const [page, total] = await Promise.all([
    db.query<LoginRow>(
      `SELECT l.id, l.user_id, l.username, u.name, l.at, l.address, l.user_agent
         FROM app.logins l LEFT JOIN app.users u ON u.id = l.user_id
        ${orderBy} LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.logins'),
  ])
  return { rows: page.rows, total: total.rows[0]?.n ?? 0 }
}
