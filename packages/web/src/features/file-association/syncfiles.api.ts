import type {
  SyncFilesFile,
  SyncFilesFilesBody,
  SyncFilesJob,
  SyncFilesJobBody,
  SyncFilesReportBody,
} from '@gis/shared'
import { api } from '../../api/base-api'

/** A job's files as the server keeps them, and the attachment size limit it applies. */
export interface JobFiles {
  files: SyncFilesFile[]
  maxBytes: number | null
}

/**
 * ASSOCIAR ARQUIVOS' own calls (spec 2 §7.3): the import job of a folder read, its files and
 * what was sent (decision 65). The sends themselves go through `useUpload`.
 */
export const syncFilesApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSyncFilesJob: build.mutation<SyncFilesJob, SyncFilesJobBody>({
      query: (body) => ({ url: '/api/syncfiles', method: 'POST', body }),
    }),
    getSyncFilesFiles: build.query<JobFiles, number>({
      query: (id) => `/api/syncfiles/${id}/files`,
      transformResponse: (files: SyncFilesFile[], meta) => {
        const max = Number(meta?.headers.get('x-attachment-max-bytes'))
        return { files, maxBytes: Number.isFinite(max) && max > 0 ? max : null }
      },
      keepUnusedDataFor: 0,
    }),
    /** The demo's sample folder (404, so nothing shown, without the demo data). */
    getSyncFilesSample: build.query<{ name: string; files: string[]; href: string }, void>({
      query: () => '/api/syncfiles/sample',
    }),
    saveSyncFilesFiles: build.mutation<SyncFilesFile[], { id: number } & SyncFilesFilesBody>({
      query: ({ id, ...body }) => ({ url: `/api/syncfiles/${id}/files`, method: 'PUT', body }),
    }),
    saveSyncFilesReport: build.mutation<SyncFilesJob, { id: number } & SyncFilesReportBody>({
      query: ({ id, ...body }) => ({ url: `/api/syncfiles/${id}/report`, method: 'PUT', body }),
    }),
    deleteSyncFilesJob: build.mutation<void, number>({
      query: (id) => ({ url: `/api/syncfiles/${id}`, method: 'DELETE' }),
    }),
  }),
})

export const {
  useCreateSyncFilesJobMutation,
  useGetSyncFilesFilesQuery,
  useGetSyncFilesSampleQuery,
  useSaveSyncFilesFilesMutation,
  useSaveSyncFilesReportMutation,
  useDeleteSyncFilesJobMutation,
} = syncFilesApi
