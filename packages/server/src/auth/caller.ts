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

/** The caller of a request: its session's user, address and port. */
export function callerOf(auth: Auth, request: FastifyRequest): Caller {
  return {
    user: auth.contextOf(request).user,
    address: request.ip,
    port: request.socket.remotePort ?? null,
  }
}
