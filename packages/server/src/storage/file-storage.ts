import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

const READ_CHUNK = 1024 * 1024

/** A stored file: its key (generated here, never from a client), size and SHA-256. */
export interface StoredFile {
  key: string
  size: number
  sha256: string
}

export interface BlobStorage {
  /**
   * Writes a stream (an upload, a generated export) to a new key without holding it in
   * memory. Past `maxBytes` the write stops, nothing is kept, and it throws FileTooLarge.
   */
  put(
    content: Readable | Buffer,
    options?: { maxBytes?: number; suffix?: string },
  ): Promise<StoredFile>
  /** The file as a stream, with its size; undefined when the key holds nothing. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>
  delete(key: string): Promise<void>
}

export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`)
  }
}

export class InvalidKey extends Error {}

// yyyy/mm/<uuid>[.suffix]: keys only ever have this shape, so a key can never name a path
// outside the store, whatever a database row or a request carries.
const KEY = /^\d{4}\/\d{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/

/** A new key for a file of this suffix. */
export function newKey(suffix?: string): string {
  const now = new Date()
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  const ext = suffix && /^[a-z0-9]{1,10}$/i.test(suffix) ? `.${suffix.toLowerCase()}` : ''
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}${ext}`
}

/**
 * Files on disk under `root` (DATA_DIR/files by default). Writes go to a temporary name and
 * are renamed into place, so a reader never sees half a file and a failed upload leaves
 * nothing. Another implementation of BlobStorage (an S3-compatible store) can replace it
 * without its callers noticing.
 */
/** The key itself, once checked to be one of ours (InvalidKey otherwise). */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new InvalidKey(`invalid storage key: ${key}`)
  return key
}

/**
 * Counts and hashes the bytes going through; past `maxBytes` it fails with FileTooLarge.
 * `result()` answers the size and SHA-256 once the stream has ended.
 */
export function meter(
  maxBytes = Infinity,
): Transform & { result(): { size: number; sha256: string } } {
  const hash = createHash('sha256')
  let size = 0
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) return done(new FileTooLarge(maxBytes))
      hash.update(chunk)
      done(null, chunk)
    },
  })
  return Object.assign(transform, { result: () => ({ size, sha256: hash.digest('hex') }) })
}

/** A put's content as a stream. */
export function asStream(content: Readable | Buffer): Readable {
  return Buffer.isBuffer(content) ? Readable.from([content]) : content
}

export function createFileStorage(root: string): BlobStorage {
  const fullPath = (key: string) => path.join(root, checkedKey(key))

  return {
    async put(content, options = {}) {
      const key = newKey(options.suffix)
      const target = fullPath(key)
      await mkdir(path.dirname(target), { recursive: true })
      const partial = `${target}.part`
      const counted = meter(options.maxBytes)
      try {
        await pipeline(asStream(content), counted, createWriteStream(partial, { flags: 'wx' }))
        await rename(partial, target)
      } catch (err) {
        await rm(partial, { force: true })
        throw err
      }
      return { key, ...counted.result() }
    },
    async get(key) {
      const file = fullPath(key)
      try {
        const info = await stat(file)
        if (!info.isFile()) return undefined
        // Chunks of 1 MiB: a compressed download of 80 MB takes half the time of 64 KiB ones.
        return { stream: createReadStream(file, { highWaterMark: READ_CHUNK }), size: info.size }
      } catch (err) {
        if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return undefined
        throw err
      }
    },
    async delete(key) {
      await rm(fullPath(key), { force: true })
    },
  }
}
