import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import {
  countStatuses,
  csvFileName,
  FILE_STATUS,
  type FileEntry,
  type MissingFileEntry,
  type RecordMatch,
} from '@gis/shared/syncfiles'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useRef, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { useGetPermissionsQuery } from '../../api/session.api'
import { useUpload } from '../../api/upload'
import { useIsAdmin } from '../../app/session'
import { useAppDispatch } from '../../app/store'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { builderFields, toFilterTree } from '../../components/filter-builder'
import { useGetLayerDescriptionsQuery } from '../layers'
import type { WindowProps } from '../workspace'
import {
  missingReport,
  ScanCancelled,
  scanLayer,
  uploadMatches,
  uploadReport,
} from './association-run'
import { ConfigureStep } from './ConfigureStep'
import { INITIAL_FILE_ASSOCIATION, type FileAssociationState } from './file-association-state'
import { downloadCsv, folderAccessSupported, type PickedFolder } from './folder-read'
import { FolderStep } from './FolderStep'
import {
  useCreateSyncFilesJobMutation,
  useDeleteSyncFilesJobMutation,
  useSaveSyncFilesReportMutation,
} from './syncfiles.api'
import { FilesTable, MissingTable } from './tables'
import { uploadTasks, withResult } from './upload-plan'

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
  const admin = useIsAdmin()
  if (!admin) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning">{t('audit.adminOnly')}</Alert>
      </Box>
    )
  }
  if (!folderAccessSupported()) return <UnsupportedBrowser />
  return <FileAssociation {...props} />
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

