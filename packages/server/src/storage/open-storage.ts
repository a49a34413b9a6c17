import path from 'node:path'
import { createFileStorage, type BlobStorage } from './file-storage'
import type { StorageLocation } from './storage-location'

/** The store of a location; the S3 client, a large package, is loaded only for a bucket. */
export async function openStorage(
  location: StorageLocation,
  dataDir: string,
): Promise<BlobStorage> {
  if (location.kind === 'disk') {
    return createFileStorage(location.root ?? path.join(dataDir, 'files'))
  }
  const { createS3Storage } = await import('./s3-storage')
  return createS3Storage(location)
}
