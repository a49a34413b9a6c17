import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { JOB_POLL_MS } from '@gis/shared/search'
import { useEffect, useRef, useState } from 'react'
import { useUrlToken } from '../feature-form'
import { downloadUrl, jobFileUrl } from '../reports/download'
import { useExportJobQuery } from './search.api'

interface Props {
  jobId: number
  layerTitle: string
  open: boolean
  onMinimize: () => void
  onClose: () => void
}

/**
 * An export job followed every second (spec 3 §9): its progress ('Processando N%'), Minimizar
 * (the job goes on; the window keeps following it), and once complete the file, downloaded at
 * once and offered again with BAIXAR; 'Falha' and the job's message on error.
 */
export function ExportProgress({ jobId, layerTitle, open, onMinimize, onClose }: Props) {
  const token = useUrlToken()
  const [stopped, setStopped] = useState(false)
  const { data: job, isError } = useExportJobQuery(jobId, {
    pollingInterval: stopped ? 0 : JOB_POLL_MS,
    skipPollingIfUnfocused: false,
  })
  const finished = job?.status === 'COMPLETE' || job?.status === 'ERROR'
  useEffect(() => {
    if (finished) setStopped(true)
  }, [finished])
  const downloaded = useRef(false)
  const url = jobFileUrl(jobId, token)
  useEffect(() => {
    if (job?.status === 'COMPLETE' && !downloaded.current) {
      downloaded.current = true
      downloadUrl(url)
    }
  }, [job?.status, url])

  const percent =
    job && job.progress.max > 0 ? Math.round((job.progress.value / job.progress.max) * 100) : 0
  return (
    <Dialog open={open} onClose={finished ? onClose : onMinimize} maxWidth="xs" fullWidth>
      <DialogTitle>{t('export.progressTitle', { layer: layerTitle })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {isError && <Alert severity="error">{t('export.jobPollFailed')}</Alert>}
        {job?.status === 'ERROR' ? (
          <Alert severity="error">
            {t('export.failed')}
            {job.message ? `: ${job.message}` : ''}
          </Alert>
        ) : job?.status === 'COMPLETE' ? (
          <Alert severity="success">{t('export.ready', { filename: job.filename ?? '' })}</Alert>
        ) : (
          <>
            <Typography variant="body2">
              {job && job.progress.max > 0
                ? t('export.processing', { percent })
                : t('export.inProgress')}
            </Typography>
            <LinearProgress
              variant={job && job.progress.max > 0 ? 'determinate' : 'indeterminate'}
              value={percent}
            />
            {job && job.progress.max > 0 && (
              <Typography variant="caption" color="text.secondary">
                {t('export.rows', { value: job.progress.value, max: job.progress.max })}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {finished ? (
          <>
            {job?.status === 'COMPLETE' && (
              <Button variant="contained" href={url} download>
                {t('export.download')}
              </Button>
            )}
            <Button onClick={onClose}>{t('common.close')}</Button>
          </>
        ) : (
          <Button onClick={onMinimize}>{t('export.minimize')}</Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
