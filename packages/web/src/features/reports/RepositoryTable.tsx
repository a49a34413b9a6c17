import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Alert from '@mui/material/Alert'
import IconButton from '@mui/material/IconButton'
import type { ExportJob } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { REPOSITORY_PAGE_SIZES } from '@gis/shared/reports'
import { useEffect } from 'react'
import { useSnackbar } from 'notistack'
import { DataTable, type Column } from '../../components/PagedTable'
import { useUrlToken } from '../../state/url-token'
import { jobFileUrl } from '../../components/followed-job'
import { jobTypeLabel, statusLabel } from './job-labels'
import { useReportJobsQuery } from '../../api/reports.api'

/**
 * 'Repositório': the caller's report and export jobs, newest first (sort '-created'), 30, 50
 * or 100 a page; the file of a complete one and its details.
 */
export function RepositoryTable({
  page,
  limit,
  onPage,
  onDetails,
}: {
  page: number
  limit: number
  onPage: (page: number, limit: number) => void
  onDetails: (job: ExportJob) => void
}) {
  const token = useUrlToken()
  const { enqueueSnackbar } = useSnackbar()
  const jobs = useReportJobsQuery(
    { page, limit, sort: '-created' },
    { refetchOnMountOrArgChange: true },
  )
  useEffect(() => {
    if (jobs.isError) enqueueSnackbar(t('reports.repositoryFailed'), { variant: 'error' })
  }, [jobs.isError, enqueueSnackbar])
  const columns: Column<ExportJob>[] = [
    { key: 'type', label: t('reports.colType'), render: (j) => jobTypeLabel(j.type), wide: true },
    { key: 'title', label: t('reports.colTitle'), render: (j) => j.title },
    { key: 'user', label: t('reports.colUser'), render: (j) => j.username ?? '', wide: true },
    { key: 'status', label: t('reports.colStatus'), render: (j) => statusLabel(j) },
    {
      key: 'actions',
      label: t('reports.colActions'),
      render: (j) => (
        <>
          {j.status === 'COMPLETE' && (
            <IconButton
              size="small"
              aria-label={t('reports.download')}
              title={t('reports.download')}
              href={jobFileUrl(j.id, token)}
              download
            >
              <FileDownloadOutlined fontSize="small" />
            </IconButton>
          )}
          <IconButton
            size="small"
            aria-label={t('reports.details')}
            title={t('reports.details')}
            onClick={() => onDetails(j)}
          >
            <InfoOutlined fontSize="small" />
          </IconButton>
        </>
      ),
    },
  ]
  return (
    <>
      {jobs.isError && <Alert severity="error">{t('reports.repositoryFailed')}</Alert>}
      <DataTable
        label={t('reports.repository')}
        columns={columns}
        rows={jobs.data?.rows ?? []}
        rowKey={(j) => j.id}
        empty={t('reports.repositoryEmpty')}
        loading={jobs.isFetching}
        pager={{
          total: jobs.data?.total ?? 0,
          page,
          limit,
          sizes: REPOSITORY_PAGE_SIZES,
          onPage,
        }}
      />
    </>
  )
}
