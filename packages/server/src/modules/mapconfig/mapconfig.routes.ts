import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { extentSchema, layerTreeNodeSchema, mapConfigSchema, type Extent } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { readSetting } from '../config/config.service'
import { layerTree } from '../layers/layers.service'

/** A box covering Brazil: the spec's default when no start position is configured. */
const BRAZIL: Extent = [-74.0, -34.0, -34.8, 5.3]
const R = 6_378_137

function toWebMercator([minx, miny, maxx, maxy]: Extent): Extent {
  const x = (lon: number) => (R * lon * Math.PI) / 180
  const y = (lat: number) =>
    R * Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 360))
  return [x(minx), y(miny), x(maxx), y(maxy)]
}

export const mapConfigRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/mapconfig',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['mapconfig'],
          summary: 'Map configuration: start extent (mapStartPos) in EPSG:3857 and EPSG:4326',
          response: { 200: mapConfigSchema },
        },
      },
      async () => {
        const stored = extentSchema.safeParse(await readSetting(db, 'mapStartPos'))
        const lonLat = stored.success ? stored.data : BRAZIL
        return {
          mapStartPos: toWebMercator(lonLat),
          mapStartPosLonLat: lonLat,
          projection: 'EPSG:3857' as const,
        }
      },
    )

    app.get(
      '/api/mapconfig/layerlayout',
      {
        onRequest: auth.requireUser,
        schema: {
          tags: ['mapconfig'],
          summary:
            'The layer tree (folders, layers, base layers, radio groups, visibility, opacity) for the caller',
          response: { 200: z.array(layerTreeNodeSchema) },
        },
      },
      async (request) => layerTree(db, auth.contextOf(request).user),
    )
  }
