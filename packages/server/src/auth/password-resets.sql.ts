import type { Queryable } from '../db/types'

/** The owner of `app.password_resets`: single-use, expiring reset links (stored hashed). */

export async function createReset(
  db: Queryable,
  userId: number,
  tokenHash: string,
  ttlMinutes: number,
): Promise<void> {
  await db.query(
    `INSERT INTO app.password_resets (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
    [userId, tokenHash, ttlMinutes],
  )
}

/** The user of a reset link that is still usable (unused, not expired), without using it. */
export async function findUsableReset(
  db: Queryable,
  tokenHash: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT user_id FROM app.password_resets
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [tokenHash],
  )
  return rows[0]?.user_id
}

/** Uses a reset link once: the user when it was still usable, else undefined. */
export async function useReset(db: Queryable, tokenHash: string): Promise<number | undefined> {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE app.password_resets SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [tokenHash],
  )
  return rows[0]?.user_id
}

/** Ends every outstanding reset link of a user (after a password change or reset). */
export async function cancelUserResets(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `UPDATE app.password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  )
}
