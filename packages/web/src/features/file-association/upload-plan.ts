import { FILE_STATUS, matchKey, type FileEntry, type RecordMatch } from '@gis/shared/syncfiles'

/** Pure steps of the upload (step 4), kept apart from the calls so they are unit-tested. */

/** One upload: a file of the folder to a record. */
export interface UploadTask {
  key: string
  id: number
}

/** The files after one upload's answer. */
export function withResult(
  files: readonly FileEntry[],
  task: UploadTask,
  layer: string,
  ok: boolean,
): FileEntry[] {
  return files.map((f) => {
    if (matchKey(f.name) !== task.key) return f
    if (!ok) return { ...f, status: FILE_STATUS.error }
    const known = f.association.some((a) => a.name === layer && a.id === task.id)
    return {
      ...f,
      status: f.status === FILE_STATUS.error ? f.status : FILE_STATUS.created,
      association: known ? f.association : [...f.association, { name: layer, id: task.id }],
    }
  })
}

/** The distinct uploads of the matches (one per file and record). */
export function uploadTasks(matches: readonly RecordMatch[]): UploadTask[] {
  const seen = new Set<string>()
  return matches.filter((m) => {
    const k = `${m.key}\n${m.id}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
