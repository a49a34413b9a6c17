import type { FastifyRequest } from 'fastify'
import { t } from '@gis/shared'
import type { Db } from '../db/types'
import { forbidden, HttpError, unauthorized } from '../http/errors'
import type { AuthHook } from '../http/scopes'
import { basicCredentialsOf, bearerTokenOf, queryTokenOf } from './credentials'
import {
  createServiceAuthenticator,
  type AuthContext,
  type CredentialUser,
  type UserStore,
} from './service-auth'
import * as sessions from './sessions.sql'
import { hashToken } from './tokens'

export type { AuthContext, CredentialUser, UserStore }

export interface AuthOptions {
  /** Idle lifetime of a session, renewed while it is used. */
  sessionTtlHours: number
  /** Absolute lifetime of a session, however much it is used. */
  sessionMaxDays: number
}

export type { AuthHook }

// Refresh a session's expiry at most this often, not on every request.
const TOUCH_INTERVAL_MS = 5 * 60_000

export interface Auth {
  /**
   * onRequest hook of the JSON API: 401 unless `Authorization: Bearer <token>` carries a live
   * session of an active user. A `?token=` in the URL is not accepted here.
   */
  requireUser: AuthHook
  /** onRequest hook: as requireUser, then 403 unless the user is an administrator. */
  requireAdmin: AuthHook
  /**
   * onRequest hook of the URLs a browser opens by itself (attachment and export downloads):
   * the bearer token or `?token=<token>`.
   */
  requireDownloadUser: AuthHook
  /**
   * onRequest hook of the map services (/ows, /api/tiles): the bearer token, `?token=`, or
   * HTTP Basic (username and password of an active user, or any username and a session token
   * as password). Sessions are remembered for 2 s and verified Basic pairs for 30 s; Basic
   * passwords go through the sign-in rate limit. A 401 asks for Basic credentials
   * (WWW-Authenticate), so QGIS prompts for them.
   */
  requireServiceUser: AuthHook
  /** The session of a request that passed one of the hooks. */
  contextOf(request: FastifyRequest): AuthContext
  /** Resolves a token to its live session, or undefined. */
  resolve(token: string): Promise<AuthContext | undefined>
}

export function createAuth(db: Db, options: AuthOptions, users: UserStore): Auth {
  const contexts = new WeakMap<FastifyRequest, AuthContext>()
  const { sessionTtlHours, sessionMaxDays } = options

  async function resolve(token: string): Promise<AuthContext | undefined> {
    const row = await sessions.findLiveSession(db, hashToken(token), sessionMaxDays)
    if (!row) return undefined
    if (Date.now() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
      await sessions.touchSession(db, row.session_id, sessionTtlHours, sessionMaxDays)
    }
    const { session_id, last_seen_at: _seen, ...user } = row
    return { user, sessionId: session_id }
  }

  const service = createServiceAuthenticator(db, users, resolve)

  async function withToken(request: FastifyRequest, token: string | undefined): Promise<void> {
    const context = token ? await resolve(token) : undefined
    if (!context) throw unauthorized()
    contexts.set(request, context)
  }

  const requireUser: AuthHook = (request) => withToken(request, bearerTokenOf(request))

  const requireServiceUser: AuthHook = async (request) => {
    const token = bearerTokenOf(request) ?? queryTokenOf(request)
    const basic = token ? undefined : basicCredentialsOf(request)
    const context = token
      ? await service.byToken(token)
      : basic
        ? await service.byBasic(basic.username, basic.password, request.ip)
        : undefined
    if (!context) {
      throw new HttpError(401, t('ogc.unauthorized'), undefined, {
        'www-authenticate': 'Basic realm="GIS", charset="UTF-8"',
      })
    }
    contexts.set(request, context)
  }

  return {
    resolve,
    requireUser,
    async requireAdmin(request, reply) {
      await requireUser(request, reply)
      if (!contexts.get(request)?.user.admin) throw forbidden()
    },
    requireDownloadUser: (request) =>
      withToken(request, bearerTokenOf(request) ?? queryTokenOf(request)),
    requireServiceUser,
    contextOf(request) {
      const context = contexts.get(request)
      if (!context) throw unauthorized()
      return context
    },
  }
}
