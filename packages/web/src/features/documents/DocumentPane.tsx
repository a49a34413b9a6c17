import Close from '@mui/icons-material/Close'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import Download from '@mui/icons-material/Download'
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { DocumentDetail } from '@gis/shared/documents'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useMutationToast } from '../../components/use-mutation-toast'
import {
  contentUrl,
  useDownloadToken,
  usePreviewPolling,
  type FolderEntry,
} from './document-format'
import { DocumentHistory } from './DocumentHistory'
import { DocumentInfo } from './DocumentInfo'
import { DocumentLinks } from './DocumentLinks'
import { DocumentPreview } from './DocumentPreview'
import {
  useDeleteDocumentMutation,
  useDocumentQuery,
  useRestoreDocumentMutation,
} from './documents.api'
import { DocumentThumb } from './DocumentsTable'
import { DocumentVersions } from './DocumentVersions'

const TABS = ['preview', 'info', 'versions', 'links', 'history'] as const
type PaneTab = (typeof TABS)[number]
const TAB_LABELS: Record<PaneTab, Parameters<typeof t>[0]> = {
  preview: 'documents.tabPreview',
  info: 'documents.tabInfo',
  versions: 'documents.tabVersions',
  links: 'documents.tabLinks',
  history: 'documents.tabHistory',
}

function PaneBody({
  doc,
  folders,
  onClose,
}: {
  doc: DocumentDetail
  folders: readonly FolderEntry[]
  onClose: () => void
}) {
  const token = useDownloadToken()
  const run = useMutationToast()
  const [tab, setTab] = useState<PaneTab>('preview')
  const [asking, setAsking] = useState(false)
  const [remove] = useDeleteDocumentMutation()
  const [restore, restoring] = useRestoreDocumentMutation()
  const deleted = doc.deleted !== null
  const editable = doc.canWrite && !deleted

  async function confirmDelete() {
    setAsking(false)
    const removed = await run(
      () => remove(doc.id).unwrap(),
      t('documents.deletedToast'),
      t('documents.failed'),
    )
    if (removed) onClose()
  }
  async function undelete() {
    await run(() => restore(doc.id).unwrap(), t('documents.restored'), t('documents.failed'))
  }

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, pt: 2 }}>
        <DocumentThumb doc={doc} size={44} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap title={doc.title}>
            {doc.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {doc.folderPath}
          </Typography>
        </Box>
        <IconButton aria-label={t('documents.closePane')} onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', px: 2, py: 1.5 }}>
        <Button
          variant="contained"
          startIcon={<Download />}
          href={contentUrl(doc.contentId, token)}
          download={doc.filename}
        >
          {t('documents.download')}
        </Button>
        {doc.canWrite && !deleted && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutline />}
            onClick={() => setAsking(true)}
          >
            {t('documents.delete')}
          </Button>
        )}
        {doc.canWrite && deleted && (
          <Button
            variant="outlined"
            startIcon={<RestoreFromTrash />}
            disabled={restoring.isLoading}
            onClick={() => void undelete()}
          >
            {t('documents.restore')}
          </Button>
        )}
      </Box>
      {deleted && (
        <Alert severity="warning" sx={{ mx: 2, mb: 1 }}>
          {t('documents.inBin')}
        </Alert>
      )}
      {!doc.canWrite && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          {t('documents.readOnly')}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(_e, v: PaneTab) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(TAB_LABELS[k])} />
        ))}
      </Tabs>
      <Box role="tabpanel" sx={{ p: 2, overflow: 'auto', flex: 1 }}>
        {tab === 'preview' && <DocumentPreview doc={doc} />}
        {tab === 'info' && <DocumentInfo doc={doc} folders={folders} editable={editable} />}
        {tab === 'versions' && <DocumentVersions doc={doc} editable={editable} />}
        {tab === 'links' && <DocumentLinks doc={doc} editable={editable} />}
        {tab === 'history' && <DocumentHistory id={doc.id} />}
      </Box>
      <ConfirmDialog
        open={asking}
        title={t('documents.deleteTitle')}
        text={t('documents.deleteConfirm', { title: doc.title })}
        confirmLabel={t('documents.delete')}
        cancelLabel={t('documents.cancel')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setAsking(false)}
      />
    </>
  )
}

/**
 * The document pane (a drawer from the right, the whole screen on a phone): title and folder,
 * BAIXAR, EXCLUIR or RESTAURAR, and the tabs VISUALIZAR, DADOS, VERSÕES, VÍNCULOS, HISTÓRICO.
 */
export function DocumentPane({
  id,
  folders,
  onClose,
}: {
  id: number | null
  /** The folders the user writes in (DADOS moves the document among them). */
  folders: readonly FolderEntry[]
  onClose: () => void
}) {
  const [pollingInterval, setPending] = usePreviewPolling()
  const { data, isFetching, isError } = useDocumentQuery(id ?? 0, {
    skip: id === null,
    pollingInterval,
  })
  const doc = data && data.id === id ? data : undefined
  useEffect(() => setPending(doc?.preview === 'pending'), [doc?.preview, setPending])
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-label': t('documents.pane'),
          sx: { width: { xs: '100%', md: 680 }, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ height: 4, flexShrink: 0 }}>{isFetching && <LinearProgress />}</Box>
      {isError && !doc && (
        <Box sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
          <Alert severity="error" sx={{ flex: 1 }}>
            {t('documentsApi.notFound')}
          </Alert>
          <IconButton aria-label={t('documents.closePane')} onClick={onClose}>
            <Close />
          </IconButton>
        </Box>
      )}
      {doc && <PaneBody doc={doc} folders={folders} onClose={onClose} />}
    </Drawer>
  )
}
