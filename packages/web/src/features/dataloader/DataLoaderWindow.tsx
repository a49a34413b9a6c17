import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { useDispatch } from 'react-redux'
import { api } from '../../api/base-api'
import { useGetPermissionsQuery } from '../../api/session.api'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useMutationToast } from '../../components/use-mutation-toast'
import { removeWindow } from '../../state/workspace-slice'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import type { WindowProps } from '../../windows/window-type'
import { emptyMappings, needsCrs } from './column-mappings'
import { ConfigTab } from './ConfigTab'
import {
  useCancelImportMutation,
  useDeleteImportMutation,
  useExecuteImportMutation,
  useGetImportQuery,
  useImportReportQuery,
  useImportStatusQuery,
  useUndoImportMutation,
} from './dataloader.api'
import { INITIAL_DATALOADER, type DataLoaderState } from './dataloader-state'
import type { ImportConfig, ImportJob, ImportTemplate } from './dataloader-types'
import { RowsTable } from './RowsTable'
import { SaveTemplateDialog, TemplatesDialog } from './TemplateDialogs'
import { UploadStep } from './UploadStep'
import { JOB_POLL_MS } from '../../components/JobProgressDialog'

const STEPS = [
  'dataloader.stepImport',
  'dataloader.stepMap',
  'dataloader.stepProcess',
  'dataloader.stepSummary',
] as const

/** Spec 2 §9: status polled every second. */

/** A template's metadata over a fresh config of this job (spec 2 §4.1). */
function fromTemplate(job: ImportJob, template: ImportTemplate): ImportConfig {
  const m = template.metadata
  const mappings = emptyMappings(job).map((e) => {
    const saved = m.mappings?.find((x) => x.source === e.source)
    return saved ? { ...e, ...saved, index: e.index } : e
  })
  return {
    destinyType: m.destinyType ?? 0,
    layerName: m.layerName ?? '',
    layerTitle: m.layerTitle ?? '',
    mappings,
    spatializeType: m.spatializeType ?? 'none',
    spatializeMode: m.spatializeMode ?? 'none',
    spatializeSourceAttribute: m.spatializeSourceAttribute ?? null,
    spatializeVertices: m.spatializeVertices ?? [],
    sourceSrid: m.sourceSrid ?? null,
  }
}

const pt = (n: number | undefined) => (n === undefined ? undefined : n.toLocaleString('pt-BR'))

