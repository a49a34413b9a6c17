// Files the tests and the benches upload, written here rather than kept on disk: a PDF by hand
// (any number of pages of PDF operators, or one page of a million strokes that poppler takes
// minutes to draw) and a one-point GIS file by Debian's ogr2ogr. Plain JavaScript so that the
// API tests, the browser specs and the benches import it alike, without a build step.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { deflateSync } from 'node:zlib'

/** A PDF whose A4 pages hold these content streams (PDF operators), written by hand. */
export function pdfOf(pages) {
  const objects = []
  const add = (body) => objects.push(Buffer.from(body)) // its number
  add('') // catalog, filled below
  add('') // pages
  const kids = []
  for (const ops of pages) {
    const data = deflateSync(Buffer.from(ops))
    const content = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
        data,
        Buffer.from('\nendstream'),
      ]),
    )
    kids.push(
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R >>`),
    )
  }
  objects[0] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>')
  objects[1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
  )
  const parts = [Buffer.from('%PDF-1.4\n')]
  let offset = parts[0].length
  const offsets = []
  objects.forEach((body, i) => {
    offsets.push(offset)
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')])
    parts.push(part)
    offset += part.length
  })
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`
  return Buffer.concat([...parts, Buffer.from(xref)])
}

/** A page of a million strokes: minutes of pdftoppm at any size, 170 KB compressed. */
export function heavyStrokes() {
  let ops = ''
  for (let i = 0; i < 1_000_000; i++) ops += `${i % 595} 0 m ${595 - (i % 595)} 842 l S\n`
  return ops
}

/** A one-page PDF of a million strokes: more than the server's PDF_TIMEOUT_SECONDS to draw. */
export const heavyPdf = () => pdfOf([heavyStrokes()])

/**
 * Runs `ogr2ogr ...args a.geojson` in a new temporary folder, where a.geojson holds one point
 * of these properties at [lon, lat]; answers what `read(folder)` takes of what it wrote, and
 * removes the folder. Throws when ogr2ogr is not installed or fails.
 */
export function ogr2ogrPoint(properties, coordinates, args, read) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-ogr-'))
  try {
    writeFileSync(
      path.join(dir, 'a.geojson'),
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties, geometry: { type: 'Point', coordinates } }],
      }),
    )
    execFileSync('ogr2ogr', [...args, 'a.geojson'], { cwd: dir, stdio: 'ignore' })
    return read(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A zipped shapefile of one point (`name.shp.zip`, as ogr2ogr writes it). */
export function shapefileZip(name, properties, coordinates) {
  const file = `${name}.shp.zip`
  return ogr2ogrPoint(properties, coordinates, ['-f', 'ESRI Shapefile', file], (dir) =>
    readFileSync(path.join(dir, file)),
  )
}
