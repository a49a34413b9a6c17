import AttachFile from '@mui/icons-material/AttachFile'
import Close from '@mui/icons-material/Close'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_LIMITS,
  DOCUMENT_MAX_MB,
  MB,
  type DocumentDetail,
} from '@gis/shared/documents'
import { formatFileSize } from '@gis/shared/feature-constants'
import { t, tn } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DialogFrame } from '../../components/DialogFrame'
import { useUploadQueue, type QueuedFile } from '../../components/use-upload-queue'
import { useAppDispatch } from '../../state/root-state'
import type { FolderEntry } from './document-format'
import { DOCUMENTS_PATH, uploadedTags } from './documents.api'

/** How many files go at once. */
const PARALLEL = 2
const MAX_BYTES = DOCUMENT_MAX_MB * MB

function statusText(item: QueuedFile): string {
  switch (item.status) {
    case 'waiting':
      return item.file.size > MAX_BYTES
        ? t('documents.uploadTooLarge', { max: DOCUMENT_MAX_MB })
        : t('documents.uploadWaiting')
    case 'sending':
      return t('documents.uploadProgress', { percent: item.percent })
    case 'done':
      return t('documents.uploadDone')
    case 'cancelled':
      return t('documents.uploadCancelled')
    case 'failed':
      return t('documents.uploadFailed', { message: item.failure?.message ?? '' })
  }
}

/** What every file of the dialog goes with. */
interface Fields {
  folder: number | ''
  tags: string
  description: string
}

/**
 * 'Enviar arquivos': several files at once into a folder the user writes in (tags and a
 * description for all), one request per file (two at a time, `useUploadQueue`), each with its
 * progress bar and its cancel; cancelling a file being sent, or the whole dialog while
 * sending, asks 'Confirma?' (SIM/NÃO) as 'Anexar arquivo' does. When every file went, the
 * dialog closes.
 */
export function UploadDialog({
  folders,
  folderId,
  onClose,
}: {
  /** The folders the user may write in. */
  folders: readonly FolderEntry[]
  folderId: number | null
  onClose: () => void
}) {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const [fields, setFields] = useState<Fields>({
    folder: folderId ?? folders[0]?.folder.id ?? '',
    tags: '',
    description: '',
  })
  const { folder, tags, description } = fields
  const [ask, setAsk] = useState<{ key: number | 'all' } | null>(null)
  const queue = useUploadQueue<DocumentDetail>({
    request: (file) => {
      const form = new FormData()
      form.append('folderId', String(folder))
      form.append('tags', tags)
      form.append('description', description.trim())
      form.append('file', file, file.name)
      return { path: DOCUMENTS_PATH, form }
    },
    parallel: PARALLEL,
    sendable: (file) => file.size <= MAX_BYTES,
    cancelOnUnmount: true,
  })
  const { items, running } = queue

  async function send() {
    if (folder === '') return
    const run = await queue.send()
    if (!run) return
    dispatch(uploadedTags())
    const sent = run.answers.length
    if (sent > 0)
      enqueueSnackbar(tn('documents.uploaded.one', 'documents.uploaded.other', sent), {
        variant: 'success',
      })
    // Everything went: nothing left to look at.
    if (run.allDone) onClose()
  }

  function cancelOne(item: QueuedFile) {
    if (item.status === 'sending') setAsk({ key: item.key })
    // A file that waits is taken off the queue: it is not sent.
    else if (item.status === 'waiting') queue.remove(item.key)
  }

  function close() {
    if (running) setAsk({ key: 'all' })
    else onClose()
  }

  function confirmCancel() {
    const target = ask?.key
    setAsk(null)
    if (target === 'all') {
      queue.stop()
      onClose()
    } else if (target !== undefined) queue.cancel(target)
  }

  const askedItem = typeof ask?.key === 'number' ? items.find((i) => i.key === ask.key) : null
  return (
    <DialogFrame
      open
      onClose={close}
      maxWidth="md"
      title={t('documents.uploadTitle')}
      titleId="document-upload-title"
      data-testid="document-upload"
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={
        <>
          {items.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
              {tn('documents.uploadSummary.one', 'documents.uploadSummary.other', items.length, {
                done: queue.sent,
              })}
            </Typography>
          )}
          <Button onClick={close}>
            {running || queue.waiting > 0
              ? t('documents.uploadCancel')
              : t('documents.uploadClose')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={running || queue.waiting === 0 || folder === ''}
          >
            {t('documents.uploadSend')}
          </Button>
        </>
      }
      after={
        <ConfirmDialog
          danger={false}
          open={ask !== null}
          title={t('attachments.confirmCancel')}
          text={
            askedItem
              ? t('documents.uploadConfirmOne', { name: askedItem.file.name })
              : t('documents.uploadConfirmText')
          }
          confirmLabel={t('attachments.yes')}
          cancelLabel={t('attachments.no')}
          onConfirm={confirmCancel}
          onClose={() => setAsk(null)}
        />
      }
    >
      <UploadFields
        folders={folders}
        value={fields}
        onChange={(change) => setFields((f) => ({ ...f, ...change }))}
        disabled={running}
        onFiles={queue.add}
      />
      {items.length > 0 && (
        <List dense disablePadding aria-label={t('documents.uploadTitle')}>
          {items.map((item) => (
            <UploadRow key={item.key} item={item} onCancel={() => cancelOne(item)} />
          ))}
        </List>
      )}
    </DialogFrame>
  )
}

