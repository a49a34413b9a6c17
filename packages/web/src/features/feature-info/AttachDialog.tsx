import AttachFile from '@mui/icons-material/AttachFile'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { ApprovalSubmitted, Attachment, FeatureRef } from '@gis/shared'
import { formatFileSize, MAX_ATTACHMENT_DESCRIPTION } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useSubmittedNotice } from '../../components/use-submitted-notice'
import { DialogFrame } from '../../components/DialogFrame'
import { useUploadQueue } from '../../components/use-upload-queue'

/**
 * 'Anexar arquivo' (spec 1 sections 2 and 4): ESCOLHER a file (or one given by the camera),
 * a description, CARREGAR with the percent sent, CANCELAR. Cancelling while sending asks
 * 'Confirma?' (SIM/NÃO) and is not an error; a failure says 'Falha ao fazer upload do
 * arquivo!'. On success the dialog closes and the list refreshes.
 */
export function AttachDialog({
  open,
  url,
  feature,
  initialFile,
  maxBytes,
  onClose,
  onUploaded,
}: {
  open: boolean
  url: string
  /** The feature the file is for (its pending state follows a moderated user's upload). */
  feature?: FeatureRef
  /** A file to send (the camera's photo); the user may still choose another. */
  initialFile?: File | null
  maxBytes: number | null
  onClose: () => void
  onUploaded: (attachment: Attachment) => void
}) {
  const submittedNotice = useSubmittedNotice()
  const { enqueueSnackbar } = useSnackbar()
  const [description, setDescription] = useState('')
  const [askCancel, setAskCancel] = useState(false)
  // CARREGAR without a file.
  const [missing, setMissing] = useState(false)
  const queue = useUploadQueue<Attachment | ApprovalSubmitted>({
    request: (file) => {
      const form = new FormData()
      form.append('description', description.trim())
      form.append('file', file, file.name)
      return { path: url, form }
    },
  })
  // The one file of the dialog: choosing another replaces it.
  const item = queue.items[0]
  const file = item?.file ?? null
  const uploading = item?.status === 'sending'
  const { reset } = queue

  useEffect(() => {
    if (open) {
      reset(initialFile ? [initialFile] : [])
      setDescription('')
      setMissing(false)
    }
  }, [open, initialFile, reset])

  const tooLarge = file !== null && maxBytes !== null && file.size > maxBytes
  // What the server said of a refused file (too large, not allowed); other failures only toast.
  const refused =
    item?.status === 'failed' && (item.failure?.status === 413 || item.failure?.status === 400)
  const error = missing ? t('attachments.fileRequired') : refused ? item.failure?.message : null

  async function send() {
    if (!item) {
      setMissing(true)
      return
    }
    if (tooLarge) return
    // Sent again after a failure or a cancel.
    queue.retry(item.key)
    const run = await queue.send()
    setAskCancel(false)
    const answer = run?.answers[0]
    if (answer) {
      // A moderated user's file waits for approval: said instead of 'uploaded'.
      if (!submittedNotice(feature, answer)) {
        onUploaded(answer as Attachment)
        enqueueSnackbar(t('attachments.uploaded'), { variant: 'success' })
      }
      onClose()
    } else if (run?.failures.length) {
      // Cancelled by the user (neither answered nor failed): not an error.
      enqueueSnackbar(t('attachments.uploadFailed'), { variant: 'error' })
    }
  }

  function cancel() {
    if (uploading) setAskCancel(true)
    else onClose()
  }

  return (
    <DialogFrame
      open={open}
      onClose={cancel}
      data-testid="attach-dialog"
      titleId="attach-title"
      title={t('attachments.dialogTitle')}
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={
        <>
          <Button onClick={cancel}>{t('attachments.cancel')}</Button>
          <Button variant="contained" onClick={() => void send()} disabled={uploading || tooLarge}>
            {t('attachments.upload')}
          </Button>
        </>
      }
      after={
        <ConfirmDialog
          danger={false}
          open={askCancel}
          title={t('attachments.confirmCancel')}
          text={t('attachments.confirmCancelText')}
          confirmLabel={t('attachments.yes')}
          cancelLabel={t('attachments.no')}
          onConfirm={() => {
            setAskCancel(false)
            if (item) queue.cancel(item.key)
          }}
          onClose={() => setAskCancel(false)}
        />
      }
    >
      <FileChoice
        file={file}
        disabled={uploading}
        onFile={(chosen) => {
          reset(chosen ? [chosen] : [])
          setMissing(false)
        }}
      />
      <TextField
        label={t('attachments.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        disabled={uploading}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: MAX_ATTACHMENT_DESCRIPTION } }}
      />
      {tooLarge && maxBytes !== null && (
        <Alert severity="error">
          {t('attachments.tooLarge', { max: Math.floor(maxBytes / 1_048_576) })}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {uploading && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={item.percent}
            aria-label={t('attachments.progress', { percent: item.percent })}
          />
          <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
            {t('attachments.progress', { percent: item.percent })}
          </Typography>
        </Box>
      )}
    </DialogFrame>
  )
}

/** ESCOLHER and the chosen file's name and size ('Nenhum arquivo escolhido' before). */
function FileChoice({
  file,
  disabled,
  onFile,
}: {
  file: File | null
  disabled: boolean
  onFile: (file: File | undefined) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<AttachFile />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {t('attachments.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t('attachments.choose')}
        data-testid="attach-input"
        onChange={(e) => {
          onFile(e.target.files?.[0])
          e.target.value = ''
        }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: file ? 600 : 400 }}>
          {file ? file.name : t('attachments.noFile')}
        </Typography>
        {file && (
          <Typography variant="caption" color="text.secondary">
            {formatFileSize(file.size)}
          </Typography>
        )}
      </Box>
    </Box>
  )
}
