import path from 'node:path'
import multipart from '@fastify/multipart'
import yazl from 'yazl'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  pagingQuerySchema,
  SYNCFILES_MAX_FILES,
  syncFilesAttachQuerySchema,
  syncFilesAttachResultSchema,
  syncFilesFileSchema,
  syncFilesFilesBodySchema,
  t,
  syncFilesJobBodySchema,
  syncFilesJobSchema,
  syncFilesReportBodySchema,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import type { Queryable } from '../../db/types'
import { oneFileUploadLimits } from '../../http/upload-limits'
import { created } from '../../http/created'
import { idSchema } from '../../http/params'
import { HttpError } from '../../http/errors'
import { pagedRoute } from '../../http/paging'
import type { RouteScope } from '../../http/scopes'
import { type UploadDeps, type UploadPart } from '../attachments/attachments.service'
import type { FeatureService } from '../features/features.service'
import * as service from './syncfiles.service'

const jobParams = z.object({
  jobId: idSchema,
})

/**
 * The file association importer's jobs (spec 2 §7.3; ASSOCIAR ARQUIVOS is for administrators):
 * a job per folder read, its counters when the upload ends, and its deletion (EXCLUIR). The
 * files go to the records through the attachments' own route, with their permission checks.
 */
/** The demo's sample folder, when the database has the demo data (injected by the composition). */
export type SampleFolderSource = (
  db: Queryable,
) => Promise<{ name: string; dir: string; files: string[] } | undefined>

export interface SyncFilesOptions {
  /** The feature calls (with the approvals' write gate): a sent file may fill a field. */
  features: FeatureService
  /** The attachments' uploads (with the approvals' upload gate): each file is one of them. */
  uploads: UploadDeps
  sampleFolder?: SampleFolderSource
}

export const syncFilesScopes = (deps: AppDeps, options: SyncFilesOptions): RouteScope[] => {
  const attachmentDeps = options.uploads
  const sample = options.sampleFolder ?? (async () => undefined)
  return [
    {
      prefix: '/api/syncfiles',
      access: 'admin',
      routes: adminRoutes(deps, attachmentDeps, options.features, sample),
    },
    { prefix: '/api/syncfiles', access: 'download', routes: sampleRoutes(deps, sample) },
  ]
}

/**
 * The demo's sample folder as a zip the browser downloads itself (`?token=`): 404 when the
 * database has no demo data.
 */
const sampleRoutes =
  (deps: AppDeps, sample: SampleFolderSource): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sample.zip',
      {
        schema: {
          tags: ['syncfiles'],
          summary: "The demo's sample folder of bridge photos, zipped (404 without demo data)",
        },
      },
      async (_request, reply) => {
        const folder = await sample(deps.db)
        if (!folder) throw new HttpError(404, t('syncfiles.noSample'))
        const zip = new yazl.ZipFile()
        for (const f of folder.files) {
          zip.addFile(path.join(folder.dir, f), `${folder.name}/${f}`, { compress: false })
        }
        zip.end()
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${folder.name}.zip"`)
          .send(zip.outputStream)
      },
    )
  }

const adminRoutes =
  (
    deps: AppDeps,
    attachmentDeps: UploadDeps,
    features: FeatureService,
    sample: SampleFolderSource,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sample',
      {
        schema: {
          tags: ['syncfiles'],
          summary:
            "Whether the demo's sample folder is offered: its name and files (404 without demo data)",
          response: {
            200: z.object({ name: z.string(), files: z.array(z.string()), href: z.string() }),
          },
        },
      },
      async () => {
        const folder = await sample(deps.db)
        if (!folder) throw new HttpError(404, t('syncfiles.noSample'))
        return { name: folder.name, files: folder.files, href: '/api/syncfiles/sample.zip' }
      },
    )

    await app.register(multipart, { limits: oneFileUploadLimits(attachmentDeps.maxBytes) })

    app.get(
      '/:jobId/files',
      {
        schema: {
          tags: ['syncfiles'],
          summary:
            'The files of a job: the records each was sent to, and why the others are pending',
          params: jobParams,
          response: { 200: z.array(syncFilesFileSchema) },
        },
      },
      async (request, reply) => {
        reply.header('x-attachment-max-bytes', String(attachmentDeps.maxBytes))
        return service.listFiles(deps, request.params.jobId)
      },
    )

    app.put(
      '/:jobId/files',
      {
        // A folder of SYNCFILES_MAX_FILES files with their reasons.
        bodyLimit: SYNCFILES_MAX_FILES * 600,
        schema: {
          tags: ['syncfiles'],
          summary:
            "Adds a folder's files to the job or updates them by name (size, type, why pending)",
          params: jobParams,
          body: syncFilesFilesBodySchema,
          response: { 200: z.array(syncFilesFileSchema) },
        },
      },
      async (request) => service.saveFiles(deps, request.params.jobId, request.body),
    )

    app.post(
      '/:jobId/attach',
      {
        schema: {
          tags: ['syncfiles'],
          summary:
            "Sends a file of the job to a record (multipart `file`; the layer's createFeatureAttachment): 201, or 200 when it was sent there already; `field` fills an empty photo or file field",
          params: jobParams,
          querystring: syncFilesAttachQuerySchema,
          response: { 200: syncFilesAttachResultSchema, 201: syncFilesAttachResultSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new HttpError(415, t('attachments.multipartRequired'))
        }
        const result = await service.attachFile(
          deps,
          attachmentDeps,
          features,
          callerOf(deps.auth, request),
          request.params.jobId,
          request.query,
          () => request.parts() as AsyncIterable<UploadPart>,
        )
        return reply.code(result.alreadySent ? 200 : 201).send(result)
      },
    )
    pagedRoute(
      app,
      '/',
      {
        tags: ['syncfiles'],
        summary: 'File association jobs, newest first, paged (total in x-rowcount)',
        querystring: pagingQuerySchema,
        item: syncFilesJobSchema,
      },
      (request) => service.listJobs(deps, request.query),
    )

    app.post(
      '/',
      {
        schema: {
          tags: ['syncfiles'],
          summary: 'Records a folder read (name and file count): 201, its address in Location',
          body: syncFilesJobBodySchema,
          response: { 201: syncFilesJobSchema },
        },
      },
      async (request, reply) => {
        const id = await service.createJob(deps, callerOf(deps.auth, request).user, request.body)
        return created(reply, `/api/syncfiles/${id}`, service.getJob(deps, id))
      },
    )

    app.get(
      '/:jobId',
      {
        schema: {
          tags: ['syncfiles'],
          summary: 'One job: folder, file count, destination and counters of its last upload',
          params: jobParams,
          response: { 200: syncFilesJobSchema },
        },
      },
      async (request) => service.getJob(deps, request.params.jobId),
    )

    app.put(
      '/:jobId/report',
      {
        schema: {
          tags: ['syncfiles'],
          summary: "Records a finished upload's destination layer and counters",
          params: jobParams,
          body: syncFilesReportBodySchema,
          response: { 200: syncFilesJobSchema },
        },
      },
      async (request) => service.saveReport(deps, request.params.jobId, request.body),
    )

    app.delete(
      '/:jobId',
      {
        schema: {
          tags: ['syncfiles'],
          summary: 'Deletes a job (the files already attached stay with their records)',
          params: jobParams,
        },
      },
      async (request, reply) => {
        await service.deleteJob(deps, request.params.jobId)
        return reply.code(204).send()
      },
    )
  }
