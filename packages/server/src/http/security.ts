import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Tokens travel in download URLs, so no referrer is ever sent. The policy allows what the app
 * needs: its own scripts, MUI's injected styles, map tiles and images from https servers,
 * blobs for workers and downloads.
 */
const POLICY: Readonly<HelmetOptions> = {
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'https:'],
      'worker-src': ["'self'", 'blob:'],
      'frame-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
    },
  },
}

/**
 * The headers helmet writes for POLICY. They depend on nothing in the request, so helmet runs
 * once, at start-up, on a response that only records them (@fastify/helmet would rebuild
 * helmet and re-parse the policy on every request: a map asks for dozens of tiles at once).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let failure: unknown
  helmet(POLICY)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err
  })
  if (failure) throw failure
  if (!headers['content-security-policy']) throw new Error('helmet wrote no security headers')
  return headers
}

/** Security headers on every answer. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders()
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}
