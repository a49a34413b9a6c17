import PhotoLibrary from '@mui/icons-material/PhotoLibrary'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { t, tn } from '@gis/shared/i18n'
import {
  countStatuses,
  csvFileName,
  FILE_STATUS,
  type FileEntry,
  type MissingFileEntry,
} from '@gis/shared/syncfiles'
import type { ReactNode } from 'react'
import { useUrlToken } from '../../state/url-token'
import { missingReport, uploadReport } from './association-run'
import { downloadCsv } from './folder-read'
import { useGetSyncFilesSampleQuery } from './syncfiles.api'
import { FilesTable, MissingTable } from './tables'
import type { UploadTask } from './upload-plan'

/** The demo's sample folder, to show the tool on the demo data (decision 65). */
export function SampleFolderLink() {
  const { data } = useGetSyncFilesSampleQuery()
  const token = useUrlToken()
  if (!data) return null
  const href = token ? `${data.href}?token=${encodeURIComponent(token)}` : data.href
  return (
    <Alert
      severity="info"
      icon={<PhotoLibrary />}
      action={
        <Button color="inherit" size="small" href={href} download={`${data.name}.zip`}>
          {t('syncfiles.sampleDownload')}
        </Button>
      }
    >
      <strong>{t('syncfiles.sampleFolder')}</strong> — {t('syncfiles.sampleFolderHint')}
    </Alert>
  )
}

export function CounterChips({ files }: { files: readonly FileEntry[] }) {
  const c = countStatuses(files)
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="syncfiles-counters">
      <Chip color="success" label={t('syncfiles.counterNew', { count: c.new })} />
      <Chip color="info" label={t('syncfiles.counterUpdate', { count: c.update })} />
      <Chip label={t('syncfiles.counterPending', { count: c.pending })} />
      <Chip color="error" label={t('syncfiles.counterError', { count: c.error })} />
    </Box>
  )
}

/** The bar over a step: what it is about, then its buttons. */
export function StepBar({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      {children}
      {actions}
    </Paper>
  )
}

/** 'Relatório de Upload': every file with its state and reason, as CSV. */
export function UploadReportButton({ files }: { files: readonly FileEntry[] }) {
  return (
    <Button
      variant="outlined"
      onClick={() => downloadCsv(csvFileName('relatorio_associacao'), uploadReport(files))}
    >
      {t('syncfiles.uploadReport')}
    </Button>
  )
}

/** Steps 2 (reading the layer, cancellable) and 4 (sending the files) as they progress. */
export function ProgressPanel({
  step,
  progress,
  onCancel,
}: {
  step: number
  progress: { done: number; total: number }
  onCancel: () => void
}) {
  const percent = progress.total > 0 ? (progress.done / progress.total) * 100 : 0
  return (
    <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h3" role="status">
        {step === 2 ? t('syncfiles.mapping') : t('syncfiles.uploading')}
      </Typography>
      <LinearProgress
        variant={progress.total > 0 ? 'determinate' : 'indeterminate'}
        value={percent}
      />
      <Typography color="text.secondary">
        {step === 2
          ? t('syncfiles.scanProgress', { done: progress.done, total: progress.total })
          : t('syncfiles.uploadProgress', { done: progress.done, total: progress.total })}
      </Typography>
      {step === 2 && (
        <Box>
          <Button onClick={onCancel}>{t('syncfiles.cancel')}</Button>
        </Box>
      )}
    </Paper>
  )
}

/** Step 3: what matched, the files that wait (with their reasons) and the missing files. */
export function MatchStep({
  files,
  tasks,
  missing,
  onReturn,
  onExecute,
}: {
  files: readonly FileEntry[]
  tasks: readonly UploadTask[]
  missing: MissingFileEntry[]
  onReturn: () => void
  onExecute: () => void
}) {
  const pendingFiles = files.filter((f) => f.status !== FILE_STATUS.created && f.reason !== null)
  return (
    <>
      <StepBar
        actions={
          <>
            <Button onClick={onReturn}>{t('syncfiles.return')}</Button>
            <Button
              variant="outlined"
              onClick={() =>
                downloadCsv(csvFileName('relatorio_arquivos_ausentes'), missingReport(missing))
              }
            >
              {t('syncfiles.missingReport')}
            </Button>
            <Button variant="contained" onClick={onExecute}>
              {t('syncfiles.execute')}
            </Button>
          </>
        }
      >
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h6" component="h3">
            {t('syncfiles.missingTitle')}
          </Typography>
          <Typography color="text.secondary">
            {t('syncfiles.matchedSummary', {
              files: tn(
                'syncfiles.fileCount.one',
                'syncfiles.fileCount.other',
                new Set(tasks.map((m) => m.file)).size,
              ),
              records: tn(
                'syncfiles.recordCount.one',
                'syncfiles.recordCount.other',
                new Set(tasks.map((m) => m.id)).size,
              ),
            })}
          </Typography>
        </Box>
      </StepBar>
      {pendingFiles.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h4">
            {t('syncfiles.pendingTitle', { count: pendingFiles.length })}
          </Typography>
          <FilesTable
            files={pendingFiles}
            label={t('syncfiles.pendingTitle', { count: pendingFiles.length })}
          />
        </>
      )}
      <Typography variant="subtitle1" component="h4">
        {t('syncfiles.missingSubtitle', { count: missing.length })}
      </Typography>
      <MissingTable missing={missing} />
    </>
  )
}

/** Step 5: the counters, the report, VOLTAR and every file. */
export function SummaryStep({ files, onBack }: { files: FileEntry[]; onBack: () => void }) {
  return (
    <>
      <StepBar
        actions={
          <>
            <UploadReportButton files={files} />
            <Button variant="contained" onClick={onBack}>
              {t('syncfiles.back')}
            </Button>
          </>
        }
      >
        <Box sx={{ flex: 1, minWidth: 240, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="h6" component="h3">
            {t('syncfiles.summaryTitle')}
          </Typography>
          <CounterChips files={files} />
        </Box>
      </StepBar>
      <FilesTable files={files} />
    </>
  )
}
