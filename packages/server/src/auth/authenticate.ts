import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionUser } from '@gis/shared'
import type { Db } from '../db/types'
import { forbidden, unauthorized } from '../http/errors'
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

export interface Auth {
  /** onRequest hook: 401 unless the request carries a valid session of an active user. */
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /** onRequest hook: as requireUser, then 403 unless the user is an administrator. */
  requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>
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

  return {
    resolve,
    requireUser,
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
