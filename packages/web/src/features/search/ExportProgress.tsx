import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { JobProgressBar, JobProgressDialog } from '../../components/JobProgressDialog'
import { useFollowedJob, useJobEnd } from '../../components/followed-job'
import { useExportJobQuery } from '../../api/search.api'

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
  const { job, isError, url, stop } = useFollowedJob(jobId, useExportJobQuery)
  const finished = job?.status === 'COMPLETE' || job?.status === 'ERROR'
  useJobEnd(job?.status, url, stop)

  const known = Boolean(job && job.progress.max > 0)
  const percent = job && known ? Math.round((job.progress.value / job.progress.max) * 100) : 0
  return (
    <JobProgressDialog
      open={open}
      onClose={finished ? onClose : onMinimize}
      title={t('export.progressTitle', { layer: layerTitle })}
      actions={
        finished ? (
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
        )
      }
    >
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
            {known ? t('export.processing', { percent }) : t('export.inProgress')}
          </Typography>
          <JobProgressBar known={known} percent={percent} />
          {job && known && (
            <Typography variant="caption" color="text.secondary">
              {t('export.rows', { value: job.progress.value, max: job.progress.max })}
            </Typography>
          )}
        </>
      )}
    </JobProgressDialog>
  )
}
