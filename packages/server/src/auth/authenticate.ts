import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionUser } from '@gis/shared'
import type { Db } from '../db/types'
import { t } from '@gis/shared'
import { forbidden, HttpError, unauthorized } from '../http/errors'
import { verifyPassword } from './passwords'
import { checkSignInRate, recordSignInFailure } from './rate-limit'
import { hashToken } from './tokens'

export interface AuthContext {
  user: SessionUser
  sessionId: number
}

interface SessionRow {
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

// Refresh a session's expiry at most this often, not on every request.
const TOUCH_INTERVAL_MS = 5 * 60_000

/**
 * The token of a request: `Authorization: Bearer <token>`, the `token` query parameter of
 * download links, or the password of HTTP Basic credentials (what desktop GIS clients send).
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header) {
    const [scheme, value] = header.split(' ', 2)
    if (scheme?.toLowerCase() === 'bearer' && value) return value.trim()
  }
  const query = request.query as Record<string, unknown> | undefined
  if (query && typeof query.token === 'string' && query.token) return query.token
  return undefined
}

/** HTTP Basic credentials of a request (what QGIS and GDAL send), if any. */
export function basicCredentialsOf(
  request: FastifyRequest,
): { username: string; password: string } | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, value] = header.split(' ', 2)
  if (scheme?.toLowerCase() !== 'basic' || !value) return undefined
  const decoded = Buffer.from(value.trim(), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return undefined
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

// Desktop clients send Basic credentials on every request; argon2 takes tens of milliseconds,
// so a verified pair is remembered for a short while (by its hash, never in clear).
const BASIC_CACHE_MS = 30_000
const BASIC_CACHE_MAX = 1_000

export interface Auth {
  /** onRequest hook: 401 unless the request carries a valid session of an active user. */
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /** onRequest hook: as requireUser, then 403 unless the user is an administrator. */
  requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /**
   * onRequest hook of the OGC services: as requireUser, and also HTTP Basic credentials, either
   * username and password of an active user or any username with a session token as password.
   * A 401 asks for Basic credentials (WWW-Authenticate), so QGIS prompts for them.
   */
  requireOwsUser(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /** The session of a request that passed requireUser. */
  contextOf(request: FastifyRequest): AuthContext
  /** Resolves a token to its session, or undefined. */
  resolve(token: string): Promise<AuthContext | undefined>
}

export function createAuth(db: Db, sessionTtlHours: number): Auth {
  const contexts = new WeakMap<FastifyRequest, AuthContext>()

  async function resolve(token: string): Promise<AuthContext | undefined> {
    const { rows } = await db.query<SessionRow>(
      `SELECT s.id AS session_id, s.last_seen_at, u.id, u.username, u.name, u.email, u.sector,
              u.admin, u.active
         FROM app.sessions s JOIN app.users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.active`,
      [hashToken(token)],
    )
    const row = rows[0]
    if (!row) return undefined
    if (Date.now() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
      await db.query(
        `UPDATE app.sessions SET last_seen_at = now(),
                expires_at = now() + make_interval(hours => $2) WHERE id = $1`,
        [row.session_id, sessionTtlHours],
      )
    }
    const { session_id, last_seen_at: _seen, ...user } = row
    return { user, sessionId: session_id }
  }

  async function requireUser(request: FastifyRequest): Promise<void> {
    const token = tokenOf(request)
    const context = token ? await resolve(token) : undefined
    if (!context) throw unauthorized()
    contexts.set(request, context)
  }

  const basicCache = new Map<string, { context: AuthContext; expires: number }>()

  async function resolveBasic(username: string, password: string, address: string) {
    const byToken = password.length >= 32 ? await resolve(password) : undefined
    if (byToken) return byToken
    const key = hashToken(`${username.toLowerCase()}\u0000${password}`)
    const hit = basicCache.get(key)
    if (hit && hit.expires > Date.now()) return hit.context
    basicCache.delete(key)
    await checkSignInRate(db, username, address)
    const { rows } = await db.query<SessionRow & { password_hash: string }>(
      `SELECT id, username, name, email, sector, admin, active, password_hash
         FROM app.users WHERE lower(username) = lower($1) AND active`,
      [username],
    )
    const row = rows[0]
    if (!(await verifyPassword(row?.password_hash, password)) || !row) {
      await recordSignInFailure(db, username, address)
      return undefined
    }
    const context: AuthContext = {
      user: {
        id: row.id,
        username: row.username,
        name: row.name,
        email: row.email,
        sector: row.sector,
        admin: row.admin,
        active: row.active,
      },
      sessionId: 0,
    }
    if (basicCache.size >= BASIC_CACHE_MAX) basicCache.clear()
    basicCache.set(key, { context, expires: Date.now() + BASIC_CACHE_MS })
    return context
  }

  return {
    resolve,
    requireUser,
    async requireOwsUser(request) {
      const token = tokenOf(request)
      const basic = token ? undefined : basicCredentialsOf(request)
      const context = token
        ? await resolve(token)
        : basic
          ? await resolveBasic(basic.username, basic.password, request.ip)
          : undefined
      if (!context) {
        throw new HttpError(401, t('ogc.unauthorized'), undefined, {
          'www-authenticate': 'Basic realm="GIS", charset="UTF-8"',
        })
      }
      contexts.set(request, context)
    },
    async requireAdmin(request) {
      await requireUser(request)
      if (!contexts.get(request)?.user.admin) throw forbidden()
    },
    contextOf(request) {
      const context = contexts.get(request)
      if (!context) throw unauthorized()
      return context
    },
  }
}
