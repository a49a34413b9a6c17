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
import { toFailure } from '../../api/base-api'
import { useUpload } from '../../api/upload'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useSubmittedNotice } from '../../components/use-submitted-notice'
import { DialogFrame } from '../../components/DialogFrame'

type Phase = 'idle' | 'uploading'

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
  const upload = useUpload()
  const submittedNotice = useSubmittedNotice()
  const { enqueueSnackbar } = useSnackbar()
  const [file, setFile] = useState<File | null>(null)
  const [description, setDescription] = useState('')
  const [phase, setPhase] = useState<Phase>('idle')
  const [percent, setPercent] = useState(0)
  const [askCancel, setAskCancel] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (open) {
      setFile(initialFile ?? null)
      setDescription('')
      setPhase('idle')
      setPercent(0)
      setError(null)
    }
  }, [open, initialFile])

  const tooLarge = file !== null && maxBytes !== null && file.size > maxBytes

  async function send() {
    if (!file) {
      setError(t('attachments.fileRequired'))
      return
    }
    if (tooLarge) return
    const form = new FormData()
    form.append('description', description.trim())
    form.append('file', file, file.name)
    const controller = new AbortController()
    abort.current = controller
    setPhase('uploading')
    setPercent(0)
    try {
      const answer = await upload<Attachment | ApprovalSubmitted>(url, form, {
        signal: controller.signal,
        onProgress: (p) => setPercent(p.percent),
      })
      // A moderated user's file waits for approval: said instead of 'uploaded'.
      if (!submittedNotice(feature, answer)) {
        onUploaded(answer as Attachment)
        enqueueSnackbar(t('attachments.uploaded'), { variant: 'success' })
      }
      onClose()
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        // Cancelled by the user: not an error.
        setPhase('idle')
        setPercent(0)
        return
      }
      const failure = toFailure(err)
      setPhase('idle')
      setError(failure.status === 413 || failure.status === 400 ? failure.message : null)
      enqueueSnackbar(t('attachments.uploadFailed'), { variant: 'error' })
    } finally {
      abort.current = null
      setAskCancel(false)
    }
  }

  function cancel() {
    if (phase === 'uploading') setAskCancel(true)
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
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={phase === 'uploading' || tooLarge}
          >
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
            abort.current?.abort()
          }}
          onClose={() => setAskCancel(false)}
        />
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AttachFile />}
          disabled={phase === 'uploading'}
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
            setFile(e.target.files?.[0] ?? null)
            setError(null)
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
      <TextField
        label={t('attachments.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        disabled={phase === 'uploading'}
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
      {phase === 'uploading' && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('attachments.progress', { percent })}
          />
          <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
            {t('attachments.progress', { percent })}
          </Typography>
        </Box>
      )}
    </DialogFrame>
  )
}
