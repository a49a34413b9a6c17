import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  pagingQuerySchema,
  SURVEY_IMPORT_LIMITS,
  surveyImportJobSchema,
  surveySchema,
  t,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { callerOf } from '../../auth/caller'
import { created } from '../../http/created'
import { HttpError } from '../../http/errors'
import { pagedRoute } from '../../http/paging'
import { deleteByIdRoute, getByIdRoute } from '../../http/params'
import type { RouteScope } from '../../http/scopes'
import { SURVEY_IMPORT_JOB, surveyImportJobHandler } from './survey-import-job'
import * as service from './survey-import.service'

/**
 * The administrators' surveys (issue 29 point 3, docs/imagery.md): the list, deletion, and
 * the import of a real survey as a job.
 */
export const surveysScopes = (deps: AppDeps): RouteScope[] => {
  deps.jobs.register(SURVEY_IMPORT_JOB, surveyImportJobHandler(deps))
  return [{ prefix: '/api/imagery', access: 'admin', routes: surveysRoutes(deps) }]
}

const surveysRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      preservePath: true,
      limits: {
        fileSize: service.UPLOAD_MAX_BYTES + 1,
        files: SURVEY_IMPORT_LIMITS.files + 1,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: SURVEY_IMPORT_LIMITS.files + 21,
        headerPairs: 100,
      },
    })

    pagedRoute(
      app,
      '/surveys',
      {
        tags: ['imagery'],
        summary:
          'Surveys with their counts of events and frames and their roads, paged (sort name, date, createdDate; newest date first); total in x-rowcount',
        querystring: pagingQuerySchema,
        item: surveySchema,
      },
      (request) => service.listSurveys(deps, request.query),
    )

    deleteByIdRoute(
      app,
      '/surveys/:id',
      {
        tags: ['imagery'],
        summary: 'Deletes a survey with its events, frames and stored images',
      },
      (_request, id) => service.deleteSurvey(deps, id),
    )

    app.post(
      '/surveys/import',
      {
        schema: {
          tags: ['imagery'],
          summary: `Imports a survey (multipart: fields name, date (dd/mm/aaaa or yyyy-mm-dd), description, road, way, kmStart; files in \`files\`: one .zip, or a folder's files with their paths; at most ${SURVEY_IMPORT_LIMITS.uploadMb} MB; formats in docs/imagery.md): 201, the import job's id (follow it at /api/imagery/surveys/import/{id})`,
          response: { 201: z.object({ id: z.number().int() }) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new HttpError(400, t('imageryImport.filesRequired'), [
            { field: 'files', message: t('imageryImport.filesRequired') },
          ])
        }
        const id = await service.receiveImport(
          deps,
          callerOf(deps.auth, request).user.id,
          request.parts(),
        )
        return created(reply, `/api/imagery/surveys/import/${id}`, { id })
      },
    )

    getByIdRoute(
      app,
      '/surveys/import/:id',
      {
        tags: ['imagery'],
        summary:
          'An import job: QUEUED, IN_PROGRESS (progress and what it does), COMPLETE (the summary: events, frames, panoramas, the rows left out with their reasons) or ERROR (why)',
        response: surveyImportJobSchema,
      },
      (_request, id) => service.importJob(deps, id),
    )
  }
