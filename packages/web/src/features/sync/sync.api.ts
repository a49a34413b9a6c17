import type {
  SyncAddBody,
  SyncAddResult,
  SyncConfig,
  SyncConfigBody,
  SyncItemsPage,
  SyncLog,
  SyncPackage,
  SyncQueue,
} from '@gis/shared'
import { syncLogPath } from '@gis/shared'
import { api, pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'

/** The regulator whose synchronisation the app offers (module artespSync). */
export const SYNC_REGULATOR = 'artesp'

const syncApi = api.enhanceEndpoints({
  addTagTypes: ['SyncPackages', 'SyncItems', 'SyncLogs', 'SyncConfig', 'SyncQueue'],
})

/** The synchronisation packages (spec 3 §7 'Synchronisation', 'Regulator integration'). */
const endpoints = syncApi.injectEndpoints({
  endpoints: (build) => ({
    syncPackages: build.query<Page<SyncPackage>, PageArgs>({
      query: (args) => `/api/syncronization?${pageQuery(args)}`,
      transformResponse: (rows: SyncPackage[], meta) => toPage(rows, meta),
      providesTags: ['SyncPackages'],
    }),
    syncPackage: build.query<SyncPackage, number>({
      query: (id) => `/api/syncronization/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'SyncPackages', id }],
    }),
    createSyncPackage: build.mutation<SyncPackage, { name: string }>({
      query: (body) => ({ url: '/api/syncronization', method: 'POST', body }),
      invalidatesTags: ['SyncPackages'],
    }),
    deleteSyncPackage: build.mutation<void, number>({
      query: (id) => ({ url: `/api/syncronization/${id}`, method: 'DELETE' }),
      invalidatesTags: ['SyncPackages', 'SyncQueue'],
    }),
    addSyncItems: build.mutation<SyncAddResult, { id: number; layer: string; body: SyncAddBody }>({
      query: ({ id, layer, body }) => ({
        url: `/api/syncronization/${id}/${encodeURIComponent(layer)}/items`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['SyncPackages', 'SyncItems'],
    }),
    syncItems: build.query<SyncItemsPage, { id: number } & PageArgs>({
      query: ({ id, ...args }) => `/api/syncronization/${id}/items?${pageQuery(args)}`,
      providesTags: ['SyncItems'],
    }),
    removeSyncItems: build.mutation<{ removed: number }, { id: number; items: number[] }>({
      query: ({ id, items }) => ({
        url: `/api/syncronization/${id}/items/remove`,
        method: 'POST',
        body: items,
      }),
      invalidatesTags: ['SyncPackages', 'SyncItems'],
    }),
    syncLogs: build.query<Page<SyncLog>, { id: number } & PageArgs>({
      query: ({ id, ...args }) => `/api/syncronization/${id}/logs?${pageQuery(args)}`,
      transformResponse: (rows: SyncLog[], meta) => toPage(rows, meta),
      providesTags: ['SyncLogs'],
    }),
    runSync: build.mutation<{ jobId: number }, number>({
      query: (id) => ({ url: `/api/syncronization/${id}/run`, method: 'POST' }),
      invalidatesTags: ['SyncPackages', 'SyncQueue'],
    }),
    syncConfig: build.query<SyncConfig, string>({
      query: (regulator) => `/api/integration/${regulator}/config`,
      providesTags: ['SyncConfig'],
    }),
    saveSyncConfig: build.mutation<SyncConfig, { regulator: string; body: SyncConfigBody }>({
      query: ({ regulator, body }) => ({
        url: `/api/integration/${regulator}/config`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['SyncConfig'],
    }),
    syncQueue: build.query<SyncQueue, string>({
      query: (regulator) => `/api/integration/${regulator}/queue`,
      providesTags: ['SyncQueue'],
    }),
  }),
})

export const {
  useSyncPackagesQuery,
  useSyncPackageQuery,
  useCreateSyncPackageMutation,
  useDeleteSyncPackageMutation,
  useAddSyncItemsMutation,
  useSyncItemsQuery,
  useRemoveSyncItemsMutation,
  useSyncLogsQuery,
  useRunSyncMutation,
  useSyncConfigQuery,
  useSaveSyncConfigMutation,
  useSyncQueueQuery,
} = endpoints

/** The address of a run's log, with `?token=` (the browser downloads it by itself). */
export function syncLogUrl(id: number, logId: number, token: string | null): string {
  const q = token ? `?${new URLSearchParams({ token }).toString()}` : ''
  return `${syncLogPath(id, logId)}${q}`
}
