import type { FastifyInstance, FastifyRequest } from 'fastify'

// Query parameters whose value is a credential, in any case (OGC clients send TOKEN=).
const SECRET_PARAM = /^(token|access_token|password|passwd|pass|senha|secret|key|api_key|apikey)$/i
// Paths that carry a credential: the reset-password page's link.
const SECRET_PATH = /^(\/reset-password\/)[^/?#]+/

/**
 * A request's path as it may be logged: the reset-password link's token and the values of
 * credential parameters (`token`, `password`, …) replaced by `***`; every other parameter kept.
 */
export function loggablePath(url: string): string {
  const q = url.indexOf('?')
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_PATH, '$1***')
  if (q < 0) return path
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const raw = eq < 0 ? pair : pair.slice(0, eq)
      let name = raw
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '))
      } catch {
        // A malformed escape stays as it came.
      }
      return SECRET_PARAM.test(name) ? `${raw}=***` : pair
    })
    .join('&')
  return `${path}?${query}`
}

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie'])

function loggableHeaders(headers: FastifyRequest['headers']): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_HEADERS.has(name) ? '***' : value,
    ]),
  )
}

/** What Fastify or a handler may log of a request: never its credentials. */
function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: loggablePath(request.url) }
}

/**
 * Logger options of the app: the caller's (level, stream) with the request serializer above
 * and pino's redaction of any credential a log call might pass by mistake.
 */
export function loggerOptions(logger: boolean | object | undefined): boolean | object {
  if (!logger) return false
  return {
    ...(typeof logger === 'object' ? logger : {}),
    serializers: { req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'body.password',
        'body.currentPassword',
        'body.token',
        '*.password',
        '*.currentPassword',
        '*.token',
      ],
      censor: '***',
    },
  }
}

/**
 * The request log: at `info` one short line per request (method, path without credentials,
 * status, time); at `debug` a second line with the details (address, headers with credentials
 * hidden, user, size). Fastify's own request logging is off (`disableRequestLogging`).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = loggablePath(request.url)
    const ms = reply.elapsedTime.toFixed(1).replace('.', ',')
    request.log.info(`${request.method} ${path} ${reply.statusCode} ${ms} ms`)
    if (request.log.level === 'debug' || request.log.level === 'trace') {
      request.log.debug(
        {
          request: {
            method: request.method,
            path,
            address: request.ip,
            host: request.host,
            headers: loggableHeaders(request.headers),
          },
          response: {
            status: reply.statusCode,
            length: reply.getHeader('content-length'),
            type: reply.getHeader('content-type'),
          },
        },
        'detalhes da requisição',
      )
    }
  })
}
