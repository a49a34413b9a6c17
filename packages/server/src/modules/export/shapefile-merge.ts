import { existsSync } from 'node:fs'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Joins shapefiles that GDAL wrote of consecutive slices of one export (same statement, same
 * snapshot, `LIMIT`/`OFFSET`) into one, as one ogr2ogr would have written it: records
 * renumbered, the index rebuilt, the box recomputed, the table's rows one after the other.
 * Answers false, writing nothing, when the parts do not share one layout (other field widths,
 * shape types), so that the caller writes the file in one go instead.
 */
export async function mergeShapefiles(
  partDirs: readonly string[],
  baseName: string,
  outDir: string,
): Promise<boolean> {
  const dbfs = await Promise.all(partDirs.map((d) => readFile(path.join(d, `${baseName}.dbf`))))
  const table = mergeDbf(dbfs)
  if (!table) return false
  const withShapes = existsSync(path.join(partDirs[0]!, `${baseName}.shp`))
  let shapes: { shp: Buffer; shx: Buffer } | undefined
  if (withShapes) {
    const shps = await Promise.all(partDirs.map((d) => readFile(path.join(d, `${baseName}.shp`))))
    shapes = mergeShp(shps)
    if (!shapes) return false
  }
  await writeFile(path.join(outDir, `${baseName}.dbf`), table)
  if (shapes) {
    await writeFile(path.join(outDir, `${baseName}.shp`), shapes.shp)
    await writeFile(path.join(outDir, `${baseName}.shx`), shapes.shx)
  }
  for (const ext of ['cpg', 'prj']) {
    const side = path.join(partDirs[0]!, `${baseName}.${ext}`)
    if (existsSync(side)) await copyFile(side, path.join(outDir, `${baseName}.${ext}`))
  }
  return true
}

const SHP_HEADER = 100
const EOF_MARK = 0x1a

/** dBASE tables of one layout, rows concatenated; undefined when the layouts differ. */
export function mergeDbf(parts: readonly Buffer[]): Buffer | undefined {
  const first = parts[0]!
  const headerLength = first.readUInt16LE(8)
  const recordLength = first.readUInt16LE(10)
  const fields = first.subarray(32, headerLength)
  let count = 0
  const bodies: Buffer[] = []
  for (const part of parts) {
    if (
      part.readUInt16LE(8) !== headerLength ||
      part.readUInt16LE(10) !== recordLength ||
      !part.subarray(32, headerLength).equals(fields)
    ) {
      return undefined
    }
    const n = part.readUInt32LE(4)
    count += n
    bodies.push(part.subarray(headerLength, headerLength + n * recordLength))
  }
  const header = Buffer.from(first.subarray(0, headerLength))
  header.writeUInt32LE(count, 4)
  return Buffer.concat([header, ...bodies, Buffer.from([EOF_MARK])])
}

/**
 * Main files of one shape type joined: each record renumbered from 1, the index (.shx) made
 * anew, the box the union of the records' own boxes (null shapes have none).
 */
export function mergeShp(parts: readonly Buffer[]): { shp: Buffer; shx: Buffer } | undefined {
  const shapeType = parts[0]!.readInt32LE(32)
  if (parts.some((p) => p.readInt32LE(32) !== shapeType || p.readInt32BE(0) !== 9994)) {
    return undefined
  }
  const bodyLength = parts.reduce((n, p) => n + p.length - SHP_HEADER, 0)
  const shp = Buffer.alloc(SHP_HEADER + bodyLength)
  parts[0]!.copy(shp, 0, 0, SHP_HEADER)
  const offsets: number[] = []
  const lengths: number[] = []
  const box = [Infinity, Infinity, -Infinity, -Infinity]
  let at = SHP_HEADER
  for (const part of parts) {
    part.copy(shp, at, SHP_HEADER)
    const end = at + part.length - SHP_HEADER
    while (at < end) {
      const words = shp.readInt32BE(at + 4)
      offsets.push(at / 2)
      lengths.push(words)
      shp.writeInt32BE(offsets.length, at)
      extendBox(shp, at + 8, box)
      at += 8 + words * 2
    }
    if (at !== end) return undefined
  }
  shp.writeInt32BE(shp.length / 2, 24)
  const empty = box[0] === Infinity
  for (let i = 0; i < 4; i++) shp.writeDoubleLE(empty ? 0 : box[i]!, 36 + i * 8)

  const shx = Buffer.alloc(SHP_HEADER + offsets.length * 8)
  shp.copy(shx, 0, 0, SHP_HEADER)
  shx.writeInt32BE(shx.length / 2, 24)
  for (let i = 0; i < offsets.length; i++) {
    shx.writeInt32BE(offsets[i]!, SHP_HEADER + i * 8)
    shx.writeInt32BE(lengths[i]!, SHP_HEADER + i * 8 + 4)
  }
  return { shp, shx }
}

/** Widens `box` (xmin, ymin, xmax, ymax) by the record whose content starts at `at`. */
function extendBox(buf: Buffer, at: number, box: number[]): void {
  const type = buf.readInt32LE(at)
  if (type === 0) return
  let xmin: number, ymin: number, xmax: number, ymax: number
  if (type === 1 || type === 11 || type === 21) {
    xmin = xmax = buf.readDoubleLE(at + 4)
    ymin = ymax = buf.readDoubleLE(at + 12)
  } else {
    xmin = buf.readDoubleLE(at + 4)
    ymin = buf.readDoubleLE(at + 12)
    xmax = buf.readDoubleLE(at + 20)
    ymax = buf.readDoubleLE(at + 28)
  }
  if (xmin < box[0]!) box[0] = xmin
  if (ymin < box[1]!) box[1] = ymin
  if (xmax > box[2]!) box[2] = xmax
  if (ymax > box[3]!) box[3] = ymax
}
