import ContentCopy from '@mui/icons-material/ContentCopy'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import type { ExportJob } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import { useUrlToken } from '../../state/url-token'
import { jobFileUrl } from '../../components/followed-job'
import { formatCreated, formatElapsed, statusLabel } from './job-labels'
import { FieldTable } from '../../components/FieldTable'
import { DialogFrame } from '../../components/DialogFrame'
import { useMutationToast } from '../../components/use-mutation-toast'

/**
 * A job's information (spec 3 §2): title, responsible user, status, created, processing
 * time, the content to download, the message with its copy button, Fechar.
 */
export function JobInfoDialog({ job, onClose }: { job: ExportJob; onClose: () => void }) {
  const token = useUrlToken()
  const run = useMutationToast()
  const copy = async () => {
    await run(
      () => navigator.clipboard.writeText(job.message ?? ''),
      t('clipboard.messageCopied'),
      t('clipboard.failed'),
    )
  }
  const rows: [string, ReactNode][] = [
    [t('reports.jobTitle'), job.title],
    [t('reports.jobUser'), job.username ?? ''],
    [t('reports.jobStatus'), statusLabel(job)],
    [t('reports.jobCreated'), formatCreated(job.created)],
    [t('reports.jobElapsed'), formatElapsed(job.elapsed)],
    [
      t('reports.jobContent'),
      job.status === 'COMPLETE' ? (
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          href={jobFileUrl(job.id, token)}
          download
        >
          {job.filename ?? t('reports.download')}
        </Button>
      ) : (
        ''
      ),
    ],
    [
      t('reports.jobMessage'),
      job.message ? (
        <>
          {job.message}
          <IconButton
            size="small"
            aria-label={t('reports.copyMessage')}
            title={t('reports.copyMessage')}
            onClick={() => void copy()}
          >
            <ContentCopy fontSize="small" />
          </IconButton>
        </>
      ) : (
        ''
      ),
    ],
  ]
  return (
    <DialogFrame
      onClose={onClose}
      title={job.title}
      actions={<Button onClick={onClose}>{t('reports.close')}</Button>}
    >
      <FieldTable rows={rows.map(([title, value]) => ({ title, value }))} titleWidth={200} />
    </DialogFrame>
  )
}
