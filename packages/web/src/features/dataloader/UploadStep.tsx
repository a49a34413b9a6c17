import UploadFile from '@mui/icons-material/UploadFile'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useRef, useState, type DragEvent } from 'react'
import { ApiError } from '../../api/client'
import { useUpload } from '../../api/upload'
import type { ImportJob } from './dataloader-types'
import { DialogFrame } from '../../components/DialogFrame'

const ACCEPTED = /\.(xlsx|csv|zip)$/i

/** Step 0: one file dropped or chosen, uploaded with progress and Cancelar. */
export function UploadStep({ onUploaded }: { onUploaded: (job: ImportJob) => void }) {
  const upload = useUpload()
  const { enqueueSnackbar } = useSnackbar()
  const input = useRef<HTMLInputElement>(null)
  const abort = useRef<AbortController | null>(null)
  const [percent, setPercent] = useState<number | null>(null)
  const [over, setOver] = useState(false)

  async function send(files: FileList | null) {
    if (!files?.length) return
    const file = files[0]!
    if (files.length > 1 || !ACCEPTED.test(file.name)) {
      enqueueSnackbar(t('dataloader.unsupportedFormat'), { variant: 'error' })
      return
    }
    const form = new FormData()
    form.append('file', file, file.name)
    abort.current = new AbortController()
    setPercent(0)
    try {
      const job = await upload<ImportJob>('/api/dataloader/import', form, {
        signal: abort.current.signal,
        onProgress: (p) => setPercent(p.percent),
      })
      onUploaded(job)
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        enqueueSnackbar(t('dataloader.uploadCancelled'), { variant: 'warning' })
      } else {
        const message = err instanceof ApiError ? err.message : t('common.requestFailed')
        enqueueSnackbar(t('dataloader.uploadFailed', { message }), { variant: 'error' })
      }
    } finally {
      setPercent(null)
      if (input.current) input.current.value = ''
    }
  }

  function drop(e: DragEvent) {
    e.preventDefault()
    setOver(false)
    void send(e.dataTransfer.files)
  }

  return (
    <Box sx={{ p: 3 }}>
      <Box
        role="button"
        tabIndex={0}
        data-testid="dataloader-dropzone"
        onClick={() => input.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 6,
          textAlign: 'center',
          cursor: 'pointer',
          bgcolor: over ? 'action.hover' : 'background.paper',
        }}
      >
        <UploadFile color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h6">{t('dataloader.dropZone')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dataloader.dropZoneTypes')}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept=".xlsx,.csv,.zip"
          onChange={(e) => void send(e.target.files)}
        />
      </Box>
      <DialogFrame
        open={percent !== null}
        maxWidth="xs"
        title={t('dataloader.uploading')}
        actions={<Button onClick={() => abort.current?.abort()}>{t('dataloader.cancel')}</Button>}
      >
        <LinearProgress variant="determinate" value={percent ?? 0} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {percent ?? 0}%
        </Typography>
      </DialogFrame>
    </Box>
  )
}
