import { createWriteStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl, { type Entry, type ZipFile } from 'yauzl'

// Reading a zip a user sent (yauzl over a file on disk): its central directory listed first,
// each entry inflated as a stream only when asked for, and no entry written outside the
// folder it is extracted into. yauzl checks every inflated size against the one the
// directory declares, so a declared size is a bound.

/** The zip could not be read (not a zip, truncated, or an entry that does not inflate). */
export class ZipUnreadable extends Error {
  constructor() {
    super('zip unreadable')
  }
}

/** The zip lists more entries than the caller takes. */
export class TooManyEntries extends Error {
  constructor(readonly max: number) {
    super(`more than ${max} entries`)
  }
}

/** An entry inflates past the caller's limit. */
export class EntryTooLarge extends Error {
  constructor(readonly entryName: string) {
    super(`${entryName}: too large`)
  }
}

/** A path as a zip or a browser writes it: '/' between parts, no leading './' or '/'. */
export function normalizeName(name: string): string {
  return name
    .replaceAll('\\', '/')
    .split('/')
    .filter((p) => p && p !== '.')
    .join('/')
}

export interface ZipListing {
  /** The files by their normalized paths ('/' between parts), directories left out. */
  entries: Map<string, Entry>
  zip: ZipFile
  close(): void
}

/** Opens the zip at `file` and lists its files (at most `maxEntries`). */
export async function listZip(file: string, maxEntries: number): Promise<ZipListing> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, z) =>
      err || !z ? reject(new ZipUnreadable()) : resolve(z),
    ),
  )
  try {
    const entries = await new Promise<Map<string, Entry>>((resolve, reject) => {
      const found = new Map<string, Entry>()
      zip.on('entry', (entry: Entry) => {
        const name = normalizeName(entry.fileName)
        if (!entry.fileName.endsWith('/') && name) found.set(name, entry)
        if (found.size > maxEntries) return reject(new TooManyEntries(maxEntries))
        zip.readEntry()
      })
      zip.on('end', () => resolve(found))
      zip.on('error', () => reject(new ZipUnreadable()))
      zip.readEntry()
    })
    return { entries, zip, close: () => zip.close() }
  } catch (err) {
    zip.close()
    throw err
  }
}

/** An entry's inflated bytes as a stream. */
export function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(new ZipUnreadable()) : resolve(stream),
    ),
  )
}

/** Writes an entry to `target`, refused (EntryTooLarge) past `maxBytes` inflated. */
export async function extractEntry(
  zip: ZipFile,
  entry: Entry,
  target: string,
  maxBytes: number,
): Promise<void> {
  const name = normalizeName(entry.fileName)
  if (entry.uncompressedSize > maxBytes) throw new EntryTooLarge(name)
  let size = 0
  const bound = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      done(size > maxBytes ? new EntryTooLarge(name) : null, chunk)
    },
  })
  try {
    await pipeline(await entryStream(zip, entry), bound, createWriteStream(target, { flags: 'wx' }))
  } catch (err) {
    throw err instanceof EntryTooLarge ? err : new ZipUnreadable()
  }
}
