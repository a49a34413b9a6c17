import type { FileHandle } from 'node:fs/promises'

/**
 * A zip's central directory read by hand, for the readers that need each entry's place in the
 * file (the xlsx parts read in the order a reading needs, the carriage-return fix of GDAL's
 * workbooks). Zip64 is not read: neither Excel's nor GDAL's workbooks of our sizes use it.
 * Listing and extracting an upload's members is yauzl's (`zip.ts`).
 */

export interface DirectoryEntry {
  name: string
  /** General purpose flags: bit 0 is encryption. */
  flags: number
  /** 0 stored, 8 deflated. */
  method: number
  compressedSize: number
  /** Where its local header is; the data follows that header. */
  local: number
}

/** The longest central directory read (a workbook's is a few kilobytes). */
const MAX_DIRECTORY = 64 * 1024 * 1024

async function readAt(handle: FileHandle, position: number, length: number) {
  const buf = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buf, 0, length, position)
  return buf.subarray(0, bytesRead)
}

/** The entries of the zip of `size` bytes open as `handle`; undefined when it is not one. */
export async function readZipDirectory(
  handle: FileHandle,
  size: number,
): Promise<DirectoryEntry[] | undefined> {
  const tailStart = Math.max(0, size - 22 - 0xffff)
  const tail = await readAt(handle, tailStart, size - tailStart)
  let eocd = -1
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return undefined
  const count = tail.readUInt16LE(eocd + 10)
  const dirSize = tail.readUInt32LE(eocd + 12)
  const dirStart = tail.readUInt32LE(eocd + 16)
  if (count === 0xffff || dirStart === 0xffffffff) return undefined
  if (dirStart + dirSize > size || dirSize > MAX_DIRECTORY) return undefined
  const dir = await readAt(handle, dirStart, dirSize)
  const entries: DirectoryEntry[] = []
  for (let p = 0, n = 0; n < count; n++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== 0x02014b50) return undefined
    const nameLength = dir.readUInt16LE(p + 28)
    entries.push({
      name: dir.toString('utf8', p + 46, p + 46 + nameLength),
      flags: dir.readUInt16LE(p + 8),
      method: dir.readUInt16LE(p + 10),
      compressedSize: dir.readUInt32LE(p + 20),
      local: dir.readUInt32LE(p + 42),
    })
    p += 46 + nameLength + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32)
  }
  return entries
}

/** Where an entry's data starts (after its local header); undefined when the header is not one. */
export async function entryDataStart(handle: FileHandle, entry: Pick<DirectoryEntry, 'local'>) {
  const header = await readAt(handle, entry.local, 30)
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) return undefined
  return entry.local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
}
