import type { SessionUser } from '@gis/shared'
import { sharedEpoch } from '../db/cache-epoch'
import type { Db } from '../db/types'
import { hashToken } from './tokens'
import { verifyPassword } from './passwords'
import { permissionEpoch } from './permissions'
import { checkSignInRate, recordSignInFailure } from './rate-limit'

export interface AuthContext {
  user: SessionUser
  /** The session of a token; 0 for HTTP Basic username and password. */
  sessionId: number
}

/** A user as the credential checks need it: the profile and the password hash. */
export interface CredentialUser extends SessionUser {
  password_hash: string
}

/**
 * How the auth hooks read `app.users` (whose owner is the users module, above this floor):
 * passed in by the app.
 */
export interface UserStore {
  findByUsername(db: Db, username: string): Promise<CredentialUser | undefined>
  findById(db: Db, id: number): Promise<CredentialUser | undefined>
}

// A map asks for dozens of tiles at once, and a desktop client as many WFS pages: the session
// behind a token is remembered for a moment instead of being read for every one. Logout and
// deactivation, through any process, move the shared cache epoch and apply at once; expiry
// within SESSION_MS.
const SESSION_MS = 2_000
const SESSION_MAX = 10_000
// Desktop clients send Basic credentials on every request and argon2 takes tens of
// milliseconds: a verified pair is remembered (by its hash, never in clear) for BASIC_MS, and
// each use checks with one indexed read that the user is still active and still has the
// password hash the pair was verified against, so deactivation or a new password ends it at
// once, on every process.
const BASIC_MS = 30_000
const BASIC_MAX = 1_000

function profileOf(row: CredentialUser): SessionUser {
  const { password_hash: _hash, ...user } = row
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    sector: user.sector,
    admin: user.admin,
    active: user.active,
  }
}

export interface ServiceAuthenticator {
  /** The session of a token, through the short cache. */
  byToken(token: string): Promise<AuthContext | undefined>
  /** A Basic pair: a session token as password, or an active user's username and password. */
  byBasic(username: string, password: string, address: string): Promise<AuthContext | undefined>
}

export function createServiceAuthenticator(
  db: Db,
  users: UserStore,
  resolve: (token: string) => Promise<AuthContext | undefined>,
): ServiceAuthenticator {
  const tokens = new Map<
    string,
    { at: number; epoch: string; context: Promise<AuthContext | undefined> }
  >()
  const pairs = new Map<string, { userId: number; passwordHash: string; expires: number }>()

  async function byToken(token: string): Promise<AuthContext | undefined> {
    // Keyed by the token itself: it stays in this process's memory, as the request's does,
    // and hashing it on every tile cost more than the lookup.
    // An administrator's change to a user (administrator or active flag) moves the permission
    // epoch: the session is read again on the next request.
    const epoch = `${permissionEpoch()}:${await sharedEpoch(db)}`
    const hit = tokens.get(token)
    if (hit && hit.epoch === epoch && Date.now() - hit.at < SESSION_MS) return hit.context
    if (tokens.size >= SESSION_MAX) tokens.clear()
    const context = resolve(token)
    tokens.set(token, { at: Date.now(), epoch, context })
    context.then(
      (c) => {
        if (!c) tokens.delete(token)
      },
      () => tokens.delete(token),
    )
    return context
  }

  async function byBasic(
    username: string,
    password: string,
    address: string,
  ): Promise<AuthContext | undefined> {
    // Tokens are 43 characters; a shorter password is never one.
    const session = password.length >= 32 ? await byToken(password) : undefined
    if (session) return session
    const key = hashToken(`${username.toLowerCase()}\u0000${password}`)
    const hit = pairs.get(key)
    if (hit && hit.expires > Date.now()) {
      const row = await users.findById(db, hit.userId)
      if (row?.active && row.password_hash === hit.passwordHash) {
        return { user: profileOf(row), sessionId: 0 }
      }
    }
    pairs.delete(key)
    await checkSignInRate(db, username, address)
    const row = await users.findByUsername(db, username)
    const ok = await verifyPassword(row?.password_hash, password)
    if (!row || !ok || !row.active) {
      await recordSignInFailure(db, username, address)
      return undefined
    }
    if (pairs.size >= BASIC_MAX) pairs.clear()
    pairs.set(key, {
      userId: row.id,
      passwordHash: row.password_hash,
      expires: Date.now() + BASIC_MS,
    })
    return { user: profileOf(row), sessionId: 0 }
  }

  return { byToken, byBasic }
}
