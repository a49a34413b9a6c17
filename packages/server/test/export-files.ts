import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { inflateRawSync } from 'node:zlib'

/*
 * Reading back the files the exports write: through GDAL, as a user's GIS opens them, and the
 * entries of a zip as they are.
 */

/** What GDAL reads back: the feature count (ogrinfo) and the features (ogr2ogr to GeoJSON). */
export function readBack(file: string): {
  count: number
  features: { properties: any; geometry: any }[]
} {
  const source = file.endsWith('.zip') ? `/vsizip/${file}` : file
  const info = execFileSync('ogrinfo', ['-ro', '-so', '-al', source], { encoding: 'utf8' })
  const count = [...info.matchAll(/Feature Count: (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  const json = execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', source], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return { count, features: JSON.parse(json).features }
}

/** The entries of a zip the export wrote (local headers, deflated or stored). */
export function unzipped(file: string): Map<string, Buffer> {
  const zip = readFileSync(file)
  const entries = new Map<string, Buffer>()
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50;) {
    const method = zip.readUInt16LE(at + 8)
    const size = zip.readUInt32LE(at + 18)
    const nameLength = zip.readUInt16LE(at + 26)
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28)
    const data = zip.subarray(start, start + size)
    entries.set(
      zip.toString('utf8', at + 30, at + 30 + nameLength),
      method === 8 ? inflateRawSync(data) : data,
    )
    at = start + size
  }
  return entries
}
