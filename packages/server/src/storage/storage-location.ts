import path from 'node:path'
import type { S3Location } from './s3-storage'

/** Where the product keeps its files (STORAGE_URL). */
export type StorageLocation =
  /** Files on disk under `root`; none: DATA_DIR/files. */
  { kind: 'disk'; root?: string } | ({ kind: 's3' } & S3Location)

// S3's rules for a bucket's name (3–63 lower-case letters, digits, dots and hyphens).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

/**
 * STORAGE_URL: unset → DATA_DIR/files; a path or `file:///path` → that folder (a disk shared
 * by the processes, say); `s3://bucket[/prefix]` → that bucket, at `S3_ENDPOINT` when set (a
 * non-AWS server), in `AWS_REGION`. A malformed value stops the start.
 */
export function storageLocation(env: NodeJS.ProcessEnv): StorageLocation {
  const url = env.STORAGE_URL?.trim()
  if (!url) return { kind: 'disk' }
  if (url.startsWith('file://')) return { kind: 'disk', root: path.resolve(new URL(url).pathname) }
  if (!url.startsWith('s3://')) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
      throw new Error(
        `STORAGE_URL must be a folder, file:///folder or s3://bucket/prefix, got "${url}"`,
      )
    }
    return { kind: 'disk', root: path.resolve(url) }
  }
  const [bucket = '', ...folders] = url.slice('s3://'.length).split('/')
  const prefix = folders.filter(Boolean).join('/')
  if (!BUCKET.test(bucket) || folders.some((f) => f === '.' || f === '..')) {
    throw new Error(`STORAGE_URL names no valid bucket and prefix: "${url}"`)
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    throw new Error(`S3_ENDPOINT must be http(s)://host[:port], got "${endpoint}"`)
  }
  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || 'us-east-1'
  return { kind: 's3', bucket, prefix, endpoint, region }
}
