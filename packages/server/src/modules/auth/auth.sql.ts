import type { Queryable } from '../../db/types'

/** The owner of `app.logins`: the record of successful sign-ins. */

export async function recordLogin(
  db: Queryable,
  user: { id: number; username: string },
  address: string,
  userAgent: string,
): Promise<void> {
  await db.query(
    'INSERT INTO app.logins (user_id, username, address, user_agent) VALUES ($1, $2, $3, $4)',
    [user.id, user.username, address, userAgent],
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

/** Sign-ins, with the user's current name (a read-only join on `app.users`). */
export async function listLogins(
  db: Queryable,
  orderBy: string,
  limit: number,
  offset: number,
): Promise<{ rows: LoginRow[]; total: number }> {
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
