import path from 'node:path'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import type { AppDeps } from './app-deps'
import { createAuth } from './auth/authenticate'
import type { ServerConfig } from './config'
import type { Db } from './db/types'
import { registerCompression } from './http/compression'
import { registerErrorHandler } from './http/errors'
import { registerSecurityHeaders } from './http/security'
import { registerWebApp } from './http/web-app'
import type { Mailer } from './mail/mailer'
import { authRoutes } from './modules/auth/auth.routes'
import { baseLayersRoutes } from './modules/baselayers/baselayers.routes'
import { configRoutes } from './modules/config/config.routes'
import { layersRoutes } from './modules/layers/layers.routes'
import { mapConfigRoutes } from './modules/mapconfig/mapconfig.routes'
import { meRoutes } from './modules/me/me.routes'
import { usersRoutes } from './modules/users/users.routes'
import { owsRoutes } from './ogc/ows.routes'
import { repoRoot } from './paths'
import { tilesRoutes } from './tiles/tiles.routes'

export interface BuildAppOptions {
  db: Db
  config: ServerConfig
  mailer: Mailer
  logger?: boolean | object
}

/** Builds the HTTP application; nothing listens until the caller says so. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: opts.logger ?? false,
    trustProxy: (_address: string, hop: number) => hop < opts.config.trustProxy,
    bodyLimit: 1_048_576,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  registerSecurityHeaders(app)
  await registerCompression(app)

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GIS web API',
        description:
          'Contas, sessões, configuração e camadas. Autenticação: `Authorization: Bearer <token>` ' +
          '(o token vem no cabeçalho `authorization` da resposta de POST /auth/login).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  const deps: AppDeps = {
    db: opts.db,
    config: opts.config,
    mailer: opts.mailer,
    auth: createAuth(opts.db, opts.config.sessionTtlHours),
  }

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  await app.register(authRoutes(deps))
  await app.register(usersRoutes(deps))
  await app.register(meRoutes(deps))
  await app.register(configRoutes(deps))
  await app.register(layersRoutes(deps))
  await app.register(baseLayersRoutes(deps))
  await app.register(mapConfigRoutes(deps))
  await app.register(tilesRoutes(deps))
  await app.register(owsRoutes(deps))

  await registerWebApp(
    app,
    opts.config.webDistDir ?? path.join(repoRoot, 'packages', 'web', 'dist'),
  )
  return app
}
