import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { SURVEY_IMPORT_LIMITS, t } from '@gis/shared'
import type { Entry } from 'yauzl'
import {
  entryStream as zipEntryStream,
  listZip,
  normalizeName,
  TooManyEntries,
  type ZipListing,
} from '../../archive/zip'
import { JobFailure } from '../../jobs/job-queue'
import type { BlobStorage } from '../../storage/file-storage'

/** An uploaded file kept in the storage until the import ends. */
export interface UploadedFile {
  /** Its path in the folder (or the zip's name), '/' between parts. */
  name: string
  key: string
  size: number
}

/** What was sent: one zip, or the files of a folder. */
export type SurveyUpload =
  { kind: 'zip'; file: UploadedFile } | { kind: 'files'; files: UploadedFile[] }

/** A file too large to read, or that could not be read. */
export class SourceFileError extends Error {
  constructor(readonly reason: 'tooLarge' | 'unreadable') {
    super(reason)
  }
}

/**
 * The files of an upload by their paths, read one at a time: a zip's entries (its central
 * directory read by yauzl from a temporary copy, each entry inflated as a stream), or a
 * folder's files in the storage. Nothing holds more than the one file being read.
 */
export interface ImportSource {
  /** Every file's path ('/' between parts), directories left out. */
  names: string[]
  size(name: string): number
  /** The whole file, refused (SourceFileError) past `maxBytes`. */
  read(name: string, maxBytes: number): Promise<Buffer>
  /** Its first bytes at most (EXIF and XMP are at the start of a JPEG). */
  head(name: string, bytes: number): Promise<Buffer>
  close(): Promise<void>
}

/** A stream read whole, or its first `limit` bytes when `truncate` (then it is stopped). */
async function collect(stream: Readable, limit: number, truncate: boolean): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk)
      size += chunk.length
      if (size >= limit) {
        if (truncate) break
        if (size > limit) throw new SourceFileError('tooLarge')
      }
    }
  } catch (err) {
    if (err instanceof SourceFileError) throw err
    throw new SourceFileError('unreadable')
  } finally {
    stream.destroy()
  }
  const all = Buffer.concat(chunks)
  return truncate ? all.subarray(0, limit) : all
}

function entryStream(zip: ZipListing['zip'], entry: Entry): Promise<Readable> {
  return zipEntryStream(zip, entry).catch(() => {
    throw new SourceFileError('unreadable')
  })
}

async function zipSource(storage: BlobStorage, file: UploadedFile): Promise<ImportSource> {
  const stored = await storage.get(file.key)
  if (!stored) throw new JobFailure(t('imageryImport.zipUnreadable'))
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gis-survey-'))
  const copy = path.join(dir, 'upload.zip')
  let listing: ZipListing | undefined
  try {
    await pipeline(stored.stream, createWriteStream(copy))
    listing = await listZip(copy, SURVEY_IMPORT_LIMITS.files).catch((err: unknown) => {
      throw err instanceof TooManyEntries
        ? new JobFailure(t('imageryImport.tooManyFiles', { max: SURVEY_IMPORT_LIMITS.files }))
        : new JobFailure(t('imageryImport.zipUnreadable'))
    })
    const { entries, zip: opened } = listing
    const entry = (name: string) => {
      const e = entries.get(name)
      if (!e) throw new SourceFileError('unreadable')
      return e
    }
    return {
      names: [...entries.keys()],
      size: (name) => entries.get(name)?.uncompressedSize ?? 0,
      async read(name, maxBytes) {
        const e = entry(name)
        if (e.uncompressedSize > maxBytes) throw new SourceFileError('tooLarge')
        return collect(await entryStream(opened, e), maxBytes, false)
      },
      async head(name, bytes) {
        return collect(await entryStream(opened, entry(name)), bytes, true)
      },
      async close() {
        opened.close()
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (err) {
    listing?.close()
    await rm(dir, { recursive: true, force: true })
    throw err
  }
}

function folderSource(storage: BlobStorage, files: UploadedFile[]): ImportSource {
  const byName = new Map(files.map((f) => [normalizeName(f.name), f]))
  const open = async (name: string) => {
    const f = byName.get(name)
    const stored = f && (await storage.get(f.key))
    if (!stored) throw new SourceFileError('unreadable')
    return stored
  }
  return {
    names: [...byName.keys()],
    size: (name) => byName.get(name)?.size ?? 0,
    async read(name, maxBytes) {
      const stored = await open(name)
      if (stored.size > maxBytes) {
        stored.stream.destroy()
        throw new SourceFileError('tooLarge')
      }
      return collect(stored.stream, maxBytes, false)
    },
    async head(name, bytes) {
      return collect((await open(name)).stream, bytes, true)
    },
    async close() {},
  }
}

/** The files of an upload, to read while the import runs; `close` when done. */
export function openSource(storage: BlobStorage, upload: SurveyUpload): Promise<ImportSource> {
  return upload.kind === 'zip'
    ? zipSource(storage, upload.file)
    : Promise.resolve(folderSource(storage, upload.files))
}

/** The upload's files removed from the storage (the import has ended). */
export async function deleteUpload(storage: BlobStorage, upload: SurveyUpload): Promise<void> {
  const files = upload.kind === 'zip' ? [upload.file] : upload.files
  for (const f of files) await storage.delete(f.key).catch(() => undefined)
}
