import { createReadStream } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { StringDecoder } from 'node:string_decoder'
import zlib from 'node:zlib'
import { t } from '@gis/shared'
import { entryDataStart, readZipDirectory } from '../../archive/zip-directory'
import { HttpError } from '../../http/errors'
import { yielder } from '../../jobs/yielder'
import { limitError, type ImportLimits } from './dataloader-limits'
import { XmlScanner, type XmlHandlers } from './xml-scanner'

/**
 * The parts of an xlsx (decision 68): the zip's central directory says where each part is in
 * the uploaded file, so they are read in the order the reading needs, each inflated chunk by
 * chunk (bytes counted against the limits' unzippedMb, all parts together) into an
 * XmlScanner (elements counted against their xmlElements), the event loop given a turn
 * every few milliseconds.
 */

const CHUNK = 64 * 1024
/** Characters given to the scanner at a time (a millisecond or so of work). */
const WRITE = 16 * 1024
/** The longest tag, comment or CDATA section (an xlsx's are far shorter). */
const MAX_TOKEN = 1024 * 1024

export const unreadable = () => new HttpError(400, t('dataloader.unreadable', { format: 'XLSX' }))

/** A malformed file is unreadable; a limit's 400 passes through. */
function asReadError(error: unknown): HttpError {
  return error instanceof HttpError ? error : unreadable()
}

interface ZipEntry {
  method: number
  /** Where its local header is; the data follows it (read when the part is opened). */
  local: number
  compressedSize: number
}

/** Bytes of the file at `position` (fewer at its end). */
/** The zip's entries by name, from its central directory (zip64 and encryption refused). */
async function zipEntries(handle: FileHandle, size: number): Promise<Map<string, ZipEntry>> {
  const directory = await readZipDirectory(handle, size)
  if (!directory) throw unreadable()
  const entries = new Map<string, ZipEntry>()
  for (const { name, flags, method, compressedSize, local } of directory) {
    if (flags & 1 || compressedSize === 0xffffffff || local === 0xffffffff) throw unreadable()
    if (local + 30 > size) throw unreadable()
    entries.set(name.replace(/^\/+/, ''), { method, local, compressedSize })
  }
  return entries
}

export interface Reading {
  file: string
  limits: ImportLimits
  handle: FileHandle
  size: number
  entries: Map<string, ZipEntry>
  /** Bytes inflated so far, all parts together. */
  inflated: number
  /** XML elements read so far, all parts together. */
  elements: number
  pause: () => Promise<void>
}

/** A part's text, chunk by chunk, its inflated bytes counted; stops (and frees) when left. */
async function* partText(reading: Reading, entry: ZipEntry): AsyncGenerator<string> {
  const start = await entryDataStart(reading.handle, entry)
  if (start === undefined) throw unreadable()
  if (start + entry.compressedSize > reading.size) throw unreadable()
  const decoder = new StringDecoder('utf8')
  const count = (n: number) => {
    reading.inflated += n
    if (reading.inflated > reading.limits.unzippedBytes) {
      throw limitError('dataloader.tooLargeUnzipped', reading.limits.unzippedMb)
    }
  }
  if (entry.compressedSize === 0) return
  const source = createReadStream(reading.file, {
    start,
    end: start + entry.compressedSize - 1,
    highWaterMark: CHUNK,
  })
  try {
    if (entry.method === 0) {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        count(chunk.length)
        yield decoder.write(chunk)
      }
    } else if (entry.method === 8) {
      const inflate = zlib.createInflateRaw({ chunkSize: CHUNK })
      source.on('error', (error) => inflate.destroy(error))
      source.pipe(inflate)
      try {
        for await (const chunk of inflate as AsyncIterable<Buffer>) {
          count(chunk.length)
          yield decoder.write(chunk)
        }
      } catch (error) {
        throw asReadError(error)
      } finally {
        inflate.destroy()
      }
    } else {
      throw unreadable()
    }
  } finally {
    source.destroy()
  }
  const rest = decoder.end()
  if (rest) yield rest
}

/**
 * Scans a part, its elements counted against the limits' xmlElements, handing control back
 * (a yield) after each piece of text given to the scanner: a reader whose handlers collect
 * rows takes them out between pieces. Yields nothing when the part is absent (`found`).
 */
export async function* scanPart(
  reading: Reading,
  path: string | undefined,
  handlers: XmlHandlers,
  found: { value: boolean } = { value: false },
): AsyncGenerator<void> {
  const entry = path === undefined ? undefined : reading.entries.get(path)
  found.value = Boolean(entry)
  if (!entry) return
  const scanner = new XmlScanner(
    {
      ...handlers,
      open(name, attributes) {
        if (++reading.elements > reading.limits.xmlElements) {
          throw limitError('dataloader.tooManyElements', reading.limits.xmlElements)
        }
        handlers.open?.(name, attributes)
      },
    },
    MAX_TOKEN,
  )
  try {
    for await (const text of partText(reading, entry)) {
      for (let i = 0; i < text.length; i += WRITE) {
        scanner.write(text.length <= WRITE ? text : text.slice(i, i + WRITE))
        await reading.pause()
        yield
      }
    }
    scanner.end()
    yield
  } catch (error) {
    throw asReadError(error)
  }
}

/** Scans a whole part (see scanPart); false when the part is absent. */
export async function parsePart(reading: Reading, path: string | undefined, handlers: XmlHandlers) {
  const found = { value: false }
  for await (const _ of scanPart(reading, path, handlers, found)) {
    // the handlers do the work
  }
  return found.value
}

/**
 * The reading of an xlsx uploaded, from its file (refused as unreadable when it is not a
 * zip): the central directory read, each part read from the file when it is scanned, so
 * memory holds a chunk, not the file. `close` when done.
 */
export async function openParts(file: string, limits: ImportLimits): Promise<Reading> {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    if (size < 22) throw unreadable()
    const entries = await zipEntries(handle, size)
    return { file, limits, handle, size, entries, inflated: 0, elements: 0, pause: yielder() }
  } catch (err) {
    await handle.close()
    throw err
  }
}
