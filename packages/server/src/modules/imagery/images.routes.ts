import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../../app-deps'
import { requireModule } from '../../auth/modules'
import type { RouteScope } from '../../http/scopes'
import { imagesService, type ImagesDeps, type ImagesService } from './images.service'

/** The images' bytes never change under a path: cached for a year, revalidated never. */
export const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable'

/** True when an If-None-Match header names this ETag (or is '*'). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((v) => v.trim().replace(/^W\//, ''))
    .some((v) => v === '*' || v === `"${etag}"`)
}

/**
 * GET /api/images/<path> (spec 2 §7.1): camera images `cameras/<frame path>/<level>.jpg`,
 * panoramas `panoramas/<dir>/<id>.jpg` and their tiles `panoramas/<dir>/<id>/tiles/<col>_<row>.jpg`.
 * The browser loads them itself: bearer or `?token=`. 404 while the modules orbit and smmcad
 * are both off.
 */
export const imagesScopes = (deps: AppDeps): RouteScope[] => {
  const own: ImagesDeps = { db: deps.db, storage: deps.storage }
  const images = imagesService(own)
  return [
    {
      prefix: '/api/images',
      access: 'download',
      routes: async (app) => {
        own.log = app.log
        if (deps.config.warmDemoImagery) app.addHook('onReady', () => warm(app, images))
        await imageRoutes(deps, images)(app, {})
      },
    },
  ]
}

/** The demo events a new user's viewers open first, drawn after start (in the background). */
const WARM_EVENTS = 12

function warm(app: FastifyInstance, images: ImagesService): void {
  setImmediate(() => {
    const started = Date.now()
    images.warmDemo(WARM_EVENTS).then(
      (drawn) => drawn && app.log.info({ drawn, ms: Date.now() - started }, 'demo imagery drawn'),
      (err: unknown) => app.log.warn({ err }, 'demo imagery not drawn'),
    )
  })
}

const imageRoutes =
  (deps: AppDeps, images: ImagesService): FastifyPluginAsyncZod =>
  async (app) => {
    // The images serve the orbit module and the event viewer: 404 while both are off.
    app.addHook('onRequest', requireModule(deps, 'orbit', 'smmcad'))
    app.get(
      '/*',
      {
        schema: {
          tags: ['imagery'],
          summary:
            'A street-level image (camera level, panorama base or tile) as JPEG, with ETag; `?token=` accepted; the demo surveys’ images are drawn on first request',
          params: z.object({ '*': z.string() }),
          querystring: z.object({ token: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const row = await images.find(request.params['*'])
        reply.headers({
          etag: `"${row.etag}"`,
          'cache-control': IMAGE_CACHE_CONTROL,
          'x-content-type-options': 'nosniff',
        })
        if (etagMatches(request.headers['if-none-match'], row.etag)) return reply.code(304).send()
        const file = await images.open(row)
        reply.headers({ 'content-type': 'image/jpeg', 'content-length': String(file.size) })
        return reply.send(file.stream)
      },
    )
  }