/** One file of the list: name, size, its bar and status, and its remove or cancel. */
function UploadRow({ item, onCancel }: { item: QueuedFile; onCancel: () => void }) {
  return (
    <ListItem
      divider
      data-status={item.status}
      sx={{ display: 'flex', gap: 2, alignItems: 'center', px: 0 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
            {item.file.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {formatFileSize(item.file.size)}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={item.status === 'done' ? 100 : item.percent}
          color={
            item.status === 'failed' || item.status === 'cancelled'
              ? 'error'
              : item.status === 'done'
                ? 'success'
                : 'primary'
          }
          aria-label={`${item.file.name}: ${statusText(item)}`}
          sx={{ my: 0.5, height: 6, borderRadius: 3 }}
        />
        <Typography
          variant="caption"
          role="status"
          color={
            item.status === 'failed' || (item.status === 'waiting' && item.file.size > MAX_BYTES)
              ? 'error'
              : 'text.secondary'
          }
        >
          {statusText(item)}
        </Typography>
      </Box>
      {(item.status === 'waiting' || item.status === 'sending') && (
        <IconButton
          size="small"
          aria-label={
            item.status === 'sending'
              ? t('documents.uploadCancelOne', { name: item.file.name })
              : t('documents.uploadRemove', { name: item.file.name })
          }
          onClick={onCancel}
        >
          <Close fontSize="small" />
        </IconButton>
      )}
    </ListItem>
  )
}

/** The folder, tags and description every file goes with, and ESCOLHER ARQUIVOS. */
function UploadFields({
  folders,
  value,
  onChange,
  disabled,
  onFiles,
}: {
  folders: readonly FolderEntry[]
  value: Fields
  onChange: (change: Partial<Fields>) => void
  disabled: boolean
  onFiles: (files: FileList) => void
}) {
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          pt: 1,
        }}
      >
        <TextField
          select
          label={t('documents.uploadFolder')}
          value={value.folder}
          onChange={(e) => onChange({ folder: Number(e.target.value) })}
          disabled={disabled}
          error={folders.length === 0}
          helperText={folders.length === 0 ? t('documents.uploadNoFolder') : undefined}
        >
          {folders.map(({ folder: f, path }) => (
            <MenuItem key={f.id} value={f.id}>
              {path}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('documents.uploadTags')}
          value={value.tags}
          onChange={(e) => onChange({ tags: e.target.value })}
          disabled={disabled}
        />
        <TextField
          label={t('documents.uploadDescription')}
          value={value.description}
          onChange={(e) => onChange({ description: e.target.value })}
          disabled={disabled}
          multiline
          minRows={2}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.description } }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" startIcon={<AttachFile />} disabled={disabled}>
          {t('documents.choose')}
          <input
            hidden
            multiple
            type="file"
            accept={DOCUMENT_ACCEPT}
            data-testid="document-files"
            onChange={(e) => {
              if (e.target.files) onFiles(e.target.files)
              e.target.value = ''
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('documents.chooseHint', { max: DOCUMENT_MAX_MB })}
        </Typography>
      </Box>
    </>
  )
}
