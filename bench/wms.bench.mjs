// WMS GetMap of a dense view (issue 46): the demo's layers over the whole demo area at
// 1024×1024, and its densest layer (placas) alone, against the SQL floor — the same features
// read from PostgreSQL in the view's system, as WKB, by a bare client (what any renderer must
// fetch before it draws). Ratio = ours / floor (1 would be drawing for free).
// Needs `npm run build` and PostgreSQL + PostGIS at BENCH_DATABASE_URL (default local).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { databaseUrl, median, postgresUrl, repoRoot, signIn, startServer } from './lib.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const SIZE = 1024
const LAYERS = [
  'municipios',
  'faixa_dominio',
  'rodovias',
  'oae',
  'marcos_km',
  'placas',
  'pracas_pedagio',
]

const name = `gis_bench_wms_${process.pid}`
const admin = new pg.Client({ connectionString: postgresUrl })
await admin.connect()
await admin.query(`CREATE DATABASE ${name}`)
const dbUrl = databaseUrl(postgresUrl, name)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-wms-'))
let server
const db = new pg.Client({ connectionString: dbUrl })
try {
  const seeded = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'packages/server/dist/seed.js')],
    {
      env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  )
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`)
  server = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: dataDir }, { port: 18_741 })
  const auth = await signIn(server.url)
  await db.connect()

  // The demo area as a square EPSG:3857 box.
  const { rows } = await db.query(
    `SELECT ST_XMin(b) AS x0, ST_YMin(b) AS y0, ST_XMax(b) AS x1, ST_YMax(b) AS y1
       FROM (SELECT ST_Transform(ST_SetSRID(ST_Extent(geom)::geometry, 4326), 3857) AS b
               FROM data.placas WHERE NOT d_e_l_e_t_) e`,
  )
  const r = rows[0]
  const [cx, cy] = [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2]
  const half = Math.max(r.x1 - r.x0, r.y1 - r.y0) / 2
  const box = [cx - half, cy - half, cx + half, cy + half]

  const getMap = async (layers) => {
    const res = await fetch(
      `${server.url}/ows?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layers.join(',')}&STYLES=&CRS=EPSG:3857&BBOX=${box.join(',')}&WIDTH=${SIZE}&HEIGHT=${SIZE}&FORMAT=image/png&TRANSPARENT=TRUE`,
      { headers: { authorization: auth } },
    )
    if (res.status !== 200) throw new Error(`GetMap ${res.status}: ${await res.text()}`)
    return (await res.arrayBuffer()).byteLength
  }
  const floor = async (layers) => {
    let features = 0
    for (const layer of layers) {
      const res = await db.query({
        text: `SELECT ST_AsBinary(ST_Transform(geom, 3857)) AS g FROM data.${layer}
                WHERE NOT d_e_l_e_t_ AND geom && ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 3857), 4326)`,
        values: box,
        rowMode: 'array',
      })
      features += res.rows.length
    }
    return features
  }
  const time = async (fn) => {
    const times = []
    let out
    for (let i = 0; i < RUNS + 1; i++) {
      const start = performance.now()
      out = await fn()
      if (i > 0) times.push(performance.now() - start) // the first warms caches
    }
    return { ms: median(times), out }
  }

  console.log(`GetMap ${SIZE}×${SIZE}, EPSG:3857, demo area, median of ${RUNS} (PostgreSQL)`)
  console.log('| view | features | ours | SQL floor | ratio |')
  console.log('| --- | ---: | ---: | ---: | ---: |')
  for (const [label, layers] of [
    ['every layer', LAYERS],
    ['placas alone', ['placas']],
  ]) {
    const ours = await time(() => getMap(layers))
    const bare = await time(() => floor(layers))
    console.log(
      `| ${label} | ${bare.out} | ${ours.ms.toFixed(0)} ms (${(ours.out / 1024).toFixed(0)} KB) | ${bare.ms.toFixed(0)} ms | ${(ours.ms / bare.ms).toFixed(2)}× |`,
    )
  }
} finally {
  await db.end().catch(() => {})
  await server?.stop()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
  rmSync(dataDir, { recursive: true, force: true })
}
