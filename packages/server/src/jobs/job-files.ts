import type { Db } from '../db/types'
import type { BlobStorage } from '../storage/file-storage'
import { takeExpiredExportFiles } from './job-files.sql'

// The file a job leaves for its user (an export, a report): kept in `app.export_files` for a
// while, then swept.

/** A finished job's file stays downloadable this long, then it is deleted. */
export const FILE_KEEP_HOURS = 24

/** What a job that leaves a file answers (the repository shows it). */
export interface JobFileResult {
  filename: string
  contentType: string
  size: number
  rows: number
}

/** Deletes the files of expired jobs (a few at a time, on each new export or report). */
export async function sweepExpiredFiles(deps: { db: Db; storage: BlobStorage }): Promise<void> {
  const keys = await takeExpiredExportFiles(deps.db, 100)
  for (const key of keys) await deps.storage.delete(key)
}
