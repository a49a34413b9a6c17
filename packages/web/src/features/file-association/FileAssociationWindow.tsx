import PhotoLibrary from '@mui/icons-material/PhotoLibrary'
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
  indexValues,
  missingFiles,
  planFiles,
  type FileEntry,
  type MissingFileEntry,
} from '@gis/shared/syncfiles'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useRef, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { useGetPermissionsQuery } from '../../api/session.api'
import { useUpload } from '../../api/upload'
import { useIsAdmin } from '../../app/session'
import { useAppDispatch } from '../../app/store'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useUrlToken } from '../feature-form'
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
import { ConfigureStep, photoFieldOf } from './ConfigureStep'
import { INITIAL_FILE_ASSOCIATION, type FileAssociationState } from './file-association-state'
import { downloadCsv, folderAccessSupported, type PickedFolder } from './folder-read'
import { FolderStep } from './FolderStep'
import {
  useCreateSyncFilesJobMutation,
  useDeleteSyncFilesJobMutation,
  useGetSyncFilesFilesQuery,
  useGetSyncFilesSampleQuery,
  useSaveSyncFilesFilesMutation,
  useSaveSyncFilesReportMutation,
} from './syncfiles.api'
import { FilesTable, MissingTable } from './tables'
import { applyPlan, fromServer, withResult, type UploadTask } from './upload-plan'

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

