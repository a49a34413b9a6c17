import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { StorageLocation } from '../src/storage/storage-location'
import { storedS3Keys } from './s3'

/** The keys a test app's store holds, on disk or in its bucket (to see what a call left). */
export async function storedFiles(location: StorageLocation, dataDir: string): Promise<string[]> {
  if (location.kind === 's3') {
    const skip = location.prefix ? location.prefix.length + 1 : 0
    return (await storedS3Keys(location)).map((k) => k.slice(skip)).sort()
  }
  const root = location.root ?? path.join(dataDir, 'files')
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort()
  } catch {
    return []
  }
}
