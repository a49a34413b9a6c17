import { z } from 'zod'
import {
  layerTreeNodeSchema,
  layerTreeSaveSchema,
  mapConfigSchema,
  mapConfigUpdateSchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { forbidden } from '../../http/errors'
import type { RouteScope } from '../../http/scopes'
import { fullTree, saveTree } from '../layers/layer-tree.service'
import { layerTree } from '../layers/layers.service'
import { mapConfig, saveMapConfig } from './mapconfig.service'

export const mapConfigRoutes = ({ db, auth }: AppDeps): RouteScope[] => [
  {
    prefix: '/api/mapconfig',
    access: 'user',
    routes: async (app) => {
      app.get(
        '',
        {
          schema: {
            tags: ['mapconfig'],
            summary: 'Map configuration: start extent (mapStartPos) in EPSG:3857 and EPSG:4326',
            response: { 200: mapConfigSchema },
          },
        },
        async () => mapConfig(db),
      )

      app.get(
        '/layerlayout',
        {
          schema: {
            tags: ['mapconfig'],
            summary:
              'The layer tree (folders, layers, base layers, radio groups, visibility, opacity) for the caller; `all=true` (administrators): every node, empty folders and inactive base layers included, as the tree editor saves it',
            querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
            response: { 200: z.array(layerTreeNodeSchema) },
          },
        },
        async (request) => {
          const { user } = callerOf(auth, request)
          if (request.query.all !== 'true') return layerTree(db, user)
          if (!user.admin) throw forbidden()
          return fullTree(db)
        },
      )
    },
  },
  {
    prefix: '/api/mapconfig',
    access: 'admin',
    routes: async (app) => {
      app.post(
        '',
        {
          schema: {
            tags: ['mapconfig'],
            summary:
              'Sets the map’s start position: a box in EPSG:4326 (mapStartPosLonLat) or EPSG:3857 (mapStartPos)',
            body: mapConfigUpdateSchema,
            response: { 200: mapConfigSchema },
          },
        },
        async (request) => saveMapConfig(db, request.body),
      )

      app.post(
        '/layerlayout',
        {
          schema: {
            tags: ['mapconfig'],
            summary:
              'Saves the whole layer tree (folders, layers, base layers, radio groups, order, default visibility and opacity); nodes keep their ids, nodes left out are removed',
            body: layerTreeSaveSchema,
            response: { 200: z.array(layerTreeNodeSchema) },
          },
        },
        async (request) => saveTree(db, request.body.nodes),
      )
    },
  },
]
