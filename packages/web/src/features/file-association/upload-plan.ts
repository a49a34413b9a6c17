import type { SyncFilesFile } from '@gis/shared'
import { FILE_STATUS, type FileEntry, type FilePlan } from '@gis/shared/syncfiles'

/** Pure steps of the association (steps 3 and 4), kept apart from the calls for unit tests. */

/** One send: a file of the folder to a record. */
export interface UploadTask {
  file: string
  id: number
}

/** A file as the job on the server has it: sent (Criado), failed (Erro) or pending. */
export function fromServer(f: SyncFilesFile): FileEntry {
  const status =
    f.association.length > 0
      ? FILE_STATUS.created
      : f.reason?.code === 'uploadFailed'
        ? FILE_STATUS.error
        : FILE_STATUS.pending
  return {
    name: f.name,
    size: f.size,
    type: f.type,
    reason: f.reason,
    association: f.association,
    status,
  }
}

/**
 * The scan's plan applied to the files: a file that waits gets its reason; a file going to a
 * record it was not sent to yet becomes a send (one per file and record). A file already sent
 * stays Criado.
 */
export function applyPlan(
  files: readonly FileEntry[],
  plan: readonly FilePlan[],
  layer: string,
): { files: FileEntry[]; tasks: UploadTask[] } {
  const byName = new Map(plan.map((p) => [p.name, p]))
  const tasks: UploadTask[] = []
  const next = files.map((f) => {
    const p = byName.get(f.name)
    if (!p) return f
    const sent = f.association.length > 0
    const status = sent ? FILE_STATUS.created : FILE_STATUS.pending
    if (p.reason) return { ...f, status, reason: sent ? null : p.reason }
    for (const id of p.ids) {
      if (!f.association.some((a) => a.name === layer && a.id === id))
        tasks.push({ file: f.name, id })
    }
    return { ...f, status, reason: null }
  })
  return { files: next, tasks }
}

/** The files after one send's answer: Criado with the record, or Erro with the server's reason. */
export function withResult(
  files: readonly FileEntry[],
  task: UploadTask,
  layer: string,
  result: { ok: true } | { ok: false; message: string },
): FileEntry[] {
  return files.map((f) => {
    if (f.name !== task.file) return f
    if (!result.ok) {
      return {
        ...f,
        status: FILE_STATUS.error,
        reason: { code: 'uploadFailed' as const, message: result.message.slice(0, 500) },
      }
    }
    const known = f.association.some((a) => a.name === layer && a.id === task.id)
    return {
      ...f,
      status: f.status === FILE_STATUS.error ? f.status : FILE_STATUS.created,
      reason: f.status === FILE_STATUS.error ? f.reason : null,
      association: known ? f.association : [...f.association, { name: layer, id: task.id }],
    }
  })
}
