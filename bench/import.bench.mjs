// IMPORTAR DADOS at real scale (issue 43), each file timed from the start of its upload to the
// execution's COMPLETE (read, validated, written into a new layer, history and audit
// included), against `ogr2ogr -f PostgreSQL` with PG_USE_COPY loading the same file into the
// same PostgreSQL in the same run:
//   - csv:  BENCH_IMPORT_ROWS rows (1,000,000 by default): code, name, km, dd/mm/aaaa date,
//           lon, lat (points built from lon/lat);
//   - xlsx: the same rows as a workbook (ogr2ogr builds the points with its SQLite dialect);
//   - shp:  BENCH_IMPORT_POLYGONS polygons of 10 vertices (500,000), a zipped shapefile.
// Then the same imports on the embedded database (PGlite), whose times are compared with
// PostgreSQL's. Targets: ours at least 1.2× faster than ogr2ogr on PostgreSQL; PGlite within 3×.
// BENCH_IMPORT_FORMATS=csv,xlsx,shp and BENCH_IMPORT_DBS=postgres,pglite narrow the run.
// Needs `npm run build`, gdal-bin, and PostgreSQL + PostGIS at BENCH_DATABASE_URL (default local).
import { spawnSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import pg from 'pg'
import yazl from 'yazl'
import { databaseUrl, postgresUrl, repoRoot, signIn, startServer } from './lib.mjs'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000)
const POLYGONS = Number(process.env.BENCH_IMPORT_POLYGONS ?? 500_000)
const FORMATS = (process.env.BENCH_IMPORT_FORMATS ?? 'csv,xlsx,shp').split(',')
const DBS = (process.env.BENCH_IMPORT_DBS ?? 'postgres,pglite').split(',')
const TARGET = { vsOgr2ogr: 1.2, pgliteVsPostgres: 3 }

const tmp = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-import-'))

/** Writes a stream's lines, waiting when its buffer is full. */
async function writeLines(file, count, line, header) {
  const out = createWriteStream(file)
  if (header) out.write(header)
  for (let i = 0; i < count; i++) {
    if (!out.write(line(i))) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
}

const row = (i) => {
  const day = String(1 + (i % 28)).padStart(2, '0')
  return [
    `PL-${i}`,
    `Placa ${i % 977}`,
    ((i % 50_000) / 100).toFixed(2),
    `${day}/03/2025`,
    (-47.5 + (i % 1000) / 1000).toFixed(6),
    (-15.5 + Math.floor(i / 1000) / 10_000).toFixed(6),
  ]
}

async function writeCsv(file) {
  await writeLines(file, ROWS, (i) => `${row(i).join(',')}\n`, 'codigo,nome,km,data,lon,lat\n')
}

async function writeXlsx(file) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
  })
  const sheet = workbook.addWorksheet('placas')
  sheet.addRow(['codigo', 'nome', 'km', 'data', 'lon', 'lat']).commit()
  for (let i = 0; i < ROWS; i++) {
    const [codigo, nome, km, data, lon, lat] = row(i)
    sheet.addRow([codigo, nome, Number(km), data, Number(lon), Number(lat)]).commit()
  }
  sheet.commit()
  await workbook.commit()
}

/** A polygon of 10 vertices around a point of a grid over Goiás. */
function polygon(i) {
  const cx = -50 + (i % 1000) * 0.01
  const cy = -16 + Math.floor(i / 1000) * 0.01
  const pts = []
  for (let k = 0; k < 10; k++) {
    const a = (k / 10) * 2 * Math.PI
    pts.push(`${(cx + 0.004 * Math.cos(a)).toFixed(7)} ${(cy + 0.004 * Math.sin(a)).toFixed(7)}`)
  }
  pts.push(pts[0])
  return `"POLYGON((${pts.join(',')}))"`
}

