// Feature search and exports against ogr2ogr -sql on the same PostgreSQL database, in one run:
// one page (20 rows, sorted) of a two-rule filter over a layer of BENCH_SEARCH_ROWS rows
// (500,000 by default), and the export of every row to csv, geojson, gpkg and shapefile (our
// job from POST to COMPLETE plus the download, against ogr2ogr writing the same file).
// Target: not slower than ogr2ogr. Needs `npm run build`, ogr2ogr, and PostgreSQL + PostGIS at
// BENCH_DATABASE_URL (default local).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { databaseUrl, median, postgresUrl, repoRoot, signIn, startServer } from './lib.mjs'

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 500_000)
const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 15)
const LAYER = 'marcos_km'
const FIELDS = ['id', 'rodovia', 'km', 'sentido']
const FILTER = {
  type: 'group',
  operator: 'and',
  rules: [
    { type: 'rule', field: 'km', operator: 'le', value: 250 },
    { type: 'rule', field: 'sentido', operator: 'eq', value: 'Norte' },
  ],
}
const WHERE = `NOT d_e_l_e_t_ AND km::float8 <= 250 AND sentido = 'Norte'`
const EXPORTS = [
  ['csv', 'CSV', 'csv'],
  ['ogr/geojson', 'GeoJSON', 'geojson'],
  ['ogr/gpkg', 'GPKG', 'gpkg'],
  ['ogr/shapefile', 'ESRI Shapefile', 'shp'],
]

function ogr2ogr(dbUrl, args) {
  const started = performance.now()
  const run = spawnSync('ogr2ogr', [...args], {
    env: { PATH: process.env.PATH, PG_LIST_ALL_TABLES: 'NO' },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`ogr2ogr failed: ${run.stderr}`)
  return performance.now() - started
}

const pgSource = (dbUrl) => {
  const u = new URL(dbUrl)
  return `PG:host=${u.hostname} port=${u.port || 5432} dbname=${u.pathname.slice(1)} user=${decodeURIComponent(u.username)}${u.password ? ` password=${decodeURIComponent(u.password)}` : ''}`
}

const ms = (v) => `${v.toFixed(0)} ms`

// BENCH_SEARCH_DB keeps (and reuses) a named database between runs, for profiling;
// BENCH_SEARCH_ONLY=csv,ogr/gpkg runs only those exports.
const keep = process.env.BENCH_SEARCH_DB
const only = process.env.BENCH_SEARCH_ONLY?.split(',')
const name = keep ?? `gis_bench_search_${process.pid}`
const admin = new pg.Client({ connectionString: postgresUrl })
await admin.connect()
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount
if (!exists) await admin.query(`CREATE DATABASE ${name}`)
const dbUrl = databaseUrl(postgresUrl, name)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-search-'))
const outDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-search-out-'))
let server
try {
  const seeded = exists
    ? { status: 0 }
    : spawnSync(process.execPath, [path.join(repoRoot, 'packages/server/dist/seed.js')], {
        env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, DATA_DIR: dataDir },
        encoding: 'utf8',
      })
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`)
  const db = new pg.Client({ connectionString: dbUrl })
  await db.connect()
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM data.${LAYER}`)
  const missing = Math.max(0, ROWS - rows[0].n)
  await db.query(
    `INSERT INTO data.${LAYER} (uuid, rodovia, km, sentido, geom)
     SELECT gen_random_uuid(), 'SP-' || (100 + i % 300), ((i::bigint * 7919) % 500000) / 1000.0,
            (ARRAY['Norte','Sul','Leste','Oeste'])[1 + i % 4],
            ST_SetSRID(ST_MakePoint(-53 + (i % 1000) * 0.005, -23 + (i / 1000) * 0.005), 4326)
       FROM generate_series(1, $1::int) i`,
    [missing],
  )
  await db.query(`ANALYZE data.${LAYER}`)
  await db.end()

  server = await startServer(
    { DATABASE_URL: dbUrl, DATA_DIR: dataDir },
    { port: 18_000 + (process.pid % 1000) },
  )
  const auth = await signIn(server.url)
  const headers = { authorization: auth, 'content-type': 'application/json' }

  // --- one page of a two-rule filter ---
  const ours = []
  const theirs = []
  let found = 0
  for (let i = 0; i < SEARCH_RUNS; i++) {
    const started = performance.now()
    const res = await fetch(`${server.url}/api/features/${LAYER}/search?page=3&limit=20&sort=-km`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ filter: FILTER }),
    })
    if (!res.ok) throw new Error(`search: ${res.status} ${await res.text()}`)
    found = (await res.json()).rowCount
    ours.push(performance.now() - started)
    theirs.push(
      ogr2ogr(dbUrl, [
        '-f',
        'GeoJSON',
        '/vsistdout/',
        pgSource(dbUrl),
        '-sql',
        `SELECT id, ${FIELDS.slice(1).join(', ')}, geom, (SELECT count(*) FROM data.${LAYER} WHERE ${WHERE}) AS total FROM data.${LAYER} WHERE ${WHERE} ORDER BY km DESC, id LIMIT 20 OFFSET 60`,
      ]),
    )
  }
  const results = [['search page (20 of ' + found + ')', median(ours), median(theirs)]]

  // --- exports of every row ---
  for (const [format, driver, ext] of EXPORTS) {
    if (only && !only.includes(format)) continue
    const started = performance.now()
    const start = await fetch(`${server.url}/api/features/${LAYER}/report?format=${format}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ fields: FIELDS }),
    })
    if (start.status !== 202)
      throw new Error(`export ${format}: ${start.status} ${await start.text()}`)
    const { id } = await start.json()
    let jobMs = 0
    for (;;) {
      const job = await (await fetch(`${server.url}/api/reports/jobs/${id}`, { headers })).json()
      jobMs = job.elapsed
      if (job.status === 'COMPLETE') break
      if (job.status === 'ERROR') throw new Error(`export ${format}: ${job.message}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    // Downloaded as Chromium asks for it (brotli first).
    const file = await fetch(`${server.url}/api/report/${id}`, {
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
    })
    const bytes = (await file.arrayBuffer()).byteLength
    const oursMs = performance.now() - started
    const target = path.join(outDir, `${ext}-${Date.now()}.${ext}`)
    const theirsMs = ogr2ogr(dbUrl, [
      '-f',
      driver,
      target,
      pgSource(dbUrl),
      '-sql',
      `SELECT id, ${FIELDS.slice(1).join(', ')}, geom FROM data.${LAYER} WHERE NOT d_e_l_e_t_ ORDER BY id`,
      '-nln',
      LAYER,
    ])
    const theirBytes = statSync(target).size
    results.push([
      `export ${format} (${(bytes / 1e6).toFixed(1)} MB vs ${(theirBytes / 1e6).toFixed(1)} MB; job ${ms(jobMs)})`,
      oursMs,
      theirsMs,
    ])
  }

  console.log(`search and export, PostgreSQL, ${ROWS} rows in ${LAYER}`)
  for (const [label, a, b] of results) {
    const ratio = b / a
    console.log(
      `${label.padEnd(60)} ours ${ms(a).padStart(9)}  ogr2ogr ${ms(b).padStart(9)}  ${ratio.toFixed(2)}x ${ratio >= 1 ? 'ok' : 'SLOWER'}`,
    )
  }
} finally {
  await server?.stop()
  if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(outDir, { recursive: true, force: true })
}
