import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { FIRST_PAGE, type PagedState } from '../../components/paged-state'
import { useIsAdmin } from '../../state/session'
import { folderEntries, usePreviewPolling } from './document-format'
import { useDocumentFoldersQuery, useDocumentsQuery } from './documents.api'
import { DocumentPane } from './DocumentPane'
import { DocumentSearch, filtersOf, NO_SEARCH, type SearchTexts } from './DocumentSearch'
import { DocumentsTable } from './DocumentsTable'
import { FolderTree, type FolderChoice } from './FolderTree'
import { UploadDialog } from './UploadDialog'

const BIN = 'lixeira'

/** The folder of the address (`?pasta=12`, `?pasta=lixeira`), else every folder. */
function choiceOf(params: URLSearchParams): FolderChoice {
  const raw = params.get('pasta')
  if (raw === BIN) return 'bin'
  const id = Number(raw)
  return raw && Number.isInteger(id) && id > 0 ? id : 'all'
}

function docOf(params: URLSearchParams): number | null {
  const id = Number(params.get('doc'))
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * /documents (module documents): the organisation's library. The folder tree on the left (a
 * folded list on a phone), the search and the table of documents, ENVIAR ARQUIVOS, and the
 * pane of the document opened. The folder and the document are the address's (`?pasta=`,
 * `?doc=`), so a reload, the back button and a link from a feature's window land there.
 */
export function DocumentsPage() {
  const admin = useIsAdmin()
  const { enqueueSnackbar } = useSnackbar()
  const [params, setParams] = useSearchParams()
  const choice = choiceOf(params)
  const openId = docOf(params)
  const [texts, setTexts] = useState<SearchTexts>(NO_SEARCH)
  const [paging, setPaging] = useState<PagedState>({ ...FIRST_PAGE, limit: 30 })
  const [sort, setSort] = useState('-updated')
  const [uploading, setUploading] = useState(false)

  const folders = useDocumentFoldersQuery()
  const entries = useMemo(() => folderEntries(folders.data ?? []), [folders.data])
  const writable = useMemo(
    () => entries.filter((e) => e.folder.canWrite || admin),
    [entries, admin],
  )
  const filters = filtersOf(texts)
  const [pollingInterval, setPending] = usePreviewPolling()
  const list = useDocumentsQuery(
    {
      page: paging.page,
      limit: paging.limit,
      sort,
      ...filters,
      folder: typeof choice === 'number' ? choice : undefined,
      deleted: choice === 'bin' || undefined,
    },
    { pollingInterval },
  )
  const anyPending = list.data?.rows.some((d) => d.preview === 'pending') ?? false
  useEffect(() => setPending(anyPending), [anyPending, setPending])
  useEffect(() => {
    if (list.isError) enqueueSnackbar(t('documents.loadFailed'), { variant: 'error' })
  }, [list.isError, enqueueSnackbar])
  useEffect(() => {
    if (folders.isError) enqueueSnackbar(t('documents.foldersLoadFailed'), { variant: 'error' })
  }, [folders.isError, enqueueSnackbar])

  const setParam = (name: string, value: string | null, replace = false) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        if (value === null) next.delete(name)
        else next.set(name, value)
        return next
      },
      { replace },
    )
  const choose = (c: FolderChoice) => {
    setPaging((p) => ({ ...p, page: 0 }))
    setParam('pasta', c === 'all' ? null : c === 'bin' ? BIN : String(c))
  }

  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 1400,
        mx: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 3 },
      }}
    >
      <PageHeader
        title={t('module.documentsTitle')}
        subtitle={t('documents.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<CloudUploadOutlined />}
            onClick={() => setUploading(true)}
            disabled={writable.length === 0}
          >
            {t('documents.upload')}
          </Button>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <FolderTree folders={folders.data ?? []} choice={choice} onChoose={choose} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <DocumentSearch
            value={texts}
            onChange={(next) => {
              setTexts(next)
              setPaging((p) => ({ ...p, page: 0 }))
            }}
          />
          <DocumentsTable
            rows={list.data?.rows ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            paging={paging}
            onPaging={setPaging}
            sort={sort}
            onSort={setSort}
            openId={openId}
            onOpen={(id) => setParam('doc', String(id))}
          />
        </Box>
      </Box>
      <DocumentPane id={openId} folders={writable} onClose={() => setParam('doc', null)} />
      {uploading && (
        <UploadDialog
          folders={writable}
          folderId={
            typeof choice === 'number' && writable.some((e) => e.folder.id === choice)
              ? choice
              : null
          }
          onClose={() => setUploading(false)}
        />
      )}
    </Box>
  )
}
