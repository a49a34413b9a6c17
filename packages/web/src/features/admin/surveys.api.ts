import type { Survey, SurveyImportJob } from '@gis/shared'
import { pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'
import { adminApi } from './admin-api'

/** The street-level imagery's surveys (administrators): the list, deletion, an import's job. */
export const surveysApi = adminApi.enhanceEndpoints({ addTagTypes: ['Surveys'] }).injectEndpoints({
  endpoints: (build) => ({
    listSurveys: build.query<Page<Survey>, PageArgs>({
      query: (args) => `/api/imagery/surveys?${pageQuery(args)}`,
      transformResponse: (rows: Survey[], meta) => toPage(rows, meta),
      providesTags: ['Surveys'],
    }),
    deleteSurvey: build.mutation<null, number>({
      query: (id) => ({ url: `/api/imagery/surveys/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Surveys'],
    }),
    surveyImportJob: build.query<SurveyImportJob, number>({
      query: (id) => `/api/imagery/surveys/import/${id}`,
      keepUnusedDataFor: 0,
    }),
  }),
})

export const { useListSurveysQuery, useDeleteSurveyMutation, useSurveyImportJobQuery } = surveysApi

/** The address the import is sent to (multipart, through `useUpload`). */
export const SURVEY_IMPORT_URL = '/api/imagery/surveys/import'
