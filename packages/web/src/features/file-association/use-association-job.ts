import type { FileEntry, MissingFileEntry } from '@gis/shared/syncfiles'
import { t } from '@gis/shared/i18n'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useRef, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { useGetPermissionsQuery } from '../../api/session.api'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import type { WindowProps } from '../../windows/window-type'
import { INITIAL_FILE_ASSOCIATION, type FileAssociationState } from './file-association-state'
import type { PickedFolder } from './folder-read'
import {
  useCreateSyncFilesJobMutation,
  useDeleteSyncFilesJobMutation,
  useGetSyncFilesFilesQuery,
  useSaveSyncFilesFilesMutation,
} from './syncfiles.api'
import { fromServer, type UploadTask } from './upload-plan'

/** The layers a user may attach files to: readable, with attachments allowed; by title. */
function useAttachableLayers() {
  const { data: layerList } = useGetLayerDescriptionsQuery()
  const permissions = useGetPermissionsQuery().data
  return useMemo(
    () =>
      [...(layerList ?? [])]
        .filter((l) => {
          const p = permissions?.layers[l.name]
          return permissions?.admin || (p?.readFeature && p.createFeatureAttachment)
        })
        .sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    [layerList, permissions],
  )
}

/**
 * The association job: the window's saved state, the folder's files (in the page) and what
 * the job on the server holds (after a reload, what was sent and why the rest waits), the
 * folder picked (a new job, or the same one continued), and the job's deletion.
 */
export function useAssociationJob({ state, setState }: WindowProps<FileAssociationState>) {
  const s = state ?? INITIAL_FILE_ASSOCIATION
  const latest = useRef(s)
  latest.current = s
  const update = (patch: Partial<FileAssociationState>) => setState({ ...latest.current, ...patch })
  const { enqueueSnackbar } = useSnackbar()
  const [createJob] = useCreateSyncFilesJobMutation()
  const [deleteJob] = useDeleteSyncFilesJobMutation()
  const [saveFiles] = useSaveSyncFilesFilesMutation()
  /** What the job on the server holds: after a reload, what was sent and why the rest waits. */
  const jobFiles = useGetSyncFilesFilesQuery(s.jobId ?? skipToken)

  /** The folder's files live in the page; what was done with them is the job's (decision 65). */
  const [files, setFiles] = useState<FileEntry[]>([])
  const handles = useRef(new Map<string, File>())
  const [tasks, setTasks] = useState<UploadTask[]>([])
  const [missing, setMissing] = useState<MissingFileEntry[]>([])

  const layers = useAttachableLayers()
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

  async function removeJob() {
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

  return {
    s,
    update,
    setState,
    files,
    setFiles,
    handles,
    tasks,
    setTasks,
    missing,
    setMissing,
    layers,
    layer,
    restored,
    maxBytes: jobFiles.data?.maxBytes ?? null,
    onFolder,
    keepReasons,
    removeJob,
  }
}

export type AssociationJob = ReturnType<typeof useAssociationJob>
