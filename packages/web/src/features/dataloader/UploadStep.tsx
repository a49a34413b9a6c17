import UploadFile from '@mui/icons-material/UploadFile'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { ApiError } from '../../api/client'
import { useUpload } from '../../api/upload'
import { JOB_POLL_MS } from '../../components/JobProgressDialog'
import {
  useCancelImportMutation,
  useDeleteImportMutation,
  useImportStatusQuery,
} from './dataloader.api'
import type { ImportJob } from './dataloader-types'
import { DialogFrame } from '../../components/DialogFrame'

const ACCEPTED = /\.(xlsx|csv|zip|gpkg|geojson|json|kml|kmz)$/i

/**
 * Step 0: one file dropped or chosen, uploaded with progress and Cancelar; then read by the
 * server into rows (issue 43), its rows counted as they are read, cancellable too.
 */
export function UploadStep({ onUploaded }: { onUploaded: (jobId: number) => void }) {
  const upload = useUpload()
  const { enqueueSnackbar } = useSnackbar()
  const input = useRef<HTMLInputElement>(null)
  const abort = useRef<AbortController | null>(null)
  const [percent, setPercent] = useState<number | null>(null)
  const [over, setOver] = useState(false)
  const [reading, setReading] = useState<number | null>(null)
  const status = useImportStatusQuery(reading ?? skipToken, { pollingInterval: JOB_POLL_MS })
  const [cancelImport] = useCancelImportMutation()
  const [removeImport] = useDeleteImportMutation()
  const state = status.data?.status

  useEffect(() => {
    if (reading === null || !state || state === 'READING') return
    if (state === 'FAILED') {
      const message = status.data?.message ?? t('common.requestFailed')
      enqueueSnackbar(t('dataloader.uploadFailed', { message }), { variant: 'error' })
      void removeImport(reading)
    } else if (state !== 'CANCELLED') {
      onUploaded(reading)
    }
    setReading(null)
  }, [reading, state, status.data?.message, enqueueSnackbar, onUploaded, removeImport])

  async function stopReading() {
    if (reading === null) return
    await cancelImport(reading)
      .unwrap()
      .catch(() => undefined)
    setReading(null)
    enqueueSnackbar(t('dataloader.readCancelled'), { variant: 'warning' })
  }

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
      if (job.state === 'READY') onUploaded(job.id)
      else setReading(job.id)
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
          accept=".xlsx,.csv,.zip,.gpkg,.geojson,.json,.kml,.kmz"
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
      <DialogFrame
        open={reading !== null}
        maxWidth="xs"
        title={t('dataloader.reading')}
        actions={<Button onClick={() => void stopReading()}>{t('dataloader.cancel')}</Button>}
      >
        <LinearProgress />
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="dataloader-reading">
          {t('dataloader.readingRows', {
            rows: (status.data?.counts.read ?? 0).toLocaleString('pt-BR'),
          })}
        </Typography>
      </DialogFrame>
    </Box>
  )
}
