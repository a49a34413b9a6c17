import { t } from '@gis/shared/i18n'
import {
  countStatuses,
  FILE_STATUS,
  indexValues,
  missingFiles,
  planFiles,
} from '@gis/shared/syncfiles'
import { useSnackbar } from 'notistack'
import { useRef, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { useUpload } from '../../api/upload'
import { useAppDispatch } from '../../state/root-state'
import { builderFields, toFilterTree } from '../../components/filter-builder'
import { ScanCancelled, scanLayer, uploadMatches } from './association-run'
import { photoFieldOf } from './ConfigureStep'
import { useSaveSyncFilesReportMutation } from './syncfiles.api'
import { applyPlan, withResult } from './upload-plan'
import type { AssociationJob } from './use-association-job'

/**
 * The job's two runs: EXECUTAR reads the layer's records and plans each file (step 2, then
 * 3), the confirmed EXECUTAR sends the matches and records the report (step 4, then 5).
 */
export function useAssociationRun(job: AssociationJob) {
  const { s, update, files, setFiles, handles, tasks, setTasks, setMissing, layer } = job
  const { keepReasons } = job
  const dispatch = useAppDispatch()
  const upload = useUpload()
  const { enqueueSnackbar } = useSnackbar()
  const [saveReport] = useSaveSyncFilesReportMutation()
  const [progress, setProgress] = useState({ done: 0, total: 0 })
  const scanAbort = useRef<AbortController | null>(null)

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
          maxBytes: job.maxBytes,
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

  return { progress, execute, runUploads, cancelScan: () => scanAbort.current?.abort() }
}
