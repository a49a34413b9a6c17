import type { FastifyRequest } from 'fastify'
import type { SessionUser } from '@gis/shared'
import type { Auth } from './authenticate'

/** Who calls, and from where (the history records both). */
export interface Caller {
  user: Pick<SessionUser, 'id' | 'username' | 'admin'>
  address: string
  port: number | null
  /** The client the history names (absent: the web's, APPLICATION in layer-data). */
  application?: string
}

/** The caller of a request that passed an auth hook: its session's whole user, and the session. */
export interface RequestCaller extends Caller {
  user: SessionUser
  /** The session of the token; 0 for HTTP Basic username and password. */
  sessionId: number
}

/**
 * The caller of a request: its session's user and session, its address and port. The one way a
 * route reads who calls (`callerOf(auth, request).user` where only the user counts); outside
 * `auth/`, nothing reads `auth.contextOf` (eslint.config.js).
 */
export function callerOf(auth: Auth, request: FastifyRequest): RequestCaller {
  const { user, sessionId } = auth.contextOf(request)
  return {
    user,
    sessionId,
    address: request.ip,
    port: request.socket.remotePort ?? null,
  }
}
