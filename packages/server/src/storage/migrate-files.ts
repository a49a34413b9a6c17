import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { createHash } from 'node:crypto'
import { createReadStream, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { checkedKey } from './file-storage'
import { isMissing, s3Client, s3ObjectKey, type S3Location } from './s3-storage'

export interface MigrationSummary {
  /** Files written to the bucket now. */
  copied: number
  /** Files the bucket already held with the same size. */
  present: number
  /** Copies read back whose size and SHA-256 are the disk file's. */
  verified: number
  /** Files not stored by the product (a `.part` left by a failed upload, say): left alone. */
  ignored: string[]
  /** Keys that could not be copied or whose copy differs, with the reason. */
  failed: { key: string; reason: string }[]
}

async function sha256(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    hash.update(chunk)
  }
  return { size, sha256: hash.digest('hex') }
}

/** The product's keys under a disk store's root, and what else is there. */
function diskKeys(root: string): { keys: string[]; ignored: string[] } {
  const keys: string[] = []
  const ignored: string[] = []
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const name = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep)
    const key = name.join('/')
    try {
      keys.push(checkedKey(key))
    } catch {
      ignored.push(key)
    }
  }
  return { keys: keys.sort(), ignored: ignored.sort() }
}

/**
 * Copies the files of a disk store into a bucket under the same keys (the database names
 * them by key, so nothing else changes), skipping those already there with the same size,
 * then reads every copy back and compares its size and SHA-256 with the file on disk.
 */
export async function migrateFiles(
  root: string,
  location: S3Location,
  client: S3Client = s3Client(location),
  progress: (done: number, total: number) => void = () => {},
): Promise<MigrationSummary> {
  const { keys, ignored } = diskKeys(root)
  const summary: MigrationSummary = { copied: 0, present: 0, verified: 0, ignored, failed: [] }
  const Bucket = location.bucket
  let done = 0
  for (const key of keys) {
    const file = path.join(root, ...key.split('/'))
    const Key = s3ObjectKey(location, key)
    try {
      const local = await sha256(createReadStream(file))
      const there = await client
        .send(new HeadObjectCommand({ Bucket, Key }))
        .then((h) => h.ContentLength ?? -1)
        .catch((err: unknown) => {
          if (isMissing(err)) return undefined
          throw err
        })
      if (there === local.size) summary.present += 1
      else {
        await new Upload({ client, params: { Bucket, Key, Body: createReadStream(file) } }).done()
        summary.copied += 1
      }
      const copy = await client.send(new GetObjectCommand({ Bucket, Key }))
      const read = await sha256(copy.Body as Readable)
      if (read.size === local.size && read.sha256 === local.sha256) summary.verified += 1
      else summary.failed.push({ key, reason: 'a cópia difere do arquivo em disco' })
    } catch (err) {
      summary.failed.push({ key, reason: err instanceof Error ? err.message : String(err) })
    }
    progress(++done, keys.length)
  }
  return summary
}
