import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import type { ExportJob } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { REPORT_JOB_POLL_MS } from '@gis/shared/reports'
import { useEffect, useRef, useState } from 'react'
import { useUrlToken } from '../feature-form'
import { downloadUrl, jobFileUrl } from './download'
import { jobPercent, remainingTime, statusLabel } from './job-labels'
import { useReportJobQuery } from './reports.api'

interface Props {
  jobId: number
  title: string
  open: boolean
  onMinimize: () => void
  /** Called once when the job ends: COMPLETE, ERROR, or a failed poll (then marked ERROR). */
  onDone: (job: ExportJob | null) => void
}

/**
 * A report job followed every second (spec 3 §4): 'Processando N%' or 'Em processamento...'
 * with the time left; Minimizar closes the dialog and the job goes on (it is in the
 * repository). At the end the file downloads and the job info dialog takes over.
 */
export function JobProgressDialog({ jobId, title, open, onMinimize, onDone }: Props) {
  const token = useUrlToken()
  const [stopped, setStopped] = useState(false)
  const { data: job, isError } = useReportJobQuery(jobId, {
    pollingInterval: stopped ? 0 : REPORT_JOB_POLL_MS,
    skipPollingIfUnfocused: false,
  })
  const status = isError ? 'ERROR' : job?.status
  const done = useRef(false)
  useEffect(() => {
    if (done.current || (status !== 'COMPLETE' && status !== 'ERROR')) return
    done.current = true
    setStopped(true)
    if (status === 'COMPLETE') downloadUrl(jobFileUrl(jobId, token))
    onDone(isError ? null : (job ?? null))
  }, [status, isError, job, jobId, token, onDone])

  const shown = job && status ? { ...job, status } : undefined
  const left = job ? remainingTime(job.elapsed, job.progress.value, job.progress.max) : null
  return (
    <Dialog open={open} onClose={onMinimize} maxWidth="xs" fullWidth>
      <DialogTitle>{t('reports.progressTitle', { name: title })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="body2" aria-live="polite">
          {isError ? t('reports.statusError') : statusLabel(shown)}
        </Typography>
        {status !== 'ERROR' && (
          <LinearProgress
            variant={job && job.progress.max > 0 ? 'determinate' : 'indeterminate'}
            value={jobPercent(job)}
          />
        )}
        <Box sx={{ minHeight: 20 }}>
          {left && status !== 'COMPLETE' && status !== 'ERROR' && (
            <Typography variant="caption" color="text.secondary">
              {t('reports.remaining', { time: left })}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onMinimize}>{t('reports.minimize')}</Button>
      </DialogActions>
    </Dialog>
  )
}
