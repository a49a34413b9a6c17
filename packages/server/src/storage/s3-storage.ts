import {
  DeleteObjectCommand,
  GetObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { asStream, checkedKey, meter, newKey, type BlobStorage } from './file-storage'

/** Where the files live in an S3-compatible store. */
export interface S3Location {
  bucket: string
  /** Folder of the bucket holding the keys ('' for its root). */
  prefix: string
  /** A non-AWS server (MinIO, Ceph, s3rver…): addressed by path, not by virtual host. */
  endpoint?: string
  region: string
}

// Parts of 8 MiB, two sent at a time: an upload holds at most about 16 MiB in memory.
const PART_BYTES = 8 * 1024 * 1024
const PARTS_AT_ONCE = 2

/** The client of a location; credentials from the SDK's usual chain (AWS_ACCESS_KEY_ID…). */
export function s3Client(location: S3Location): S3Client {
  // On Node 20 the SDK warns at its first client about its releases of 2027; this pinned
  // release runs on Node 20 (package.json's engines), so the warning would only alarm.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const config: S3ClientConfig = {
    region: location.region,
    // Many S3-compatible servers do not understand the SDK's default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
  if (location.endpoint)
    Object.assign(config, { endpoint: location.endpoint, forcePathStyle: true })
  return new S3Client(config)
}

/** The bucket's name for one of our keys (behind the location's prefix). */
export function s3ObjectKey(location: S3Location, key: string): string {
  return location.prefix ? `${location.prefix}/${checkedKey(key)}` : checkedKey(key)
}

/** Whether an S3 error says the object is not there. */
export function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

/**
 * Files in a bucket, under the same keys as on disk (behind the location's prefix). Uploads
 * stream in parts; past `maxBytes` the upload is aborted and nothing stays in the bucket.
 */
export function createS3Storage(location: S3Location, client = s3Client(location)): BlobStorage {
  const Bucket = location.bucket
  const objectKey = (key: string) => s3ObjectKey(location, key)

  return {
    async put(content, options = {}) {
      const key = newKey(options.suffix)
      const counted = meter(options.maxBytes)
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: counted },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
      })
      // An upload that fails stops reading: the source must not wait for it forever.
      const sent = upload.done().catch((err: unknown) => {
        counted.destroy(err as Error)
        throw err
      })
      const [fed, done] = await Promise.allSettled([pipeline(asStream(content), counted), sent])
      if (fed.status === 'rejected' || done.status === 'rejected') {
        await upload.abort().catch(() => undefined)
        // A file of one part is written at its end: gone with the abort, or never written.
        await client
          .send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
          .catch(() => undefined)
        // The source's reason first: FileTooLarge, or the client's own error.
        throw fed.status === 'rejected' ? fed.reason : (done as PromiseRejectedResult).reason
      }
      return { key, ...counted.result() }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }))
        return { stream: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) }
      } catch (err) {
        if (isMissing(err)) return undefined
        throw err
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
    },
  }
}
