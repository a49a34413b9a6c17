import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'

/** A file to send as a download. */
export interface Download {
  stream: Readable
  filename: string
  contentType: string
  size?: number
  /** Runs once the answer has been sent (removes a temporary file). */
  done?: () => void
}

/** Sends a file as a download. */
export function sendFile(reply: FastifyReply, file: Download) {
  if (file.done) {
    const done = file.done
    file.stream.on('close', done)
    file.stream.on('error', done)
  }
  reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'private, no-store')
  if (file.size !== undefined) reply.header('content-length', String(file.size))
  return reply.send(file.stream)
}

/**
 * What a stored file (an attachment, a file kept with an approval) may do in the browser:
 * nothing. An image shows; anything else is a download, and even if a browser rendered it,
 * the sandbox forbids scripts and the origin.
 */
const STORED_FILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

/** A stored file as answered: its bytes, type, size and Content-Disposition. */
export interface FileAnswer {
  stream: Readable
  contentType: string
  size: number
  disposition: string
}

/**
 * Sends a stored file, inline or as a download (its disposition), sandboxed. Private: the
 * answer depends on the session; a stored file's bytes never change.
 */
export function sendStoredFile(reply: FastifyReply, file: FileAnswer) {
  reply.headers({
    'content-type': file.contentType,
    'content-length': String(file.size),
    'content-disposition': file.disposition,
    'content-security-policy': STORED_FILE_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, max-age=86400',
  })
  return reply.send(file.stream)
}
