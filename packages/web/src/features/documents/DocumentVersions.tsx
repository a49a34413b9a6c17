import AttachFile from '@mui/icons-material/AttachFile'
import Download from '@mui/icons-material/Download'
import UploadFile from '@mui/icons-material/UploadFile'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
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
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DialogFrame } from '../../components/DialogFrame'
import { FileButton } from '../../components/FileButton'
import { useUploadQueue } from '../../components/use-upload-queue'
import { useAppDispatch } from '../../state/root-state'
import { contentUrl, formatWhen, useDownloadToken } from './document-format'
import { uploadedTags, versionsPath } from './documents.api'

/** NOVA VERSÃO: a file and a comment, sent with its percent; cancelling asks 'Confirma?'. */
function NewVersionDialog({ doc, onClose }: { doc: DocumentDetail; onClose: () => void }) {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const [comment, setComment] = useState('')
  const [ask, setAsk] = useState(false)
  const queue = useUploadQueue<DocumentDetail>({
    request: (file) => {
      const form = new FormData()
      form.append('comment', comment.trim())
      form.append('file', file, file.name)
      return { path: versionsPath(doc.id), form }
    },
  })
  // The one file of the dialog: choosing another replaces it.
  const item = queue.items[0]
  const file = item?.file ?? null
  const tooLarge = file !== null && file.size > DOCUMENT_MAX_MB * MB
  const sending = item?.status === 'sending'
  // A cancelled file is not an error.
  const error = item?.status === 'failed' ? item.failure?.message : null

  async function send() {
    if (!item || tooLarge) return
    // Sent again after a failure or a cancel.
    queue.retry(item.key)
    const run = await queue.send()
    if (!run?.answers.length) return
    dispatch(uploadedTags(doc.id))
    enqueueSnackbar(t('documents.versionSaved'), { variant: 'success' })
    onClose()
  }

  const cancel = () => (sending ? setAsk(true) : onClose())
  return (
    <DialogFrame
      open
      onClose={cancel}
      title={`${t('documents.newVersionTitle')}: ${doc.title}`}
      titleId="document-version-title"
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={
        <>
          <Button onClick={cancel}>{t('documents.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={!file || tooLarge || sending}
          >
            {t('documents.uploadSend')}
          </Button>
        </>
      }
      after={
        <ConfirmDialog
          danger={false}
          open={ask}
          title={t('attachments.confirmCancel')}
          text={t('attachments.confirmCancelText')}
          confirmLabel={t('attachments.yes')}
          cancelLabel={t('attachments.no')}
          onConfirm={() => {
            setAsk(false)
            if (item) queue.cancel(item.key)
          }}
          onClose={() => setAsk(false)}
        />
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FileButton
          variant="outlined"
          startIcon={<AttachFile />}
          label={t('attachments.choose')}
          accept={DOCUMENT_ACCEPT}
          disabled={sending}
          inputTestId="document-version-file"
          onFile={(f) => queue.reset(f ? [f] : [])}
        />
        <Typography variant="body2" noWrap sx={{ minWidth: 0, flex: 1 }}>
          {file ? `${file.name} · ${formatFileSize(file.size)}` : t('attachments.noFile')}
        </Typography>
      </Box>
      <TextField
        label={t('documents.versionComment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        disabled={sending}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.comment } }}
      />
      {tooLarge && (
        <Alert severity="error">{t('documents.uploadTooLarge', { max: DOCUMENT_MAX_MB })}</Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {sending && (
        <Box>
          <LinearProgress variant="determinate" value={item.percent} />
          <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
            {t('documents.uploadProgress', { percent: item.percent })}
          </Typography>
        </Box>
      )}
    </DialogFrame>
  )
}

/** VERSÕES: every version, newest first, each downloadable; NOVA VERSÃO where allowed. */
export function DocumentVersions({ doc, editable }: { doc: DocumentDetail; editable: boolean }) {
  const token = useDownloadToken()
  const [adding, setAdding] = useState(false)
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {editable && (
        <Box>
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setAdding(true)}>
            {t('documents.newVersion')}
          </Button>
        </Box>
      )}
      <List dense aria-label={t('documents.tabVersions')}>
        {doc.versions.map((v) => (
          <ListItem
            key={v.version}
            divider
            secondaryAction={
              <IconButton
                edge="end"
                component="a"
                href={contentUrl(v.contentId, token)}
                download={v.filename}
                aria-label={t('documents.downloadVersion', { version: v.version })}
              >
                <Download />
              </IconButton>
            }
          >
            <ListItemText
              primary={
                <>
                  {t('documents.versionLabel', { version: v.version })}
                  {v.version === doc.version && (
                    <Chip
                      label={t('documents.versionCurrent')}
                      size="small"
                      color="primary"
                      variant="outlined"
                      sx={{ ml: 1 }}
                    />
                  )}
                </>
              }
              secondary={
                <>
                  {`${v.filename} · ${formatFileSize(v.size)} · ${t('documents.versionBy', {
                    date: formatWhen(v.created),
                    user: v.createdBy ?? '-',
                  })}`}
                  {v.comment && (
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {v.comment}
                    </Typography>
                  )}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      {adding && <NewVersionDialog doc={doc} onClose={() => setAdding(false)} />}
    </Box>
  )
}
