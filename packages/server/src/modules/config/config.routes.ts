import { readFile } from 'node:fs/promises'
import { appConfigSchema, appSettingsSchema, appSettingsViewSchema } from '@gis/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../../app-deps'
import type { RouteScope } from '../../http/scopes'
import { logoFile, readAppConfig, readSettings, writeSettings } from './config.service'

/**
 * The routes another module serves under /api/config, which this module owns (every scope
 * under it is declared here); app.ts passes them in.
 */
export interface ConfigPathRoutes {
  /** modules/layers: the layers the caller reads, described for the map. */
  layers: FastifyPluginAsyncZod
}

/** Public: the sign-in screen shows the project name and logo before anyone signs in. */
export const configRoutes = ({ db, config }: AppDeps, routes: ConfigPathRoutes): RouteScope[] => [
  {
    prefix: '',
    access: 'public',
    routes: async (app) => {
      app.get(
        '/api/config',
        {
          schema: {
            tags: ['config'],
            summary: 'Application configuration: project name, modules, service URLs',
            response: { 200: appConfigSchema },
          },
        },
        async () => readAppConfig(db, config),
      )

      app.get('/_self/logo.png', { schema: { hide: true } }, async (_request, reply) => {
        reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=300')
        return readFile(logoFile(config))
      })
    },
  },
  {
    prefix: '/api/config/settings',
    access: 'admin',
    routes: async (app) => {
      app.get(
        '',
        {
          schema: {
            tags: ['config'],
            summary:
              'Stored project name and modules (administrators), the known modules, and the environment overrides',
            response: { 200: appSettingsViewSchema },
          },
        },
        async () => readSettings(db, config),
      )

      app.put(
        '',
        {
          schema: {
            tags: ['config'],
            summary: 'Stores the project name and the optional modules switched on',
            body: appSettingsSchema,
            response: { 200: appSettingsViewSchema },
          },
        },
        async (request) => writeSettings(db, config, request.body),
      )
    },
  },
  { prefix: '/api/config/layers', access: 'user', routes: routes.layers },
]