/** The demo's sample folder, to show the tool on the demo data (decision 65). */
function SampleFolderLink() {
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
  const [saveFiles] = useSaveSyncFilesFilesMutation()
  const { data: layerList } = useGetLayerDescriptionsQuery()
  const permissions = useGetPermissionsQuery().data
  /** What the job on the server holds: after a reload, what was sent and why the rest waits. */
  const jobFiles = useGetSyncFilesFilesQuery(s.jobId ?? skipToken)

  /** The folder's files live in the page; what was done with them is the job's (decision 65). */
  const [files, setFiles] = useState<FileEntry[]>([])
  const handles = useRef(new Map<string, File>())
  const [tasks, setTasks] = useState<UploadTask[]>([])
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
  /** The page was reloaded: the job's files are shown, the folder must be picked again. */
  const restored = s.step > 0 && handles.current.size === 0

  // After a reload: the files as the job has them; a scan or upload cut short goes back to 1.
  useEffect(() => {
    if (!jobFiles.data || handles.current.size > 0) return
    setFiles(jobFiles.data.files.map(fromServer))
    if (latest.current.step >= 2 && latest.current.step <= 4) {
      setState({ ...latest.current, step: 1 })
    }
  }, [jobFiles.data, setState])
  useEffect(() => {
    if (!jobFiles.isError || handles.current.size > 0) return
    enqueueSnackbar(toFailure(jobFiles.error).message || t('syncfiles.accessExpired'), {
      variant: 'warning',
    })
    setState(INITIAL_FILE_ASSOCIATION)
  }, [jobFiles.isError, jobFiles.error, enqueueSnackbar, setState])

  async function onFolder(folder: PickedFolder) {
    const byName = new Map<string, File>()
    for (const f of folder.files) if (!byName.has(f.name)) byName.set(f.name, f)
    const continuing = s.jobId !== null
    try {
      let jobId = s.jobId
      let folderName = s.folderName
      if (jobId === null) {
        const job = await createJob({ folderName: folder.name, fileCount: byName.size }).unwrap()
        jobId = job.id
        folderName = job.folderName
      }
      const known = new Map(files.map((f) => [f.name, f]))
      const saved = await saveFiles({
        id: jobId,
        files: [...byName.values()].map((f) => ({
          name: f.name,
          size: f.size,
          type: f.type,
          reason: known.get(f.name)?.reason ?? null,
        })),
      }).unwrap()
      handles.current = byName
      setFiles(saved.map(fromServer))
      setTasks([])
      setMissing([])
      if (continuing) update({ step: 1 })
      else setState({ ...INITIAL_FILE_ASSOCIATION, jobId, folderName, step: 1 })
    } catch (err) {
      enqueueSnackbar(toFailure(err).message || t('syncfiles.createFailed'), { variant: 'error' })
    }
  }

  /** The files' reasons kept with the job, so a reload still says why each waits. */
  async function keepReasons(list: readonly FileEntry[]) {
    if (s.jobId === null) return
    try {
      await saveFiles({
        id: s.jobId,
        files: list
          .filter((f) => handles.current.has(f.name))
          .map((f) => ({ name: f.name, size: f.size, type: f.type, reason: f.reason })),
      }).unwrap()
    } catch {
      // The reasons are shown all the same; only a reload would lose them.
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
    if (handles.current.size === 0) {
      enqueueSnackbar(t('syncfiles.repick', { folder: s.folderName }), { variant: 'warning' })
      return
    }
    const abort = new AbortController()
    scanAbort.current = abort
    setProgress({ done: 0, total: 0 })
    update({ step: 2 })
    try {
      const values = await scanLayer(dispatch, {
        layer: layer.name,
        fields: s.fields,
        filter: toFilterTree(s.filter, builderFields(layer)),
        signal: abort.signal,
        onProgress: (done, total) => setProgress({ done, total }),
      })
      const plan = planFiles(
        files.filter((f) => handles.current.has(f.name)),
        indexValues(values),
        {
          photoField: photoFieldOf(layer, s.imageField),
          maxBytes: jobFiles.data?.maxBytes ?? null,
        },
      )
      const applied = applyPlan(files, plan, layer.name)
      const matchedKeys = new Set(plan.flatMap((p) => (p.ids ? [p.key] : [])))
      setMissing(missingFiles(values, matchedKeys, layer.name))
      setTasks(applied.tasks)
      setFiles(applied.files)
      update({ step: 3 })
      await keepReasons(applied.files)
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
    const jobId = s.jobId
    setProgress({ done: 0, total: tasks.length })
    update({ step: 4 })
    let current = files
    let done = 0
    await uploadMatches(
      tasks,
      async (task) => {
        const file = handles.current.get(task.file)
        if (!file) throw new Error(t('syncfiles.repick', { folder: s.folderName }))
        const form = new FormData()
        form.append('file', file, file.name)
        const query = new URLSearchParams({
          file: task.file,
          layer: layer.name,
          id: String(task.id),
        })
        if (s.imageField) query.set('field', s.imageField)
        await upload(`/api/syncfiles/${jobId}/attach?${query}`, form)
      },
      (task, result) => {
        current = withResult(current, task, layer.name, result)
        setFiles(current)
        setProgress({ done: ++done, total: tasks.length })
      },
    )
    setTasks([])
    await keepReasons(current.filter((f) => f.status === FILE_STATUS.error))
    const c = countStatuses(current)
    try {
      await saveReport({
        id: jobId,
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
      setTasks([])
      setMissing([])
      setState(INITIAL_FILE_ASSOCIATION)
    } catch {
      enqueueSnackbar(t('syncfiles.deleteFailed'), { variant: 'error' })
    }
  }

  const repick = restored && (s.step === 1 || s.step === 5) && (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Alert severity="info">{t('syncfiles.repick', { folder: s.folderName })}</Alert>
      <FolderStep onFolder={onFolder} compact />
    </Paper>
  )
  /** The files that wait, each with its reason (step 3). */
  const pendingFiles = files.filter((f) => f.status !== FILE_STATUS.created && f.reason !== null)
  const toSend = useMemo(() => new Set(tasks.map((task) => task.file)), [tasks])

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
          <FolderStep onFolder={onFolder} />
          <SampleFolderLink />
        </>
      )}

      {repick}

      {s.step === 1 && (
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
          <ConfigureStep state={s} update={update} layers={layers} files={files} toSend={toSend} />
        </>
      )}

      {(s.step === 2 || s.step === 4) && !restored && (
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

      {s.step === 3 && !restored && (
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
                  files: new Set(tasks.map((m) => m.file)).size,
                  records: new Set(tasks.map((m) => m.id)).size,
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
      )}

      {s.step === 5 && (
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
