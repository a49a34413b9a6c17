import type { CredentialUser, UserStore } from '../../auth/authenticate'
import type { Queryable } from '../../db/types'
import { likePattern } from '../../db/like'
import { selectPage } from '../../db/paged.sql'

/** The owner of `app.users`: every statement on it is here. */

export type UserRow = CredentialUser

const USER_COLUMNS = 'id, username, name, email, sector, admin, active'

export interface UserRecordRow extends Omit<UserRow, 'password_hash'> {
  created_at: Date
  last_login: Date | null
  /** Inactive and never activated: a self-registration waiting for an administrator. */
  pending: boolean
}

const RECORD_COLUMNS = `u.id, u.username, u.name, u.email, u.sector, u.admin, u.active, u.created_at,
  (SELECT max(l.at) FROM app.logins l WHERE l.user_id = u.id) AS last_login,
  (NOT u.active AND u.activated_at IS NULL) AS pending`

/** Which accounts a list shows (the activation queue is `pending`). */
const STATUS_FILTER = {
  all: 'true',
  pending: '(NOT u.active AND u.activated_at IS NULL)',
  active: 'u.active',
  inactive: 'NOT u.active',
} as const
export type StatusFilter = keyof typeof STATUS_FILTER

export async function findUserByUsername(
  db: Queryable,
  username: string,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS}, password_hash FROM app.users WHERE lower(username) = lower($1)`,
    [username],
  )
  return rows[0]
}

export async function usernameExists(db: Queryable, username: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM app.users WHERE lower(username) = lower($1)', [
    username,
  ])
  return rows.length > 0
}

export async function insertUser(
  db: Queryable,
  u: {
    username: string
    name: string
    email: string
    sector: string
    passwordHash: string
    admin: boolean
    active: boolean
  },
): Promise<number | undefined> {
  // ON CONFLICT: two registrations racing for one username; the loser gets undefined.
  // An account created active counts as activated; a self-registration waits in the queue.
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.users (username, name, email, sector, password_hash, admin, active,
       activated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 THEN now() END)
     ON CONFLICT ((lower(username))) DO NOTHING RETURNING id`,
    [u.username, u.name, u.email, u.sector, u.passwordHash, u.admin, u.active],
  )
  return rows[0]?.id
}

export async function getUserRecord(db: Queryable, id: number) {
  const { rows } = await db.query<UserRecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM app.users u WHERE u.id = $1`,
    [id],
  )
  return rows[0]
}

export async function listUsers(
  db: Queryable,
  query: string | undefined,
  orderBy: string,
  limit: number,
  offset: number,
  status: StatusFilter = 'all',
) {
  const filter = `($1::text IS NULL OR u.username ILIKE $1 OR u.name ILIKE $1 OR u.email ILIKE $1
    OR u.sector ILIKE $1) AND ${STATUS_FILTER[status]}`
  return selectPage<UserRecordRow>(db, {
    columns: RECORD_COLUMNS,
    from: `app.users u WHERE ${filter}`,
    params: [likePattern(query)],
    orderBy: `${orderBy}, u.id`,
    limit,
    offset,
  })
}

export async function updateUser(
  db: Queryable,
  id: number,
  fields: Partial<{
    name: string
    email: string
    sector: string
    admin: boolean
    active: boolean
    password_hash: string
  }>,
): Promise<boolean> {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined)
  // Column names come from the typed keys above, never from the request.
  const sets = entries.map(([k], i) => `${k} = $${i + 2}`)
  sets.push('updated_at = now()')
  // Activating an account takes it out of the queue for good (a later deactivation does not
  // put it back), and so does deactivating one that was active.
  if (fields.active !== undefined) sets.push('activated_at = coalesce(activated_at, now())')
  const { rowCount } = await db.query(`UPDATE app.users SET ${sets.join(', ')} WHERE id = $1`, [
    id,
    ...entries.map(([, v]) => v),
  ])
  return rowCount > 0
}

export async function deleteUser(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM app.users WHERE id = $1', [id])
  return rowCount > 0
}

export async function getSessionUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS}, password_hash FROM app.users WHERE id = $1`,
    [id],
    { prepare: true },
  )
  return rows[0]
}

/** How the auth hooks read users (HTTP Basic, the cached pairs' check). */
export const userStore: UserStore = {
  findByUsername: findUserByUsername,
  findById: getSessionUser,
}

export async function saveWorkspace(db: Queryable, userId: number, workspace: unknown) {
  await db.query('UPDATE app.users SET workspace = $2::text::jsonb WHERE id = $1', [
    userId,
    JSON.stringify(workspace),
  ])
}

export async function readWorkspace(db: Queryable, userId: number): Promise<unknown> {
  const { rows } = await db.query<{ workspace: unknown }>(
    'SELECT workspace FROM app.users WHERE id = $1',
    [userId],
  )
  return rows[0]?.workspace ?? null
}

/** Which of these ids are users. */
export async function existingUserIds(db: Queryable, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM app.users WHERE id = ANY($1::bigint[])',
    [ids],
  )
  return new Set(rows.map((r) => r.id))
}