/** IMPORTAR DADOS (spec 2 §2.1): Importar, Mapear, Processamento, Resumo. */
export function DataLoaderWindow({ windowId, state, setState }: WindowProps<DataLoaderState>) {
  const s = state ?? INITIAL_DATALOADER
  const update = (next: Partial<DataLoaderState>) => setState({ ...s, ...next })
  const dispatch = useDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const attempt = useMutationToast()
  const {
    data: job,
    isError: jobFailed,
    refetch: refetchJob,
  } = useGetImportQuery(s.jobId ?? skipToken)
  const descriptions = useGetLayerDescriptionsQuery().data
  const permissions = useGetPermissionsQuery().data
  const writable = useMemo(
    () =>
      (descriptions ?? [])
        .filter((l) => {
          const p = permissions?.layers[l.name]
          return p && (p.createFeature || p.updateFeature)
        })
        .sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    [descriptions, permissions],
  )
  const [confirm, setConfirm] = useState<'execute' | 'delete' | 'cancel' | 'undo' | null>(null)
  const [dialog, setDialog] = useState<'templates' | 'save' | null>(null)
  const [run, setRun] = useState(0)
  const [execute] = useExecuteImportMutation()
  const [remove] = useDeleteImportMutation()
  const [cancelRun] = useCancelImportMutation()
  const [undo] = useUndoImportMutation()
  const startedAt = useRef(0)
  const mode = s.mode ?? 'execute'
  const status = useImportStatusQuery(s.step === 2 && s.jobId ? s.jobId : skipToken, {
    pollingInterval: JOB_POLL_MS,
  })
  const report = useImportReportQuery(s.step === 3 && s.jobId ? { id: s.jobId, run } : skipToken)

  useEffect(() => {
    if (jobFailed) enqueueSnackbar(t('dataloader.loadFailed'), { variant: 'error' })
  }, [jobFailed, enqueueSnackbar])
  useEffect(() => {
    if (status.isError) enqueueSnackbar(t('dataloader.statusFailed'), { variant: 'error' })
  }, [status.isError, status.fulfilledTimeStamp, enqueueSnackbar])
  useEffect(() => {
    if (report.isError) enqueueSnackbar(t('dataloader.reportFailed'), { variant: 'error' })
  }, [report.isError, enqueueSnackbar])
  const onStatus = useEffectEvent(() => {
    const done = status.data?.status
    if (s.step !== 2) return
    // A status read before this run started (the execution's last, cached) is not its end.
    if ((status.fulfilledTimeStamp ?? 0) < startedAt.current) return
    if (done === 'CANCELLED') {
      enqueueSnackbar(t('dataloader.cancelled'), { variant: 'warning' })
      setRun((r) => r + 1)
      update({ step: 1, mode: 'execute' })
    } else if (done === 'COMPLETE' || done === 'ERROR') {
      if (done === 'ERROR' && status.data?.message) {
        enqueueSnackbar(status.data.message, { variant: 'error' })
      } else if (mode === 'undo') {
        enqueueSnackbar(t('dataloader.undone'), { variant: 'success' })
      }
      if (mode === 'undo') void refetchJob()
      setRun((r) => r + 1)
      update({ step: 3, mode: 'execute' })
    }
  })
  useEffect(() => onStatus(), [status.data?.status, status.fulfilledTimeStamp, s.step])

  async function stopRun() {
    setConfirm(null)
    const id = s.jobId
    if (!id) return
    await attempt(() => cancelRun(id).unwrap(), undefined, t('common.requestFailed'))
  }

  async function undoRun() {
    setConfirm(null)
    const id = s.jobId
    if (!id) return
    if (await attempt(() => undo(id).unwrap(), undefined, t('common.requestFailed'))) {
      startedAt.current = Date.now()
      update({ step: 2, mode: 'undo' })
    }
  }

  async function runImport() {
    setConfirm(null)
    if (!s.jobId || !s.config) return
    try {
      await execute({ id: s.jobId, config: s.config }).unwrap()
      startedAt.current = Date.now()
      if (s.config.destinyType === 1) {
        // The new layer exists now: the catalogue reloads, and a new run updates it.
        enqueueSnackbar(t('dataloader.newLayerCreated'), { variant: 'success' })
        dispatch(api.util.invalidateTags(['Layers', 'Permissions']))
        update({ step: 2, mode: 'execute', config: { ...s.config, destinyType: 0 } })
      } else {
        update({ step: 2, mode: 'execute' })
      }
    } catch (err) {
      const detail = (err as { message?: string }).message
      enqueueSnackbar(
        detail ? `${t('dataloader.executeFailed')} ${detail}` : t('dataloader.executeFailed'),
        {
          variant: 'error',
        },
      )
    }
  }

  async function deleteJob() {
    setConfirm(null)
    if (!s.jobId) return
    try {
      await remove(s.jobId).unwrap()
      enqueueSnackbar(t('dataloader.deleted'), { variant: 'success' })
      dispatch(removeWindow(windowId))
    } catch {
      enqueueSnackbar(t('dataloader.deleteFailed'), { variant: 'error' })
    }
  }

  const canExecute =
    Boolean(s.config?.mappings.some((m) => m.destiny)) && !(job && needsCrs(job, s.config))
  const counts = status.data?.counts
  const written = (report.data?.created ?? 0) + (report.data?.updated ?? 0)
  const undoable = !!job && !job.undone && written > 0 && !report.data?.pending

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflow: 'auto' }}>
      <Stepper activeStep={s.step} sx={{ p: 2 }} alternativeLabel>
        {STEPS.map((key) => (
          <Step key={key}>
            <StepLabel>{t(key)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {s.step === 0 && (
        <UploadStep onUploaded={(jobId) => setState({ jobId, step: 1, tab: 'config' })} />
      )}
      {s.step === 1 && job && (
        <Box sx={{ px: 2, pb: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <Button variant="outlined" onClick={() => setDialog('templates')}>
              {t('dataloader.chooseTemplate')}
            </Button>
            <Button variant="outlined" disabled={!s.config} onClick={() => setDialog('save')}>
              {t('dataloader.saveTemplate')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirm('delete')}>
              {t('dataloader.delete')}
            </Button>
            <Button
              variant="contained"
              disabled={!canExecute}
              onClick={() => setConfirm('execute')}
            >
              {t('dataloader.execute')}
            </Button>
          </Box>
          <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            <Info label={t('dataloader.file')} value={job.filename} />
            <Info label={t('dataloader.user')} value={job.user} />
            <Info
              label={t('dataloader.createdDate')}
              value={new Date(job.createdDate).toLocaleString('pt-BR')}
            />
          </Paper>
          <Tabs value={s.tab} onChange={(_e, tab: DataLoaderState['tab']) => update({ tab })}>
            <Tab value="config" label={t('dataloader.tabConfig')} />
            <Tab value="data" label={t('dataloader.tabData')} />
          </Tabs>
          {s.tab === 'config' ? (
            <ConfigTab
              job={job}
              config={s.config}
              layers={writable}
              onChange={(config) => update({ config })}
            />
          ) : (
            <RowsTable job={job} run={run} title={t('dataloader.tabData')} />
          )}
        </Box>
      )}
      {s.step === 2 && (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" gutterBottom>
            {mode === 'undo' ? t('dataloader.undoing') : t('dataloader.inProgress')}
          </Typography>
          <LinearProgress
            variant={status.data?.progress.max ? 'determinate' : 'indeterminate'}
            value={
              status.data?.progress.max
                ? Math.min(100, (100 * status.data.progress.value) / status.data.progress.max)
                : 0
            }
          />
          {mode === 'execute' && counts && (
            <Typography variant="body2" sx={{ mt: 2 }} data-testid="dataloader-counts">
              {t('dataloader.progressCounts', {
                read: pt(counts.read)!,
                validated: pt(counts.validated)!,
                written: pt(counts.written)!,
                errors: pt(counts.errors)!,
              })}
            </Typography>
          )}
          {mode === 'execute' && (
            <Button sx={{ mt: 2 }} color="error" onClick={() => setConfirm('cancel')}>
              {t('dataloader.cancel')}
            </Button>
          )}
        </Box>
      )}
      {s.step === 3 && job && (
        <Box sx={{ px: 2, pb: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              {t('dataloader.summary')}
            </Typography>
            {undoable && (
              <Button variant="outlined" color="error" onClick={() => setConfirm('undo')}>
                {t('dataloader.undo')}
              </Button>
            )}
            <Button variant="outlined" onClick={() => update({ step: 1 })}>
              {t('dataloader.back')}
            </Button>
          </Box>
          {job.undone && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="dataloader-undone">
              {t('dataloader.undoneBy', {
                by: job.undone.by,
                date: new Date(job.undone.at).toLocaleString('pt-BR'),
              })}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            <Info label={t('dataloader.created')} value={pt(report.data?.created)} />
            <Info label={t('dataloader.updated')} value={pt(report.data?.updated)} />
            <Info label={t('dataloader.pending')} value={pt(report.data?.pending)} />
            <Info label={t('dataloader.errors')} value={pt(report.data?.errors)} />
          </Paper>
          <RowsTable job={job} run={run} title={t('dataloader.tabData')} />
        </Box>
      )}
      <ConfirmDialog
        open={confirm === 'execute'}
        title={t('dataloader.execute')}
        text={t('dataloader.executeConfirm')}
        confirmLabel={t('dataloader.execute')}
        danger={false}
        onConfirm={runImport}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        title={t('dataloader.cancel')}
        text={t('dataloader.cancelConfirm')}
        confirmLabel={t('dataloader.cancelRun')}
        onConfirm={stopRun}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'undo'}
        title={t('dataloader.undo')}
        text={t('dataloader.undoConfirm')}
        confirmLabel={t('dataloader.undo')}
        onConfirm={undoRun}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('dataloader.delete')}
        text={t('dataloader.deleteConfirm')}
        onConfirm={deleteJob}
        onClose={() => setConfirm(null)}
      />
      {dialog === 'templates' && job && (
        <TemplatesDialog
          onClose={() => setDialog(null)}
          onChoose={(template) => {
            setDialog(null)
            update({ config: fromTemplate(job, template), tab: 'config' })
          }}
        />
      )}
      {dialog === 'save' && s.config && (
        <SaveTemplateDialog config={s.config} onClose={() => setDialog(null)} />
      )}
    </Box>
  )
}

function Info({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" data-testid={`dataloader-${label}`}>
        {value ?? '–'}
      </Typography>
    </Box>
  )
}
