// Time per feature of the write path (issue 45, part 3): WFS-T Insert, Update and Delete of
// many features in one Transaction, and REST inserts and updates one request each, on
// PostgreSQL with the demo data. The statements per feature are held by the API test
// (ogc/write-path.test.ts); this prints the milliseconds.
//
// BENCH_WRITE_BASE=/path/to/another/checkout runs the same calls against that checkout's built
// server in the same run (its `packages/server/dist`), and prints ours / theirs: how main
// c5e063b compared was measured so (docs/ops.md).
// Needs `npm run build` and PostgreSQL + PostGIS at BENCH_DATABASE_URL (default local).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { databaseUrl, median, postgresUrl, repoRoot, signIn, startServer } from './lib.mjs'

const FEATURES = Number(process.env.BENCH_WRITE_FEATURES ?? 500)
const REST_REQUESTS = Number(process.env.BENCH_WRITE_REST ?? 200)
const RUNS = Number(process.env.BENCH_WRITE_RUNS ?? 3)
const basic = `Basic ${Buffer.from('admin:admin123').toString('base64')}`

const tx = (actions) =>
  `<wfs:Transaction service="WFS" version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:gis="urn:x-gis-web:features">${actions}</wfs:Transaction>`
const marco = (i) =>
  `<gis:marcos_km><gis:geom><gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>${-23.5 + i / 100000} -47.4</gml:pos></gml:Point></gis:geom><gis:rodovia>SP-270</gis:rodovia><gis:km>${100 + i}</gis:km></gis:marcos_km>`
const rids = (ids) =>
  `<fes:Filter>${ids.map((id) => `<fes:ResourceId rid="marcos_km.${id}"/>`).join('')}</fes:Filter>`

async function transaction(url, actions) {
  const started = performance.now()
  const res = await fetch(`${url}/ows`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'text/xml' },
    body: tx(actions),
  })
  const body = await res.text()
  if (res.status !== 200 || body.includes('ExceptionReport')) {
    throw new Error(`Transaction: ${res.status} ${body.slice(0, 400)}`)
  }
  return { ms: performance.now() - started, body }
}

async function rest(url, auth, method, pathName, payload) {
  const started = performance.now()
  const res = await fetch(`${url}${pathName}`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${JSON.stringify(json)}`)
  return { ms: performance.now() - started, json }
}

/** One run of every write against a server; milliseconds per feature by write. */
async function measure(url) {
  const auth = await signIn(url)
  const inserted = await transaction(
    url,
    `<wfs:Insert>${Array.from({ length: FEATURES }, (_, i) => marco(i)).join('')}</wfs:Insert>`,
  )
  const ids = [...inserted.body.matchAll(/rid="marcos_km\.(\d+)"/g)].map((m) => Number(m[1]))
  if (ids.length !== FEATURES) throw new Error(`inserted ${ids.length} of ${FEATURES}`)
  const updated = await transaction(
    url,
    `<wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:ValueReference>km</wfs:ValueReference><wfs:Value>7</wfs:Value></wfs:Property><wfs:Property><wfs:ValueReference>geom</wfs:ValueReference><wfs:Value><gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>-23.4 -47.3</gml:pos></gml:Point></wfs:Value></wfs:Property>${rids(ids)}</wfs:Update>`,
  )
  const deleted = await transaction(
    url,
    `<wfs:Delete typeName="gis:marcos_km">${rids(ids)}</wfs:Delete>`,
  )
  const restInsert = []
  const restUpdate = []
  for (let i = 0; i < REST_REQUESTS; i++) {
    const created = await rest(url, auth, 'POST', '/api/features/marcos_km', {
      attributes: { rodovia: 'SP-270', km: 12 + i },
      geom: { type: 'Point', coordinates: [-47.4, -23.5 + i / 100000] },
    })
    restInsert.push(created.ms)
    const { id, version } = created.json
    const changed = await rest(url, auth, 'PUT', `/api/features/marcos_km/${id}?geom=true`, {
      version,
      attributes: { km: 13 + i },
      geom: { type: 'Point', coordinates: [-47.3, -23.4] },
    })
    restUpdate.push(changed.ms)
  }
  return {
    'WFS-T insert': inserted.ms / FEATURES,
    'WFS-T update': updated.ms / FEATURES,
    'WFS-T delete': deleted.ms / FEATURES,
    'REST insert (p50 request)': median(restInsert),
    'REST update (p50 request)': median(restUpdate),
  }
}

/** The medians of RUNS runs against the server of `root` (a checkout with its build). */
async function bench(root, name, port) {
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  const db = `bench_write_${name}_${process.pid}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `gis-bench-write-${name}-`))
  const dbUrl = databaseUrl(postgresUrl, db)
  let server
  try {
    await admin.query(`CREATE DATABASE ${db}`)
    const seeded = spawnSync(process.execPath, [path.join(root, 'packages/server/dist/seed.js')], {
      env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, DATA_DIR: dataDir },
      encoding: 'utf8',
    })
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`)
    server = await startServer(
      { DATABASE_URL: dbUrl, DATA_DIR: dataDir },
      { port, script: path.join(root, 'packages/server/dist/main.js') },
    )
    await measure(server.url) // warm-up: caches, prepared statements, JIT
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await measure(server.url))
    return Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]))
  } finally {
    await server?.stop()
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const ours = await bench(repoRoot, 'ours', 18_741)
const base = process.env.BENCH_WRITE_BASE
const theirs = base ? await bench(path.resolve(base), 'base', 18_742) : undefined
console.log(
  `Write path on PostgreSQL: ${FEATURES} features per Transaction, ${REST_REQUESTS} REST requests, median of ${RUNS} runs (ms per feature)`,
)
for (const [what, ms] of Object.entries(ours)) {
  const other = theirs?.[what]
  console.log(
    `  ${what.padEnd(27)} ${ms.toFixed(2).padStart(7)} ms` +
      (other === undefined
        ? ''
        : `   ${path.basename(base)}: ${other.toFixed(2).padStart(7)} ms   ratio ${(other / ms).toFixed(2)}x`),
  )
}
