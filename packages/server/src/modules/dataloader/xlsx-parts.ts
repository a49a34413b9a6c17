import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import zlib from 'node:zlib'
import { t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { yielder } from '../../jobs/yielder'
import { IMPORT_LIMITS, limitError, UNZIPPED_MAX_BYTES } from './dataloader-limits'
import { XmlScanner, type XmlHandlers } from './xml-scanner'

/**
 * The parts of an xlsx (decision 68): the zip's central directory says where each part is in
 * the upload's buffer, so they are read in the order the reading needs, each inflated chunk by
 * chunk (bytes counted against IMPORT_LIMITS.unzippedMb, all parts together) into an
 * XmlScanner (elements counted against IMPORT_LIMITS.xmlElements), the event loop given a turn
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
  start: number
  compressedSize: number
}

/** The zip's entries by name, from its central directory (zip64 and encryption refused). */
function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  let eocd = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw unreadable()
  const count = buf.readUInt16LE(eocd + 10)
  let p = buf.readUInt32LE(eocd + 16)
  const entries = new Map<string, ZipEntry>()
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw unreadable()
    const flags = buf.readUInt16LE(p + 8)
    const method = buf.readUInt16LE(p + 10)
    const compressedSize = buf.readUInt32LE(p + 20)
    const nameLength = buf.readUInt16LE(p + 28)
    const local = buf.readUInt32LE(p + 42)
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength)
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
    if (flags & 1 || compressedSize === 0xffffffff || local === 0xffffffff) throw unreadable()
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw unreadable()
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    if (start + compressedSize > buf.length) throw unreadable()
    entries.set(name.replace(/^\/+/, ''), { method, start, compressedSize })
  }
  return entries
}

export interface Reading {
  buf: Buffer
  entries: Map<string, ZipEntry>
  /** Bytes inflated so far, all parts together. */
  inflated: number
  /** XML elements read so far, all parts together. */
  elements: number
  pause: () => Promise<void>
}

/** A part's text, chunk by chunk, its inflated bytes counted; stops (and frees) when left. */
async function* partText(reading: Reading, entry: ZipEntry): AsyncGenerator<string> {
  const data = reading.buf.subarray(entry.start, entry.start + entry.compressedSize)
  const decoder = new StringDecoder('utf8')
  const count = (n: number) => {
    reading.inflated += n
    if (reading.inflated > UNZIPPED_MAX_BYTES) {
      throw limitError('dataloader.tooLargeUnzipped', IMPORT_LIMITS.unzippedMb)
    }
  }
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += CHUNK) {
      const chunk = data.subarray(i, i + CHUNK)
      count(chunk.length)
      yield decoder.write(chunk)
    }
  } else if (entry.method === 8) {
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < data.length; i += CHUNK) yield data.subarray(i, i + CHUNK)
      })(),
    )
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
      source.destroy()
      inflate.destroy()
    }
  } else {
    throw unreadable()
  }
  const rest = decoder.end()
  if (rest) yield rest
}

/** Scans a part, its elements counted against IMPORT_LIMITS.xmlElements. */
export async function parsePart(reading: Reading, path: string | undefined, handlers: XmlHandlers) {
  const entry = path === undefined ? undefined : reading.entries.get(path)
  if (!entry) return false
  const scanner = new XmlScanner(
    {
      ...handlers,
      open(name, attributes) {
        if (++reading.elements > IMPORT_LIMITS.xmlElements) {
          throw limitError('dataloader.tooManyElements', IMPORT_LIMITS.xmlElements)
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
      }
    }
    scanner.end()
  } catch (error) {
    throw asReadError(error)
  }
  return true
}

/** The reading of an xlsx uploaded (refused as unreadable when it is not a zip). */
export function openParts(bytes: Buffer): Reading {
  if (bytes.length < 22) throw unreadable()
  return { buf: bytes, entries: zipEntries(bytes), inflated: 0, elements: 0, pause: yielder() }
}
