import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useMemo, useState } from 'react'
import { AdminOnly } from '../../components/AdminOnly'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import type { WindowProps } from '../../windows/window-type'
import {
  CounterChips,
  MatchStep,
  ProgressPanel,
  SampleFolderLink,
  StepBar,
  SummaryStep,
  UploadReportButton,
} from './AssociationSteps'
import { ConfigureStep } from './ConfigureStep'
import type { FileAssociationState } from './file-association-state'
import { folderAccessSupported } from './folder-read'
import { FolderStep } from './FolderStep'
import { useAssociationJob } from './use-association-job'
import { useAssociationRun } from './use-association-run'

const STEPS = [
  'syncfiles.stepImport',
  'syncfiles.stepMap',
  'syncfiles.stepValidate',
  'syncfiles.stepProcess',
  'syncfiles.stepSummary',
] as const
/** Steps 0..5 on the five-stage progress bar. */
const STAGE_OF_STEP = [0, 1, 1, 2, 3, 4]

const BROWSERS = [
  { name: 'Google Chrome 86+', href: 'https://www.google.com/chrome/' },
  { name: 'Microsoft Edge 86+', href: 'https://www.microsoft.com/edge' },
  { name: 'Opera 72+', href: 'https://www.opera.com/download' },
]

/**
 * ASSOCIAR ARQUIVOS (spec 2 §2.2, §4.2; administrators): a local folder's files attached to
 * the records of a layer whose chosen fields name them. Only where the browser gives folder
 * access (Chrome and Edge 86+, Opera 72+); elsewhere, the page of those browsers.
 */
export function FileAssociationWindow(props: WindowProps<FileAssociationState>) {
  return (
    <AdminOnly>
      {folderAccessSupported() ? <FileAssociation {...props} /> : <UnsupportedBrowser />}
    </AdminOnly>
  )
}

function UnsupportedBrowser() {
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('syncfiles.unsupportedTitle')}
      </Typography>
      <Typography gutterBottom>{t('syncfiles.unsupportedText')}</Typography>
      <Box component="ul">
        {BROWSERS.map((b) => (
          <li key={b.name}>
            {b.name} —{' '}
            <Link href={b.href} target="_blank" rel="noopener noreferrer">
              {t('syncfiles.download')}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  )
}

function FileAssociation(props: WindowProps<FileAssociationState>) {
  const job = useAssociationJob(props)
  const { s, update, files, tasks, restored } = job
  const run = useAssociationRun(job)
  const [confirm, setConfirm] = useState<'delete' | 'execute' | null>(null)
  const toSend = useMemo(() => new Set(tasks.map((task) => task.file)), [tasks])

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stepper activeStep={STAGE_OF_STEP[s.step] ?? 0} alternativeLabel>
        {STEPS.map((key) => (
          <Step key={key}>
            <StepLabel
              sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.7rem', sm: '0.875rem' } } }}
            >
              {t(key)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>

      {s.step === 0 && (
        <>
          <FolderStep onFolder={job.onFolder} />
          <SampleFolderLink />
        </>
      )}

      {restored && (s.step === 1 || s.step === 5) && (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <Alert severity="info">{t('syncfiles.repick', { folder: s.folderName })}</Alert>
          <FolderStep onFolder={job.onFolder} compact />
        </Paper>
      )}

      {s.step === 1 && (
        <>
          <StepBar
            actions={
              <>
                <UploadReportButton files={files} />
                <Button color="error" variant="outlined" onClick={() => setConfirm('delete')}>
                  {t('syncfiles.delete')}
                </Button>
                <Button variant="contained" onClick={() => void run.execute()}>
                  {t('syncfiles.execute')}
                </Button>
              </>
            }
          >
            <Box sx={{ flex: 1, minWidth: 240 }}>
              <CounterChips files={files} />
            </Box>
          </StepBar>
          <ConfigureStep
            state={s}
            update={update}
            layers={job.layers}
            files={files}
            toSend={toSend}
          />
        </>
      )}

      {(s.step === 2 || s.step === 4) && !restored && (
        <ProgressPanel step={s.step} progress={run.progress} onCancel={run.cancelScan} />
      )}

      {s.step === 3 && !restored && (
        <MatchStep
          files={files}
          tasks={tasks}
          missing={job.missing}
          onReturn={() => update({ step: 1 })}
          onExecute={() => setConfirm('execute')}
        />
      )}

      {s.step === 5 && <SummaryStep files={files} onBack={() => update({ step: 1 })} />}

      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('syncfiles.deleteTitle')}
        text={t('syncfiles.deleteConfirm')}
        confirmLabel={t('syncfiles.delete')}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null)
          return job.removeJob()
        }}
      />
      <ConfirmDialog
        open={confirm === 'execute'}
        title={t('syncfiles.executeTitle')}
        text={t('syncfiles.executeConfirm')}
        confirmLabel={t('syncfiles.execute')}
        danger={false}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null)
          void run.runUploads()
        }}
      />
    </Box>
  )
}
