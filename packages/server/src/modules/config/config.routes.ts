import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { appConfigSchema } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { serverRoot } from '../../paths'
import { readAppConfig } from './config.service'

const BUNDLED_LOGO = path.join(serverRoot, 'assets', 'logo.png')

export const configRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Public: the sign-in screen shows the project name before anyone signs in.
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

    // The organisation's own logo when DATA_DIR holds a logo.png, else the product's.
    app.get('/_self/logo.png', { schema: { hide: true } }, async (_request, reply) => {
      const own = path.join(config.dataDir, 'logo.png')
      const file = existsSync(own) ? own : BUNDLED_LOGO
      reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=300')
      return readFile(file)
    })
  }
