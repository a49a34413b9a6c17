import type { FastifyReply } from 'fastify'

/** 201 Created, the new thing's address in `Location`; answers `body`. */
export function created<T>(reply: FastifyReply, location: string, body: T): T {
  reply.code(201).header('location', location)
  return body
}
