import path from 'node:path'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
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
import { registerMetrics } from './http/metrics'
import { loggerOptions, registerRequestLog } from './http/request-log'
import { registerScopes } from './http/scopes'
import { registerSecurityHeaders } from './http/security'
import { registerWebApp } from './http/web-app'
import { createJobQueue } from './jobs/job-queue'
import type { Mailer } from './mail/mailer'
import { attachmentsScopes } from './modules/attachments/attachments.routes'
import { approvalsScopes } from './modules/approvals/approvals.routes'
import { applyOrSubmitWrite, submitModeratedUpload } from './modules/approvals/moderation'
import { auditScopes } from './modules/audit/audit.routes'
import { authRoutes } from './modules/auth/auth.routes'
import { baseLayersRoutes } from './modules/baselayers/baselayers.routes'
import { configRoutes } from './modules/config/config.routes'
import { contentScopes } from './modules/content/content.routes'
import { documentsScopes } from './modules/documents/documents.routes'
import { groupsRoutes } from './modules/groups/groups.routes'
import { imagesScopes } from './modules/imagery/images.routes'
import { inspectionsScopes } from './modules/inspections/inspections.routes'
import { imageryScopes } from './modules/imagery/imagery.routes'
import { featuresScopes } from './modules/features/features.routes'
import { featureService } from './modules/features/features.service'
import { dataloaderScopes } from './modules/dataloader/dataloader.routes'
import { debugScopes } from './modules/debug/debug.routes'
import { exportRoutes } from './modules/export/export.routes'
import {
  layerDescriptionRoutes,
  layersScopes,
  remapIndexRoutes,
} from './modules/layers/layers.routes'
import { mapConfigRoutes } from './modules/mapconfig/mapconfig.routes'
import { meRoutes } from './modules/me/me.routes'
import { schemaRoutes } from './modules/schema/schema.routes'
import { reportsScopes } from './modules/reports/reports.routes'
import { searchRoutes } from './modules/search/search.routes'
import { syncScopes } from './modules/sync/sync.routes'
import { syncFilesScopes } from './modules/syncfiles/syncfiles.routes'
import { surveysScopes } from './modules/imagery/surveys.routes'
import { usersRoutes } from './modules/users/users.routes'
import { userStore } from './modules/users/users.sql'
import { owsScope } from './ogc/ows.routes'
import { ogcapiScope } from './ogc/ogcapi.routes'
import { createCpuPool, defaultCpuWorkers } from './workers/cpu-pool'
import { createPoppler } from './workers/poppler'
import { renderDemoContent } from './demo/demo-documents'
import { renderDemoPhoto } from './demo/demo-photos'
import { demoSampleFolder } from './demo/demo-sample-folder'
import { repoRoot } from './paths'
import type { BlobStorage } from './storage/file-storage'
import { openStorage } from './storage/open-storage'
import { tilesScope } from './tiles/tiles.routes'

export interface BuildAppOptions {
  db: Db
  config: ServerConfig
  mailer: Mailer
  logger?: boolean | object
  /** Defaults to the configured store (STORAGE_URL; files under DATA_DIR/files). */
  storage?: BlobStorage
}

