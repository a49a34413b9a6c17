import type { FastifyRequest } from 'fastify'
import { tokenOf, type Auth, type AuthContext } from '../auth/authenticate'
import { unauthorized } from '../http/errors'

// A map asks for dozens of tiles at once, and a desktop client as many WFS pages: the
// session behind a token is remembered for a moment instead of being read for every one.
// Logout, expiry and deactivation therefore take effect on these paths within SESSION_MS.
const SESSION_MS = 2_000
const MAX_ENTRIES = 10_000

export interface SessionCache {
  /** The session of the request's token (bearer or ?token=), or undefined when it has none. */
  resolve(request: FastifyRequest): Promise<AuthContext | undefined>
  /** onRequest hook: 401 without a valid session (before any validation). */
  requireUser(request: FastifyRequest): Promise<void>
  /** The session of a request that passed requireUser. */
  contextOf(request: FastifyRequest): AuthContext
}

export function createSessionCache(auth: Auth): SessionCache {
  const entries = new Map<string, { at: number; context: Promise<AuthContext | undefined> }>()
  const contexts = new WeakMap<FastifyRequest, AuthContext>()
  const cache: SessionCache = {
    async requireUser(request) {
      const context = await cache.resolve(request)
      if (!context) throw unauthorized()
      contexts.set(request, context)
    },
    contextOf(request) {
      const context = contexts.get(request)
      if (!context) throw unauthorized()
      return context
    },
    async resolve(request) {
      const token = tokenOf(request)
      if (!token) return undefined
      // Keyed by the token itself: it stays in this process's memory, as the request's does,
      // and hashing it on every tile cost more than the lookup.
      const hit = entries.get(token)
      if (hit && Date.now() - hit.at < SESSION_MS) return hit.context
      if (entries.size >= MAX_ENTRIES) entries.clear()
      const context = auth.resolve(token)
      entries.set(token, { at: Date.now(), context })
      context.then(
        (c) => {
          if (!c) entries.delete(token)
        },
        () => entries.delete(token),
      )
      return context
    },
  }
  return cache
}