function CounterChips({ files }: { files: readonly FileEntry[] }) {
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

function FileAssociation({ state, setState }: WindowProps<FileAssociationState>) {
  const s = state ?? INITIAL_FILE_ASSOCIATION
  const latest = useRef(s)
  latest.current = s
  const update = (patch: Partial<FileAssociationState>) => setState({ ...latest.current, ...patch })
  const dispatch = useAppDispatch()
  const upload = useUpload()
  const { enqueueSnackbar } = useSnackbar()
  const [createJob] = useCreateSyncFilesJobMutation()
  const [deleteJob] = useDeleteSyncFilesJobMutation()
  const [saveReport] = useSaveSyncFilesReportMutation()
  const { data: layerList } = useGetLayerDescriptionsQuery()
  const permissions = useGetPermissionsQuery().data

  /** The folder's files and what the scan found live in the page, never in the workspace. */
  const [files, setFiles] = useState<FileEntry[]>([])
  const handles = useRef(new Map<string, File>())
  const [matches, setMatches] = useState<RecordMatch[]>([])
  const [missing, setMissing] = useState<MissingFileEntry[]>([])
  const [progress, setProgress] = useState({ done: 0, total: 0 })
  const scanAbort = useRef<AbortController | null>(null)
  const [confirm, setConfirm] = useState<'delete' | 'execute' | null>(null)

  const layers = useMemo(
    () =>
      [...(layerList ?? [])]
        .filter((l) => {
          const p = permissions?.layers[l.name]
          return permissions?.admin || (p?.readFeature && p.createFeatureAttachment)
        })
        .sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    [layerList, permissions],
  )
  const layer = layers.find((l) => l.name === s.layer)

  // The saved state outlived the page's folder access (F5, another session): start again.
  const expired = s.step > 0 && files.length === 0
  useEffect(() => {
    if (!expired) return
    enqueueSnackbar(t('syncfiles.accessExpired'), { variant: 'warning' })
    setState(INITIAL_FILE_ASSOCIATION)
  }, [expired, enqueueSnackbar, setState])

  async function onFolder(folder: PickedFolder) {
    const byName = new Map<string, File>()
    for (const f of folder.files) if (!byName.has(f.name)) byName.set(f.name, f)
    try {
      const job = await createJob({ folderName: folder.name, fileCount: byName.size }).unwrap()
      handles.current = byName
      setFiles(
        [...byName.values()].map((f) => ({
          name: f.name,
          status: FILE_STATUS.pending,
          association: [],
          type: f.type,
        })),
      )
      setState({ ...INITIAL_FILE_ASSOCIATION, jobId: job.id, folderName: job.folderName, step: 1 })
    } catch (err) {
      enqueueSnackbar(toFailure(err).message || t('syncfiles.createFailed'), { variant: 'error' })
    }
  }

  async function execute() {
    if (!layer) {
      enqueueSnackbar(t('syncfiles.noLayer'), { variant: 'warning' })
      return
    }
    if (s.fields.length === 0) {
      enqueueSnackbar(t('syncfiles.noColumn'), { variant: 'warning' })
      return
    }
    const abort = new AbortController()
    scanAbort.current = abort
    setProgress({ done: 0, total: 0 })
    update({ step: 2 })
    try {
      const found = await scanLayer(dispatch, {
        layer: layer.name,
        fields: s.fields,
        filter: toFilterTree(s.filter, builderFields(layer)),
        files,
        signal: abort.signal,
        onProgress: (done, total) => setProgress({ done, total }),
      })
      setMatches(found.matches)
      setMissing(found.missing)
      update({ step: 3 })
    } catch (err) {
      update({ step: 1 })
      if (err instanceof ScanCancelled) {
        enqueueSnackbar(t('syncfiles.cancelled'), { variant: 'info' })
      } else {
        enqueueSnackbar(toFailure(err).message || t('syncfiles.scanFailed'), { variant: 'error' })
      }
    } finally {
      scanAbort.current = null
    }
  }

  async function runUploads() {
    if (!layer || s.jobId === null) return
    const tasks = uploadTasks(matches)
    setProgress({ done: 0, total: tasks.length })
    update({ step: 4 })
    let current = files
    let done = 0
    await uploadMatches(
      tasks,
      async (task) => {
        const file = [...handles.current.values()].find((f) => f.name.toLowerCase() === task.key)
        if (!file) throw new Error('missing file')
        const form = new FormData()
        form.append('file', file, file.name)
        await upload(`/api/features/${encodeURIComponent(layer.name)}/${task.id}/attachments`, form)
      },
      (task, ok) => {
        current = withResult(current, task, layer.name, ok)
        setFiles(current)
        setProgress({ done: ++done, total: tasks.length })
      },
    )
    const c = countStatuses(current)
    try {
      await saveReport({
        id: s.jobId,
        layerName: layer.name,
        created: c.new,
        updated: c.update,
        pending: c.pending,
        errors: c.error,
      }).unwrap()
    } catch {
      // The report is a record for the administrators; the files are attached all the same.
    }
    update({ step: 5 })
  }

  async function removeJob() {
    setConfirm(null)
    try {
      if (s.jobId !== null) await deleteJob(s.jobId).unwrap()
      enqueueSnackbar(t('syncfiles.deleted'), { variant: 'success' })
      handles.current = new Map()
      setFiles([])
      setMatches([])
      setMissing([])
      setState(INITIAL_FILE_ASSOCIATION)
    } catch {
      enqueueSnackbar(t('syncfiles.deleteFailed'), { variant: 'error' })
    }
  }

  const uploadReportButton = (
    <Button
      variant="outlined"
      onClick={() => downloadCsv(csvFileName('relatorio_associacao'), uploadReport(files))}
    >
      {t('syncfiles.uploadReport')}
    </Button>
  )
  const percent = progress.total > 0 ? (progress.done / progress.total) * 100 : 0

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stepper activeStep={STAGE_OF_STEP[s.step] ?? 0} alternativeLabel>
        {STEPS.map((key) => (
          <Step key={key}>
            <StepLabel>{t(key)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {s.step === 0 && <FolderStep onFolder={onFolder} />}

      {s.step === 1 && !expired && (
        <>
          <Paper
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Box sx={{ flex: 1, minWidth: 240 }}>
              <CounterChips files={files} />
            </Box>
            {uploadReportButton}
            <Button color="error" variant="outlined" onClick={() => setConfirm('delete')}>
              {t('syncfiles.delete')}
            </Button>
            <Button variant="contained" onClick={() => void execute()}>
              {t('syncfiles.execute')}
            </Button>
          </Paper>
          <ConfigureStep state={s} update={update} layers={layers} files={files} />
        </>
      )}

      {(s.step === 2 || s.step === 4) && !expired && (
        <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h3" role="status">
            {s.step === 2 ? t('syncfiles.mapping') : t('syncfiles.uploading')}
          </Typography>
          <LinearProgress
            variant={progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={percent}
          />
          <Typography color="text.secondary">
            {s.step === 2
              ? t('syncfiles.scanProgress', { done: progress.done, total: progress.total })
              : t('syncfiles.uploadProgress', { done: progress.done, total: progress.total })}
          </Typography>
          {s.step === 2 && (
            <Box>
              <Button onClick={() => scanAbort.current?.abort()}>{t('syncfiles.cancel')}</Button>
            </Box>
          )}
        </Paper>
      )}

      {s.step === 3 && !expired && (
        <>
          <Paper
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Box sx={{ flex: 1, minWidth: 240 }}>
              <Typography variant="h6" component="h3">
                {t('syncfiles.missingTitle')}
              </Typography>
              <Typography color="text.secondary">
                {t('syncfiles.matchedSummary', {
                  files: new Set(matches.map((m) => m.key)).size,
                  records: new Set(matches.map((m) => m.id)).size,
                })}
              </Typography>
            </Box>
            <Button onClick={() => update({ step: 1 })}>{t('syncfiles.return')}</Button>
            <Button
              variant="outlined"
              onClick={() =>
                downloadCsv(csvFileName('relatorio_arquivos_ausentes'), missingReport(missing))
              }
            >
              {t('syncfiles.missingReport')}
            </Button>
            <Button variant="contained" onClick={() => setConfirm('execute')}>
              {t('syncfiles.execute')}
            </Button>
          </Paper>
          <MissingTable missing={missing} />
        </>
      )}

      {s.step === 5 && !expired && (
        <>
          <Paper
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Box sx={{ flex: 1, minWidth: 240, display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography variant="h6" component="h3">
                {t('syncfiles.summaryTitle')}
              </Typography>
              <CounterChips files={files} />
            </Box>
            {uploadReportButton}
            <Button variant="contained" onClick={() => update({ step: 1 })}>
              {t('syncfiles.back')}
            </Button>
          </Paper>
          <FilesTable files={files} />
        </>
      )}

      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('syncfiles.deleteTitle')}
        text={t('syncfiles.deleteConfirm')}
        confirmLabel={t('syncfiles.delete')}
        onClose={() => setConfirm(null)}
        onConfirm={removeJob}
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
          void runUploads()
        }}
      />
    </Box>
  )
}
