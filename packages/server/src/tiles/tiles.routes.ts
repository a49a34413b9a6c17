import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Negotiator } from '@fastify/accept-negotiator'
import { z } from 'zod'
import { t } from '@gis/shared'
import type { AppDeps } from '../app-deps'
import { callerOf } from '../auth/caller'
import { COMPRESS_FROM_BYTES } from '../http/compression'
import { HttpError } from '../http/errors'
import type { RouteScope } from '../http/scopes'
import { publicLayer, readableLayer } from '../layer-data/catalogue'
import type { CatalogueLayer } from '../layer-data/model'
import { TileCache } from './tile-cache'
import { renderVersionedTile, tileKey, tileVersion } from './tiles.service'

const MAX_ZOOM = 24
// Browsers accept brotli: their tiles are compressed once and kept with the tile. Other
// clients' gzip is left to @fastify/compress.
const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] })

function coordinates(p: { z: string; x: string; file: string }) {
  const m = /^(\d{1,8})\.pbf$/.exec(p.file)
  const z = /^\d{1,2}$/.test(p.z) ? Number(p.z) : NaN
  const x = /^\d{1,8}$/.test(p.x) ? Number(p.x) : NaN
  const y = m ? Number(m[1]) : NaN
  const n = 2 ** z
  if (!(z >= 0 && z <= MAX_ZOOM && x >= 0 && x < n && y >= 0 && y < n)) {
    throw new HttpError(400, t('tiles.invalidCoordinates'))
  }
  return { z, x, y }
}

/**
 * Vector tiles under /api/tiles, with the map services' credentials (bearer, `?token=` or
 * HTTP Basic, as /ows), so QGIS's vector tile connection signs in with a username and password.
 * A public layer's tiles need none (decision 85): the scope's own hook decides by the layer.
 */
export const tilesScope = (deps: AppDeps): RouteScope => ({
  prefix: '/api/tiles',
  access: 'public',
  routes: tilesRoutes(deps),
})

/** A year: a versioned tile never changes. */
const YEAR = 31_536_000

const tilesRoutes =
  ({ db, auth, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tiles = new TileCache(config.tileCacheMb * 1_048_576)
    // The requests for a public layer's tiles, served whoever asks (no credentials checked).
    const open = new WeakMap<FastifyRequest, CatalogueLayer>()
    app.addHook('onRequest', async (request, reply) => {
      const name = (request.params as { layer?: unknown }).layer
      const layer = typeof name === 'string' ? await publicLayer(db, name) : undefined
      if (layer) open.set(request, layer)
      else await auth.requireServiceUser(request, reply)
    })
    app.get(
      '/:layer/:z/:x/:file',
      {
        schema: {
          tags: ['tiles'],
          summary:
            'Vector tile (MVT, EPSG:3857) of a layer: /api/tiles/{layer}/{z}/{x}/{y}.pbf?v={dataVersion}; immutable when v is the current data version',
          params: z.object({
            layer: z.string().max(63),
            z: z.string().max(3),
            x: z.string().max(9),
            file: z.string().max(16),
          }),
          querystring: z.object({ v: z.string().max(20).optional() }).loose(),
        },
      },
      async (request, reply) => {
        // A layer that does not exist, one the caller may not read and one without geometry
        // get the same answer.
        const layer =
          open.get(request) ??
          (await readableLayer(db, callerOf(auth, request).user, request.params.layer))
        if (!layer || layer.geometryType === 'TABULAR') {
          throw new HttpError(404, t('layers.notFoundOrDenied'))
        }
        const { z: zoom, x, y } = coordinates(request.params)
        // Weak: the same tile goes out compressed or not, as the client accepts.
        const etagOf = (version: number) => `W/"${layer.name}-${version}-${zoom}-${x}-${y}"`
        // The tile's URL names the data version: while it is current the answer never changes.
        // A public layer's tile may be kept by shared caches (a CDN); anyone else's only by the
        // user's own browser.
        const scope = layer.public ? 'public' : 'private'
        const headers = (version: number) =>
          reply
            .header('etag', etagOf(version))
            .header(
              'cache-control',
              request.query.v === String(version)
                ? `${scope}, max-age=${YEAR}, immutable`
                : `${scope}, no-cache`,
            )
            .header('vary', 'accept-encoding')
            .header('x-data-version', String(version))
        const ifNoneMatch = request.headers['if-none-match']
        if (ifNoneMatch) {
          const version = await tileVersion(db, layer)
          if (ifNoneMatch === etagOf(version)) return headers(version).code(304).send()
        }
        const { tile, version } = await renderVersionedTile(db, layer, zoom, x, y, tiles)
        headers(version).type('application/vnd.mapbox-vector-tile')
        let body = tile
        const accepted = request.headers['accept-encoding']
        if (
          tile.byteLength >= COMPRESS_FROM_BYTES &&
          accepted &&
          encodings.negotiate(accepted) === 'br'
        ) {
          body = await tiles.brotli(tileKey(layer, zoom, x, y), version, tile)
          reply.header('content-encoding', 'br')
        }
        return reply.send(Buffer.from(body.buffer, body.byteOffset, body.byteLength))
      },
    )
  }