/** The zipped shapefile (written by ogr2ogr from a csv of WKT) and the .shp for the peer. */
async function writeShapefile(dir) {
  const csv = path.join(dir, 'lotes.csv')
  await writeLines(
    csv,
    POLYGONS,
    (i) => `${polygon(i)},L-${i},${(i % 9000) / 10}\n`,
    'WKT,lote,area\n',
  )
  const shp = path.join(dir, 'lotes.shp')
  const r = spawnSync(
    'ogr2ogr',
    [
      '-f',
      'ESRI Shapefile',
      shp,
      csv,
      '-a_srs',
      'EPSG:4674',
      '-nlt',
      'POLYGON',
      '-oo',
      'GEOM_POSSIBLE_NAMES=WKT',
      '-oo',
      'KEEP_GEOM_COLUMNS=NO',
    ],
    { encoding: 'utf8' },
  )
  if (r.status !== 0) throw new Error(`shapefile: ${r.stderr}`)
  const zipFile = path.join(dir, 'lotes.zip')
  const zip = new yazl.ZipFile()
  for (const ext of ['shp', 'shx', 'dbf', 'prj'])
    zip.addFile(path.join(dir, `lotes.${ext}`), `lotes.${ext}`)
  zip.end()
  const out = createWriteStream(zipFile)
  zip.outputStream.pipe(out)
  await once(out, 'finish')
  return { zip: zipFile, shp }
}

/** A libpq connection string of a postgres:// URL, as GDAL's PG: takes it. */
function conninfo(url) {
  const u = new URL(url)
  const parts = [`host=${u.hostname}`, `port=${u.port || 5432}`, `dbname=${u.pathname.slice(1)}`]
  if (u.username) parts.push(`user=${decodeURIComponent(u.username)}`)
  if (u.password) parts.push(`password=${decodeURIComponent(u.password)}`)
  return parts.join(' ')
}

/** ogr2ogr into PostgreSQL with COPY, as a GIS analyst loads a file; answers the seconds. */
function ogr2ogr(dbUrl, file, layerName, extra) {
  const started = performance.now()
  const r = spawnSync(
    'ogr2ogr',
    [
      '-f',
      'PostgreSQL',
      `PG:${conninfo(dbUrl)}`,
      file,
      '-nln',
      `ogr_${layerName}`,
      '-overwrite',
      ...extra,
    ],
    { encoding: 'utf8', env: { ...process.env, PG_USE_COPY: 'YES' } },
  )
  if (r.status !== 0) throw new Error(`ogr2ogr ${file}: ${r.stderr}`)
  return (performance.now() - started) / 1000
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms))

/** Our import of `file` into a new layer, from the upload's start to COMPLETE; answers seconds. */
async function ours(server, auth, file, filename, execute) {
  const headers = { authorization: auth }
  const json = { ...headers, 'content-type': 'application/json' }
  const started = performance.now()
  const form = new FormData()
  form.append('file', await openAsBlob(file), filename)
  const posted = await fetch(`${server.url}/api/dataloader/import`, {
    method: 'POST',
    headers,
    body: form,
  })
  const job = await posted.json()
  if (posted.status !== 201)
    throw new Error(`upload ${filename}: ${posted.status} ${JSON.stringify(job)}`)
  const status = async () =>
    await (await fetch(`${server.url}/api/dataloader/${job.id}/status`, { headers })).json()
  for (let s = await status(); s.status === 'READING'; s = await status()) await pause(100)
  const read = performance.now()
  const res = await fetch(`${server.url}/api/dataloader/${job.id}/execute`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(execute),
  })
  if (res.status !== 202) throw new Error(`execute ${filename}: ${res.status} ${await res.text()}`)
  let s = await status()
  for (; !['COMPLETE', 'ERROR', 'CANCELLED'].includes(s.status); s = await status())
    await pause(100)
  if (s.status !== 'COMPLETE') throw new Error(`execute ${filename}: ${s.status} ${s.message}`)
  const report = await (
    await fetch(`${server.url}/api/dataloader/${job.id}/report`, { headers })
  ).json()
  const total = (performance.now() - started) / 1000
  return { total, read: (read - started) / 1000, written: report.created, errors: report.errors }
}

const csvExecute = (layer) => ({
  destinyType: 1,
  layerName: layer,
  layerTitle: layer,
  mappings: ['codigo', 'nome', 'km', 'data'].map((c) => ({
    source: c,
    destiny: c,
    primaryKey: false,
  })),
  spatializeType: 'generate',
  spatializeMode: 'all',
  spatializeGeometry: 'point',
  spatializeVertices: [{ x: 'lon', y: 'lat' }],
})

