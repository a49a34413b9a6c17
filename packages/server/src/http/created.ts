import type { FastifyReply } from 'fastify'
import type { ApprovalSubmitted } from '@gis/shared'

/** 201 Created, the new thing's address in `Location`; answers `body`. */
export function created<T>(reply: FastifyReply, location: string, body: T): T {
  reply.code(201).header('location', location)
  return body
}

/**
 * The answer of a call that became an approval (a moderated user's feature edit or
 * attachment upload): 202, the approval's address in `Location`.
 */
export function sendSubmitted(reply: FastifyReply, submitted: ApprovalSubmitted) {
  reply.header('location', `/api/approvals/${submitted.approvalId}`)
  return reply.code(202).send(submitted)
}
