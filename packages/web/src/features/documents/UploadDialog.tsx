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
import { useEffect, useRef, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { useUpload } from '../../api/upload'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DialogFrame } from '../../components/DialogFrame'
import { useAppDispatch } from '../../state/root-state'
import type { FolderEntry } from './document-format'
import { DOCUMENTS_PATH, uploadedTags } from './documents.api'

type Status = 'waiting' | 'sending' | 'done' | 'cancelled' | 'failed'

interface Item {
  key: number
  file: File
  status: Status
  percent: number
  message?: string
}

/** How many files go at once. */
const PARALLEL = 2
const MAX_BYTES = DOCUMENT_MAX_MB * MB

function statusText(item: Item): string {
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
      return t('documents.uploadFailed', { message: item.message ?? '' })
  }
}

/**
 * 'Enviar arquivos': several files at once into a folder the user writes in (tags and a
 * description for all), one request per file (two at a time), each with its progress bar and
 * its cancel; cancelling a file being sent, or the whole dialog while sending, asks 'Confirma?'
 * (SIM/NÃO) as 'Anexar arquivo' does. When every file went, the dialog closes.
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
  const upload = useUpload()
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const [items, setItems] = useState<Item[]>([])
  const [folder, setFolder] = useState<number | ''>(folderId ?? folders[0]?.folder.id ?? '')
  const [tags, setTags] = useState('')
  const [description, setDescription] = useState('')
  const [running, setRunning] = useState(false)
  const [ask, setAsk] = useState<{ key: number | 'all' } | null>(null)
  const controllers = useRef(new Map<number, AbortController>())
  const nextKey = useRef(1)
  const closed = useRef(false)
  /** Waiting files taken off while others are sent. */
  const removed = useRef(new Set<number>())
  useEffect(() => {
    // Set again on (re)mount: React may run this effect's cleanup and setup again.
    closed.current = false
    const open = controllers.current
    return () => {
      closed.current = true
      for (const c of open.values()) c.abort()
    }
  }, [])

  const patch = (key: number, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)))

  function add(files: FileList | null) {
    if (!files) return
    const fresh = Array.from(files, (file) => ({
      key: nextKey.current++,
      file,
      status: 'waiting' as const,
      percent: 0,
    }))
    setItems((list) => [...list, ...fresh])
  }

  async function sendOne(item: Item): Promise<DocumentDetail | null> {
    const controller = new AbortController()
    controllers.current.set(item.key, controller)
    patch(item.key, { status: 'sending', percent: 0 })
    const form = new FormData()
    form.append('folderId', String(folder))
    form.append('tags', tags)
    form.append('description', description.trim())
    form.append('file', item.file, item.file.name)
    try {
      const doc = await upload<DocumentDetail>(DOCUMENTS_PATH, form, {
        signal: controller.signal,
        onProgress: (p) => patch(item.key, { percent: p.percent }),
      })
      patch(item.key, { status: 'done', percent: 100 })
      return doc
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        patch(item.key, { status: 'cancelled' })
      } else {
        patch(item.key, { status: 'failed', message: toFailure(err).message })
      }
      return null
    } finally {
      controllers.current.delete(item.key)
    }
  }

  async function send() {
    const queue = items.filter((i) => i.status === 'waiting' && i.file.size <= MAX_BYTES)
    if (!queue.length || folder === '') return
    setRunning(true)
    let sent = 0
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        if (closed.current) return
        if (removed.current.has(item.key)) continue
        if (await sendOne(item)) sent++
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, worker))
    if (closed.current) return
    setRunning(false)
    dispatch(uploadedTags())
    if (sent > 0)
      enqueueSnackbar(tn('documents.uploaded.one', 'documents.uploaded.other', sent), {
        variant: 'success',
      })
    setItems((list) => {
      // Everything went: nothing left to look at.
      if (list.every((i) => i.status === 'done')) window.setTimeout(onClose)
      return list
    })
  }

  function cancelOne(item: Item) {
    if (item.status === 'sending') setAsk({ key: item.key })
    else if (item.status === 'waiting') {
      // A file that waits is taken off the queue: it is not sent.
      removed.current.add(item.key)
      setItems((list) => list.filter((i) => i.key !== item.key))
    }
  }

  function close() {
    if (running) setAsk({ key: 'all' })
    else onClose()
  }

  function confirmCancel() {
    const target = ask?.key
    setAsk(null)
    if (target === 'all') {
      setItems((list) =>
        list.map((i) => (i.status === 'waiting' ? { ...i, status: 'cancelled' } : i)),
      )
      closed.current = true
      for (const c of controllers.current.values()) c.abort()
      onClose()
    } else if (target !== undefined) controllers.current.get(target)?.abort()
  }

  const waiting = items.filter((i) => i.status === 'waiting' && i.file.size <= MAX_BYTES).length
  const done = items.filter((i) => i.status === 'done').length
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
                done,
              })}
            </Typography>
          )}
          <Button onClick={close}>
            {running || waiting > 0 ? t('documents.uploadCancel') : t('documents.uploadClose')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={running || waiting === 0 || folder === ''}
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
          value={folder}
          onChange={(e) => setFolder(Number(e.target.value))}
          disabled={running}
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
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          disabled={running}
        />
        <TextField
          label={t('documents.uploadDescription')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={running}
          multiline
          minRows={2}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.description } }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" startIcon={<AttachFile />} disabled={running}>
          {t('documents.choose')}
          <input
            hidden
            multiple
            type="file"
            accept={DOCUMENT_ACCEPT}
            data-testid="document-files"
            onChange={(e) => {
              add(e.target.files)
              e.target.value = ''
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('documents.chooseHint', { max: DOCUMENT_MAX_MB })}
        </Typography>
      </Box>
      {items.length > 0 && (
        <List dense disablePadding aria-label={t('documents.uploadTitle')}>
          {items.map((item) => (
            <ListItem
              key={item.key}
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
                    item.status === 'failed' ||
                    (item.status === 'waiting' && item.file.size > MAX_BYTES)
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
                  onClick={() => cancelOne(item)}
                >
                  <Close fontSize="small" />
                </IconButton>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </DialogFrame>
  )
}
