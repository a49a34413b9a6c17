import type { SyncFilesJob, SyncFilesJobBody, SyncFilesReportBody } from '@gis/shared'
import { api } from '../../api/base-api'

/** ASSOCIAR ARQUIVOS' own calls (spec 2 §7.3): the import job of a folder read. */
export const syncFilesApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSyncFilesJob: build.mutation<SyncFilesJob, SyncFilesJobBody>({
      query: (body) => ({ url: '/api/syncfiles', method: 'POST', body }),
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
  useSaveSyncFilesReportMutation,
  useDeleteSyncFilesJobMutation,
} = syncFilesApi
