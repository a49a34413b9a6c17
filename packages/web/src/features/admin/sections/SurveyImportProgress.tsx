import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { SurveyImportError } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useEffect } from 'react'
import { DataTable, type Column } from '../../../components/DataTable'
import {
  JobProgressBar,
  JobProgressDialog,
  useJobPolling,
} from '../../../components/JobProgressDialog'
import { useAppDispatch } from '../../../state/root-state'
import { surveysApi, useSurveyImportJobQuery } from '../surveys.api'

const ERROR_COLUMNS: Column<SurveyImportError>[] = [
  { key: 'file', label: t('imageryImport.colFile'), render: (e) => e.file },
  { key: 'message', label: t('imageryImport.colMessage'), render: (e) => e.message },
]

/**
 * An import followed every second (the one job-progress dialog): what it does and its percent,
 * Minimizar while it runs; at the end the summary (events, frames, panoramas) with the rows
 * left out and why, or the failure's reason; the surveys list reloads.
 */
export function SurveyImportProgress({
  jobId,
  name,
  open,
  onMinimize,
  onClose,
}: {
  jobId: number
  name: string
  open: boolean
  onMinimize: () => void
  onClose: () => void
}) {
  const dispatch = useAppDispatch()
  const [polling, stop] = useJobPolling()
  const { data: job, isError } = useSurveyImportJobQuery(jobId, polling)
  const finished = job?.status === 'COMPLETE' || job?.status === 'ERROR'
  useEffect(() => {
    if (!finished) return
    stop(true)
    dispatch(surveysApi.util.invalidateTags(['Surveys']))
  }, [finished, stop, dispatch])

  const known = Boolean(job && job.progress.max > 0)
  const percent =
    job && known ? Math.min(100, Math.round((job.progress.value / job.progress.max) * 100)) : 0
  const summary = job?.summary
  return (
    <JobProgressDialog
      open={open}
      onClose={finished ? onClose : onMinimize}
      title={t('imageryImport.progressTitle', { name })}
      actions={
        finished ? (
          <Button onClick={onClose}>{t('imageryImport.close')}</Button>
        ) : (
          <Button onClick={onMinimize}>{t('imageryImport.minimize')}</Button>
        )
      }
    >
      {isError && <Alert severity="error">{t('imageryImport.pollFailed')}</Alert>}
      {job?.status === 'ERROR' ? (
        <Alert severity="error">
          {t('imageryImport.failed')}
          {job.message ? `: ${job.message}` : ''}
        </Alert>
      ) : summary ? (
        <>
          <Alert severity={summary.errors.length ? 'warning' : 'success'}>
            {t('imageryImport.done', {
              events: summary.events,
              frames: summary.frames,
              panoramas: summary.panoramas,
            })}
          </Alert>
          {summary.errors.length > 0 && (
            <>
              <Typography variant="subtitle2" component="h3">
                {t('imageryImport.errorsTitle', { count: summary.errors.length })}
              </Typography>
              <DataTable
                label={t('imageryImport.errorsTitle', { count: summary.errors.length })}
                columns={ERROR_COLUMNS}
                rows={summary.errors}
                rowKey={(e) => `${e.file}:${e.row}`}
                empty=""
                maxHeight="40vh"
                noLoadingBar
              />
            </>
          )}
        </>
      ) : (
        <>
          <Typography variant="body2">
            {job?.status === 'IN_PROGRESS' && known
              ? t('imageryImport.processing', { percent })
              : t('imageryImport.waiting')}
          </Typography>
          <JobProgressBar known={known} percent={percent} />
          {job?.message && (
            <Typography variant="caption" color="text.secondary">
              {job.message}
            </Typography>
          )}
        </>
      )}
    </JobProgressDialog>
  )
}
