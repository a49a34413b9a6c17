import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { ExportJob } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { JobProgressBar, JobProgressDialog } from '../../components/JobProgressDialog'
import { jobPercent, remainingTime, statusLabel } from './job-labels'
import { useReportJobQuery } from '../../api/reports.api'
import { useFollowedJob, useJobEnd } from '../../components/followed-job'

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
export function ReportJobProgress({ jobId, title, open, onMinimize, onDone }: Props) {
  const { job, isError, url, stop } = useFollowedJob(jobId, useReportJobQuery)
  const status = isError ? 'ERROR' : job?.status
  useJobEnd(status, url, stop, () => onDone(isError ? null : (job ?? null)))

  const shown = job && status ? { ...job, status } : undefined
  const left = job ? remainingTime(job.elapsed, job.progress.value, job.progress.max) : null
  return (
    <JobProgressDialog
      open={open}
      onClose={onMinimize}
      title={t('reports.progressTitle', { name: title })}
      actions={<Button onClick={onMinimize}>{t('reports.minimize')}</Button>}
    >
      <Typography variant="body2" aria-live="polite">
        {isError ? t('reports.statusError') : statusLabel(shown)}
      </Typography>
      {status !== 'ERROR' && (
        <JobProgressBar known={Boolean(job && job.progress.max > 0)} percent={jobPercent(job)} />
      )}
      <Box sx={{ minHeight: 20 }}>
        {left && status !== 'COMPLETE' && status !== 'ERROR' && (
          <Typography variant="caption" color="text.secondary">
            {t('reports.remaining', { time: left })}
          </Typography>
        )}
      </Box>
    </JobProgressDialog>
  )
}
