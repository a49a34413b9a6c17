import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import yazl from 'yazl'

const deflateRaw = promisify(zlib.deflateRaw)

/** Files up to this size together are zipped in memory, each compressed on its own thread. */
const IN_MEMORY_MAX = 256 * 1024 * 1024

/**
 * Zips files side by side (the parts of a shapefile). Small enough sets are compressed in
 * parallel on libuv's threads (a shapefile's .shp and .dbf at once, which halves the wait);
 * larger ones stream through yazl, one file after the other, in constant memory.
 */
export async function zipFiles(
  target: string,
  files: string[],
  opts: { level?: number } = {},
): Promise<void> {
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size))
  if (sizes.reduce((a, b) => a + b, 0) > IN_MEMORY_MAX) return streamZip(target, files)
  const entries = await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file)
      return {
        name: Buffer.from(path.basename(file), 'utf8'),
        crc: zlib.crc32(data),
        size: data.length,
        deflated: await deflateRaw(data, { level: opts.level ?? 6 }),
      }
    }),
  )
  const { time, date } = dosDateTime(new Date())
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    const common = Buffer.alloc(26)
    common.writeUInt16LE(20, 0) // version needed
    common.writeUInt16LE(0x0800, 2) // UTF-8 names
    common.writeUInt16LE(8, 4) // deflate
    common.writeUInt16LE(time, 6)
    common.writeUInt16LE(date, 8)
    common.writeUInt32LE(e.crc, 10)
    common.writeUInt32LE(e.deflated.length, 14)
    common.writeUInt32LE(e.size, 18)
    common.writeUInt16LE(e.name.length, 22)
    common.writeUInt16LE(0, 24) // extra
    common.copy(local, 4)
    parts.push(local, e.name, e.deflated)
    const dir = Buffer.alloc(46)
    dir.writeUInt32LE(0x02014b50, 0)
    dir.writeUInt16LE(20, 4) // made by
    common.copy(dir, 6)
    // comment length, disk, internal and external attributes stay 0
    dir.writeUInt32LE(offset, 42)
    central.push(dir, e.name)
    offset += local.length + e.name.length + e.deflated.length
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  await writeFile(target, Buffer.concat([...parts, ...central, end]))
}

function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(1980, d.getFullYear()) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  }
}

async function streamZip(target: string, files: string[]): Promise<void> {
  const zip = new yazl.ZipFile()
  for (const file of files) zip.addFile(file, path.basename(file))
  const out = createWriteStream(target)
  zip.outputStream.pipe(out)
  zip.end()
  await once(out, 'close')
}