const shpExecute = (layer) => ({
  destinyType: 1,
  layerName: layer,
  layerTitle: layer,
  mappings: ['lote', 'area'].map((c) => ({ source: c, destiny: c, primaryKey: false })),
  spatializeType: 'source-attribute',
  spatializeMode: 'all',
  spatializeGeometry: 'polygon',
  spatializeSourceAttribute: 'WKT',
})

async function main() {
  const files = {}
  if (FORMATS.includes('csv')) {
    files.csv = path.join(tmp, 'placas.csv')
    await writeCsv(files.csv)
  }
  if (FORMATS.includes('xlsx')) {
    files.xlsx = path.join(tmp, 'placas.xlsx')
    await writeXlsx(files.xlsx)
  }
  let shp
  if (FORMATS.includes('shp')) shp = await writeShapefile(tmp)
  for (const [k, f] of Object.entries({ ...files, ...(shp ? { shp: shp.zip } : {}) })) {
    console.log(`${k}: ${(statSync(f).size / 1e6).toFixed(1)} MB`)
  }

  const results = {}
  const name = `gis_bench_import_${process.pid}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const dbUrl = databaseUrl(postgresUrl, name)
  try {
    for (const db of DBS) {
      const dataDir = path.join(tmp, `data-${db}`)
      const env =
        db === 'postgres' ? { DATABASE_URL: dbUrl, DATA_DIR: dataDir } : { DATA_DIR: dataDir }
      if (db === 'postgres') {
        const seeded = spawnSync(
          process.execPath,
          [path.join(repoRoot, 'packages/server/dist/seed.js')],
          {
            env: { PATH: process.env.PATH, ...env },
            encoding: 'utf8',
          },
        )
        if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`)
      }
      const server = await startServer(env, {
        port: 18_500 + (process.pid % 400),
        timeoutMs: 600_000,
      })
      try {
        const auth = await signIn(server.url)
        for (const format of FORMATS) {
          const file = format === 'shp' ? shp.zip : files[format]
          const filename = path.basename(file)
          const layer = `bench_${format}_${db}`
          const r = await ours(
            server,
            auth,
            file,
            filename,
            format === 'shp' ? shpExecute(layer) : csvExecute(layer),
          )
          results[`${db}:${format}`] = r
          console.log(
            `ours on ${db}, ${format}: ${r.total.toFixed(1)} s (read ${r.read.toFixed(1)} s), ${r.written} created, ${r.errors} errors`,
          )
        }
      } finally {
        await server.stop()
      }
    }
    if (DBS.includes('postgres')) {
      for (const format of FORMATS) {
        const seconds =
          format === 'csv'
            ? ogr2ogr(dbUrl, files.csv, 'csv', [
                '-oo',
                'X_POSSIBLE_NAMES=lon',
                '-oo',
                'Y_POSSIBLE_NAMES=lat',
                '-a_srs',
                'EPSG:4326',
              ])
            : format === 'xlsx'
              ? ogr2ogr(dbUrl, files.xlsx, 'xlsx', [
                  '-dialect',
                  'SQLite',
                  '-sql',
                  'SELECT *, MakePoint(lon, lat, 4326) AS geom FROM placas',
                  '-a_srs',
                  'EPSG:4326',
                ])
              : ogr2ogr(dbUrl, shp.shp, 'shp', ['-t_srs', 'EPSG:4326'])
        results[`ogr2ogr:${format}`] = seconds
        const mine = results[`postgres:${format}`].total
        const ratio = seconds / mine
        console.log(
          `ogr2ogr (PG_USE_COPY), ${format}: ${seconds.toFixed(1)} s; ours ${mine.toFixed(1)} s: ` +
            `${ratio.toFixed(2)}× ogr2ogr's speed (target ≥ ${TARGET.vsOgr2ogr}) ${ratio >= TARGET.vsOgr2ogr ? 'OK' : 'MISSED'}`,
        )
      }
    }
    if (DBS.includes('postgres') && DBS.includes('pglite')) {
      for (const format of FORMATS) {
        const ratio = results[`pglite:${format}`].total / results[`postgres:${format}`].total
        console.log(
          `PGlite / PostgreSQL, ${format}: ${ratio.toFixed(2)}× (target ≤ ${TARGET.pgliteVsPostgres}) ${ratio <= TARGET.pgliteVsPostgres ? 'OK' : 'MISSED'}`,
        )
      }
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    rmSync(tmp, { recursive: true, force: true })
  }
}

await main()
