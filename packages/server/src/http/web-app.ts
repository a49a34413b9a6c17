import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { t } from '@gis/shared'

const API_PREFIXES = ['/api/', '/auth/', '/ows', '/_self/', '/healthz']

/**
 * Serves the built web app from the same origin, with the SPA fallback: a GET of any client
 * route (/, /profile, /reset-password/…) gets index.html whatever its Accept header (curl,
 * monitors and some proxies send none or `*\/*`); API paths get a JSON 404, and so does a
 * missing hashed asset, which must never come back as HTML.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasApp = existsSync(path.join(distDir, 'index.html'))
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (packages/web/scripts/precompress.mjs).
      preCompressed: true,
      // Our own Cache-Control (setHeaders), not send's default max-age=0.
      cacheControl: false,
      setHeaders(res, file) {
        // Vite's hashed assets never change; index.html must always be revalidated.
        const immutable = file.includes(`${path.sep}assets${path.sep}`)
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? ''
    const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p))
    const isAsset = url.startsWith('/assets/')
    if (hasApp && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache')
      return reply.sendFile('index.html')
    }
    return reply.code(404).send({ message: t('http.notFound') })
  })
}
