import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import zlib from 'node:zlib'
import yazl from 'yazl'
import { entryDataStart, readZipDirectory } from '../../archive/zip-directory'

/**
 * GDAL's XLSX driver writes a text's carriage return as it is inside the XML, where every XML
 * reader (Excel, GDAL itself) reads it as a line feed: "\rabc" came back "\nabc". This rewrites
 * such a workbook with each carriage return of its sheets and strings as the reference `&#13;`,
 * which XML keeps. A workbook without any (nearly all) is left untouched after one reading.
 */
export async function keepCarriageReturns(file: string): Promise<void> {
  const entries = await zipEntries(file)
  if (!entries) return
  const xml = (e: ZipEntry) => e.name.startsWith('xl/') && e.name.endsWith('.xml')
  let found = false
  for (const e of entries.filter(xml)) {
    if (await hasCarriageReturn(entryStream(file, e))) {
      found = true
      break
    }
  }
  if (!found) return
  const zip = new yazl.ZipFile()
  const temp = `${file}.cr`
  const out = createWriteStream(temp)
  zip.outputStream.pipe(out)
  for (const e of entries) {
    const stream = entryStream(file, e)
    zip.addReadStream(xml(e) ? stream.pipe(escapeCarriageReturns()) : stream, e.name)
  }
  zip.end()
  await once(out, 'close')
  await rename(temp, file).catch(async (err) => {
    await rm(temp, { force: true })
    throw err
  })
}

interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  dataStart: number
}

/** The entries of a zip from its central directory; undefined for a zip this does not read. */
async function zipEntries(file: string): Promise<ZipEntry[] | undefined> {
  const fh = await open(file, 'r')
  try {
    const directory = await readZipDirectory(fh, (await fh.stat()).size)
    if (!directory) return undefined
    const entries: ZipEntry[] = []
    for (const e of directory) {
      if (e.method !== 0 && e.method !== 8) return undefined
      const dataStart = await entryDataStart(fh, e)
      if (dataStart === undefined) return undefined
      entries.push({ name: e.name, method: e.method, compressedSize: e.compressedSize, dataStart })
    }
    return entries
  } finally {
    await fh.close()
  }
}

function entryStream(file: string, e: ZipEntry): Readable {
  if (e.compressedSize === 0) return Readable.from([])
  const raw = createReadStream(file, {
    start: e.dataStart,
    end: e.dataStart + e.compressedSize - 1,
  })
  if (e.method !== 8) return raw
  const inflate = zlib.createInflateRaw()
  // Stopped early (a carriage return found), the file is closed too.
  inflate.on('close', () => raw.destroy())
  return raw.pipe(inflate)
}

async function hasCarriageReturn(stream: Readable): Promise<boolean> {
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (chunk.includes(13)) return true
  }
  return false
}

const CR_REFERENCE = Buffer.from('&#13;')

function escapeCarriageReturns(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!chunk.includes(13)) return callback(null, chunk)
      const parts: Buffer[] = []
      let from = 0
      for (let i = chunk.indexOf(13); i >= 0; i = chunk.indexOf(13, from)) {
        parts.push(chunk.subarray(from, i), CR_REFERENCE)
        from = i + 1
      }
      parts.push(chunk.subarray(from))
      callback(null, Buffer.concat(parts))
    },
  })
}