/** Builds the HTTP application; nothing listens until the caller says so. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: loggerOptions(opts.logger),
    // The request log is ours (registerRequestLog): one line per request, credentials hidden.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: (_address: string, hop: number) => hop < opts.config.trustProxy,
    bodyLimit: 1_048_576,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  registerRequestLog(app)
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
    storage: opts.storage ?? (await openStorage(opts.config.storage, opts.config.dataDir)),
    jobs: createJobQueue({
      db: opts.db,
      log: app.log,
      staleSeconds: opts.config.jobStaleSeconds,
    }),
    auth: createAuth(opts.db, opts.config, userStore),
    cpu: createCpuPool({
      size: opts.config.cpuWorkers || defaultCpuWorkers(),
      memoryMb: opts.config.cpuWorkerMemoryMb,
      log: app.log,
    }),
    poppler: createPoppler({
      workers: opts.config.pdfWorkers,
      timeoutMs: opts.config.pdfTimeoutSeconds * 1000,
      memoryMb: opts.config.pdfMemoryMb,
    }),
  }

  // The feature calls get the approvals' gate here, so features imports nothing of approvals.
  const features = featureService(applyOrSubmitWrite)

  // Before the routes, so that every request of theirs is counted.
  registerMetrics(app, {
    db: deps.db,
    token: opts.config.metricsToken,
    requireAdmin: deps.auth.requireAdmin,
  })
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  await registerScopes(app, deps.auth, authRoutes(deps))
  await registerScopes(app, deps.auth, usersRoutes(deps))
  await registerScopes(app, deps.auth, meRoutes(deps))
  // Each path prefix has one owner module, which declares every scope under it (with its
  // access); the routes other modules serve there are passed to it here.
  // The uploads get the approvals' gate likewise, so attachments imports nothing of approvals.
  const attachments = attachmentsScopes(deps, {
    uploadGate: submitModeratedUpload,
    renderDemoPhoto,
  })
  const exports = exportRoutes(deps)
  await registerScopes(app, deps.auth, configRoutes(deps, { layers: layerDescriptionRoutes(deps) }))
  await registerScopes(app, deps.auth, layersScopes(deps))
  await registerScopes(app, deps.auth, baseLayersRoutes(deps))
  await registerScopes(app, deps.auth, mapConfigRoutes(deps))
  await registerScopes(app, deps.auth, groupsRoutes(deps))
  await registerScopes(app, deps.auth, schemaRoutes(deps))
  await registerScopes(app, deps.auth, [
    tilesScope(deps),
    owsScope(deps, features),
    ogcapiScope(deps, features),
  ])
  await registerScopes(
    app,
    deps.auth,
    featuresScopes(deps, features, {
      attachments: attachments.featureRoutes,
      search: searchRoutes(deps),
      exports: exports.features.user,
      exportDownloads: exports.features.download,
      remapIndex: remapIndexRoutes(deps),
    }),
  )
  await registerScopes(app, deps.auth, attachments.scopes)
  await registerScopes(app, deps.auth, auditScopes(deps))
  await registerScopes(app, deps.auth, approvalsScopes(deps))
  await registerScopes(app, deps.auth, debugScopes(deps))
  await registerScopes(app, deps.auth, reportsScopes(deps, { renderDemoPhoto }))
  await registerScopes(
    app,
    deps.auth,
    syncScopes(deps, { kmzItems: exports.integration.user, kmz: exports.integration.download }),
  )
  await registerScopes(app, deps.auth, dataloaderScopes(deps))
  await registerScopes(app, deps.auth, imagesScopes(deps))
  await registerScopes(app, deps.auth, imageryScopes(deps))
  await registerScopes(
    app,
    deps.auth,
    syncFilesScopes(deps, {
      features,
      uploads: attachments.uploadDeps,
      sampleFolder: demoSampleFolder,
    }),
  )
  await registerScopes(app, deps.auth, surveysScopes(deps))
  await registerScopes(app, deps.auth, inspectionsScopes(deps))
  // The content store sends a document's file only to who may read the document (documents).
  const documents = documentsScopes(deps, { renderDemoContent, renderDemoPhoto })
  await registerScopes(
    app,
    deps.auth,
    contentScopes(deps, {
      db: deps.db,
      storage: deps.storage,
      jobs: deps.jobs,
      poppler: deps.poppler,
      renderDemoContent,
      canReadDocumentContent: documents.canReadDocumentContent,
    }),
  )
  await registerScopes(app, deps.auth, documents.scopes)

  // Jobs start once every module has registered its job types, and stop before the database.
  app.addHook('onReady', async () => deps.jobs.start())
  // The jobs stop first (a running report's thread ends with its signal), then the threads.
  app.addHook('onClose', async () => {
    await deps.jobs.stop()
    await deps.cpu.close()
  })

  await registerWebApp(
    app,
    opts.config.webDistDir ?? path.join(repoRoot, 'packages', 'web', 'dist'),
  )
  return app
}
