import type {
  DocumentDetail,
  DocumentFolder,
  DocumentHistoryEntry,
  DocumentKind,
  DocumentLinkCreate,
  DocumentPromote,
  DocumentSummary,
  DocumentUpdate,
  FolderCreate,
  FolderGroupsUpdate,
  FolderUpdate,
} from '@gis/shared/documents'
import type { GroupRecord } from '@gis/shared'
import { api, pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'

/** The list's filters (docs/documents.md): only the non-empty ones are sent. */
export interface DocumentFilters {
  folder?: number
  query?: string
  tag?: string
  type?: DocumentKind
  /** YYYY-MM-DD */
  from?: string
  to?: string
  deleted?: boolean
}

export type DocumentListArgs = PageArgs & DocumentFilters

function listQuery({ folder, tag, type, from, to, deleted, ...paging }: DocumentListArgs): string {
  const params = new URLSearchParams(pageQuery(paging))
  if (folder) params.set('folder', String(folder))
  if (tag) params.set('tag', tag)
  if (type) params.set('type', type)
  if (from) params.set('from', from)
  if (to) params.set('to', to)
  if (deleted) params.set('deleted', 'true')
  return params.toString()
}

/** The paths the uploads go to (multipart through `useUpload`, with progress and abort). */
export const DOCUMENTS_PATH = '/api/documents'
export const versionsPath = (id: number) => `/api/documents/${id}/versions`

/**
 * The documents library's calls (`/api/documents`, docs/documents.md) with their own tags:
 * the folders, the lists, one document (detail and history) and a feature's linked documents.
 */
export const documentsApi = api
  .enhanceEndpoints({ addTagTypes: ['DocFolders', 'DocList', 'Document', 'DocLinked'] })
  .injectEndpoints({
    endpoints: (build) => ({
      documentFolders: build.query<DocumentFolder[], void>({
        query: () => '/api/documents/folders',
        providesTags: ['DocFolders'],
      }),
      createFolder: build.mutation<DocumentFolder, FolderCreate>({
        query: (body) => ({ url: '/api/documents/folders', method: 'POST', body }),
        invalidatesTags: ['DocFolders'],
      }),
      updateFolder: build.mutation<DocumentFolder, { id: number; body: FolderUpdate }>({
        query: ({ id, body }) => ({ url: `/api/documents/folders/${id}`, method: 'PUT', body }),
        invalidatesTags: ['DocFolders', 'DocList'],
      }),
      deleteFolder: build.mutation<void, number>({
        query: (id) => ({ url: `/api/documents/folders/${id}`, method: 'DELETE' }),
        invalidatesTags: ['DocFolders'],
      }),
      setFolderGroups: build.mutation<unknown, { id: number; body: FolderGroupsUpdate }>({
        query: ({ id, body }) => ({
          url: `/api/documents/folders/${id}/groups`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: ['DocFolders', 'DocList', 'Document', 'DocLinked'],
      }),
      /** Every group, for the folder permissions dialog (administrators). */
      documentGroups: build.query<GroupRecord[], void>({
        query: () => '/api/groups?page=0&limit=1000&sort=name',
      }),
      documents: build.query<Page<DocumentSummary>, DocumentListArgs>({
        query: (args) => `/api/documents?${listQuery(args)}`,
        transformResponse: (rows: DocumentSummary[], meta) => toPage(rows, meta),
        providesTags: ['DocList'],
      }),
      document: build.query<DocumentDetail, number>({
        query: (id) => `/api/documents/${id}`,
        providesTags: (_r, _e, id) => [{ type: 'Document', id }],
      }),
      documentHistory: build.query<DocumentHistoryEntry[], number>({
        query: (id) => `/api/documents/${id}/history`,
        providesTags: (_r, _e, id) => [{ type: 'Document', id }],
      }),
      updateDocument: build.mutation<DocumentDetail, { id: number; body: DocumentUpdate }>({
        query: ({ id, body }) => ({ url: `/api/documents/${id}`, method: 'PUT', body }),
        invalidatesTags: (_r, _e, { id }) => [
          { type: 'Document', id },
          'DocList',
          'DocFolders',
          'DocLinked',
        ],
      }),
      deleteDocument: build.mutation<void, number>({
        query: (id) => ({ url: `/api/documents/${id}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, id) => [
          { type: 'Document', id },
          'DocList',
          'DocFolders',
          'DocLinked',
        ],
      }),
      restoreDocument: build.mutation<DocumentDetail, number>({
        query: (id) => ({ url: `/api/documents/${id}/restore`, method: 'PATCH' }),
        invalidatesTags: (_r, _e, id) => [
          { type: 'Document', id },
          'DocList',
          'DocFolders',
          'DocLinked',
        ],
      }),
      linkDocument: build.mutation<unknown, { id: number; body: DocumentLinkCreate }>({
        query: ({ id, body }) => ({ url: `/api/documents/${id}/links`, method: 'POST', body }),
        invalidatesTags: (_r, _e, { id }) => [{ type: 'Document', id }, 'DocList', 'DocLinked'],
      }),
      unlinkDocument: build.mutation<unknown, { id: number; layer: string; featureId: number }>({
        query: ({ id, layer, featureId }) => ({
          url: `/api/documents/${id}/links/${encodeURIComponent(layer)}/${featureId}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_r, _e, { id }) => [{ type: 'Document', id }, 'DocList', 'DocLinked'],
      }),
      linkedDocuments: build.query<DocumentSummary[], { layer: string; featureId: number }>({
        query: ({ layer, featureId }) =>
          `/api/documents/linked?${new URLSearchParams({ layer, featureId: String(featureId) })}`,
        providesTags: ['DocLinked'],
      }),
      promoteAttachment: build.mutation<DocumentDetail, DocumentPromote>({
        query: (body) => ({ url: '/api/documents/promote', method: 'POST', body }),
        invalidatesTags: ['DocList', 'DocFolders', 'DocLinked'],
      }),
    }),
  })

export const {
  useDocumentFoldersQuery,
  useCreateFolderMutation,
  useUpdateFolderMutation,
  useDeleteFolderMutation,
  useSetFolderGroupsMutation,
  useDocumentGroupsQuery,
  useDocumentsQuery,
  useDocumentQuery,
  useDocumentHistoryQuery,
  useUpdateDocumentMutation,
  useDeleteDocumentMutation,
  useRestoreDocumentMutation,
  useLinkDocumentMutation,
  useUnlinkDocumentMutation,
  useLinkedDocumentsQuery,
  usePromoteAttachmentMutation,
} = documentsApi

/** After uploads (outside RTK Query): the lists, the folders' counts and that document. */
export const uploadedTags = (id?: number) =>
  documentsApi.util.invalidateTags([
    'DocList',
    'DocFolders',
    'DocLinked',
    ...(id ? [{ type: 'Document' as const, id }] : []),
  ])
