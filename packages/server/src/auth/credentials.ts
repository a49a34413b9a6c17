import type { FastifyRequest } from 'fastify'

/** `Authorization: Bearer <token>`: how the web app and API clients send their session. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, value] = header.split(' ', 2)
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() || undefined : undefined
}

/**
 * The `token` query parameter: only for URLs a browser or a map library opens by itself
 * (downloads, tiles, OGC), where no header can be set. Never read on the JSON API.
 */
export function queryTokenOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined
  return query && typeof query.token === 'string' && query.token ? query.token : undefined
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
