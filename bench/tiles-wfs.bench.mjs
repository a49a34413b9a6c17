// Vector tiles and WFS: our HTTP endpoints against the same SQL run directly, in one run, on
// PostgreSQL + PostGIS; then the same endpoints on the embedded PGlite against PostgreSQL.
// Targets: tiles at 8 concurrent requests >= 0.85x the direct ST_AsMVT SQL, p50 within 2 ms;
// WFS GetFeature of 100 features in a bbox >= 0.8x its SQL floor.
// Needs `npm run build` and PostgreSQL + PostGIS at BENCH_DATABASE_URL (default local).
// A local PostgreSQL gets core 0 to itself for the PostgreSQL part, as a deployment gives the
// database its own CPU (otherwise any HTTP server in front of the SQL pays for its CPU out of
// PostgreSQL's); BENCH_PIN=0 runs everything on shared cores.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { databaseUrl, postgresUrl, repoRoot, signIn, startServer } from './lib.mjs'
import {
  closeConnections,
  CONCURRENCY,
  fmt,
  get,
  pinCores,
  probe,
  ROUNDS,
  rounds,
  spread,
  warmUp,
} from './load.mjs'
import { collection, FEATURE_PREFIX, LAYER, tileSql, wfsSql } from './ogc-sql.mjs'

// Requests per round: a round lasts seconds, so that the caches' 2-5 s refreshes and GC
// pauses are averaged in rather than landing in one short round. PGlite is ~10x slower.
const TILE_REQUESTS = Number(process.env.BENCH_TILE_REQUESTS ?? 2000)
const WFS_REQUESTS = Number(process.env.BENCH_WFS_REQUESTS ?? 1500)
const PGLITE_REQUESTS = Number(process.env.BENCH_PGLITE_REQUESTS ?? 400)
const TILE_ZOOM = Number(process.env.BENCH_TILE_ZOOM ?? 13)

function tileOf(lon, lat, z) {
  const n = 2 ** z
  const rad = (lat * Math.PI) / 180
  return [
    z,
    Math.floor(((lon + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  ]
}

function endpointJobs(url, auth, tiles, boxes) {
  const headers = { authorization: auth }
  return {
    tile: async (i) => {
      const [z, x, y] = tiles[i % tiles.length]
      const res = await get(`${url}/api/tiles/${LAYER}/${z}/${x}/${y}.pbf`, headers)
      if (res.status !== 200) throw new Error(`tile ${res.status}`)
    },
    wfs: async (i) => {
      const b = boxes[i % boxes.length]
      const res = await get(
        `${url}/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=${LAYER}&OUTPUTFORMAT=application/json&COUNT=100&BBOX=${b.join(',')},EPSG:4326`,
        headers,
      )
      if (res.status !== 200) throw new Error(`wfs ${res.status}`)
    },
  }
}

// --- PostgreSQL + PostGIS: a database with the demo data ---
const name = `gis_bench_tiles_${process.pid}`
const admin = new pg.Client({ connectionString: postgresUrl })
await admin.connect()
await admin.query(`CREATE DATABASE ${name}`)
const dbUrl = databaseUrl(postgresUrl, name)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-tiles-'))
let server
let floor
let pglite
let unpin
let pinned = false
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
  if (process.env.BENCH_PIN !== '0') {
    try {
      unpin = await pinCores(admin)
      pinned = true
    } catch (err) {
      console.warn(`PostgreSQL not given a core of its own (${err.message}): sharing cores`)
    }
  }
  // Cold: the server's tile cache is off, so every request renders its tile as the SQL does.
  server = await startServer(
    { DATABASE_URL: dbUrl, DATA_DIR: dataDir, TILE_CACHE_MB: '0' },
    { port: 18_731 },
  )
  const auth = await signIn(server.url)
  Object.assign(probe, { database: name, admin })
  // The floor: a bare Fastify route running the same prepared SQL (bench/floor-server.mjs).
  floor = await startServer(
    { DATABASE_URL: dbUrl },
    { port: 18_734, script: path.join(repoRoot, 'bench', 'floor-server.mjs') },
  )
  const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY })
  // Dropping the database at the end must not hide the error that ended the run.
  pool.on('error', () => {})
  const { rows: layerRows } = await pool.query(
    'SELECT attributes FROM app.layers WHERE name = $1',
    [LAYER],
  )
  const attributes = layerRows[0].attributes
  const { rows: sample } = await pool.query(
    `SELECT ST_X(geom) AS lon, ST_Y(geom) AS lat FROM data.${LAYER} WHERE id % 173 = 0 ORDER BY id`,
  )
  const seen = new Set()
  const tiles = []
  for (const s of sample) {
    const t = tileOf(s.lon, s.lat, TILE_ZOOM)
    if (seen.has(t.join('/'))) continue
    seen.add(t.join('/'))
    tiles.push(t)
  }
  const boxes = sample.map((s) => [s.lon - 0.01, s.lat - 0.01, s.lon + 0.01, s.lat + 0.01])
  // Prepared, as our server runs them: the floor is the database's own work.
  const tileQuery = (z, x, y) => ({
    name: 'tile',
    text: tileSql(attributes),
    values: [z, x, y, LAYER],
  })
  const wfsQuery = (b) => ({
    name: 'wfs',
    text: wfsSql(attributes),
    values: [...b, 100, 0, FEATURE_PREFIX],
  })

  // The endpoint and the direct SQL answer the same bytes / features.
  const [z0, x0, y0] = tiles[0]
  const direct = (await pool.query(tileQuery(z0, x0, y0))).rows[0].tile
  const viaHttp = Buffer.from(
    await (
      await fetch(`${server.url}/api/tiles/${LAYER}/${z0}/${x0}/${y0}.pbf`, {
        headers: { authorization: auth },
      })
    ).arrayBuffer(),
  )
  if (!direct.equals(viaHttp))
    throw new Error(
      `the endpoint tile differs from the direct SQL tile (${direct.length} / ${viaHttp.length} bytes)`,
    )
  const b0 = boxes[0]
  const sqlIds = JSON.parse(collection((await pool.query(wfsQuery(b0))).rows[0])).features.map(
    (f) => f.properties.id,
  )
  const httpIds = (
    await (
      await fetch(
        `${server.url}/ows?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=${LAYER}&OUTPUTFORMAT=application/json&COUNT=100&BBOX=${b0.join(',')},EPSG:4326`,
        { headers: { authorization: auth } },
      )
    ).json()
  ).features.map((f) => f.properties.id)
  if (sqlIds.join() !== httpIds.join())
    throw new Error('the WFS answer differs from the direct SQL')

  const pgJobs = endpointJobs(server.url, auth, tiles, boxes)
  const floorJobs = {
    tile: async (i) => {
      const res = await get(`${floor.url}/tile/${tiles[i % tiles.length].join('/')}`)
      if (res.status !== 200) throw new Error(`floor tile ${res.status}`)
    },
    wfs: async (i) => {
      const res = await get(`${floor.url}/wfs?bbox=${boxes[i % boxes.length].join(',')}`)
      if (res.status !== 200) throw new Error(`floor wfs ${res.status}`)
    },
  }
  const sides = {
    sqlTile: [TILE_REQUESTS, (i) => pool.query(tileQuery(...tiles[i % tiles.length]))],
    floorTile: [TILE_REQUESTS, floorJobs.tile, floor.pid],
    tile: [TILE_REQUESTS, pgJobs.tile, server.pid],
    sqlWfs: [
      WFS_REQUESTS,
      async (i) => {
        const { rows } = await pool.query(wfsQuery(boxes[i % boxes.length]))
        // The floor includes wrapping the answer, as the server must.
        collection(rows[0])
      },
    ],
    floorWfs: [WFS_REQUESTS, floorJobs.wfs, floor.pid],
    wfs: [WFS_REQUESTS, pgJobs.wfs, server.pid],
  }
  await warmUp(sides)
  const pgResults = await rounds(sides)
  const { sqlTile, sqlWfs, floorTile, floorWfs } = pgResults
  const onPostgres = { tile: pgResults.tile, wfs: pgResults.wfs }
  await pool.end()
  await floor.stop()
  floor = undefined
  await server.stop()
  server = undefined

  // Warm: the same tiles again with the server's tile cache on (the default).
  server = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: dataDir }, { port: 18_733 })
  const warmJobs = endpointJobs(server.url, await signIn(server.url), tiles, boxes)
  const warmSides = { tile: [TILE_REQUESTS, warmJobs.tile, server.pid] }
  await warmUp(warmSides)
  const { tile: warmTile } = await rounds(warmSides)
  await server.stop()
  server = undefined
  unpin?.()
  unpin = undefined

  // --- The same endpoints on the embedded database (first start seeds the demo data) ---
  const liteDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-tiles-lite-'))
  pglite = { dir: liteDir }
  server = await startServer({ DATA_DIR: liteDir, TILE_CACHE_MB: '0' }, { port: 18_732 })
  probe.database = ''
  const liteAuth = await signIn(server.url)
  const liteJobs = endpointJobs(server.url, liteAuth, tiles, boxes)
  const liteSides = {
    tile: [PGLITE_REQUESTS, liteJobs.tile, server.pid],
    wfs: [PGLITE_REQUESTS, liteJobs.wfs, server.pid],
  }
  await warmUp(liteSides, 200)
  const onPglite = await rounds(liteSides)
  await server.stop()
  server = undefined

  const ratio = (a, b) => (a.rps / b.rps).toFixed(2)
  console.log(
    `layer ${LAYER} (${tiles.length} tiles at z${TILE_ZOOM}, ${boxes.length} bboxes), ${CONCURRENCY} concurrent requests, median of ${ROUNDS} interleaved rounds`,
  )
  console.log(
    pinned
      ? 'PostgreSQL + PostGIS (PostgreSQL on core 0; load generator and web servers on core 1; BENCH_PIN=0 shares both)'
      : 'PostgreSQL + PostGIS (load generator, web servers and PostgreSQL sharing the cores)',
  )
  console.log(`  tiles  direct ST_AsMVT SQL : ${fmt(sqlTile)}`)
  console.log(`  tiles  bare Fastify route  : ${fmt(floorTile)}  (same SQL, nothing else)`)
  console.log(`  tiles  GET /api/tiles      : ${fmt(onPostgres.tile)}  (tile cache off)`)
  console.log(`  tiles  GET /api/tiles warm : ${fmt(warmTile)}  (tile cache on, same tiles again)`)
  console.log(`  WFS    direct SQL (100)    : ${fmt(sqlWfs)}`)
  console.log(`  WFS    bare Fastify route  : ${fmt(floorWfs)}  (same SQL, nothing else)`)
  console.log(`  WFS    GET /ows GetFeature : ${fmt(onPostgres.wfs)}`)
  console.log('PGlite (embedded)')
  console.log(`  tiles  GET /api/tiles      : ${fmt(onPglite.tile)}`)
  console.log(`  WFS    GET /ows GetFeature : ${fmt(onPglite.wfs)}`)
  const tileRatio = onPostgres.tile.rps / sqlTile.rps
  const p50Gap = onPostgres.tile.p50 - sqlTile.p50
  const wfsRatio = onPostgres.wfs.rps / sqlWfs.rps
  console.log('ratios')
  console.log(
    `  tiles endpoint / SQL        : ${tileRatio.toFixed(2)}x [${spread(onPostgres.tile, sqlTile)}] (target >= 0.85: ${tileRatio >= 0.85 ? 'met' : 'NOT met'}); p50 gap ${p50Gap.toFixed(2)} ms (target <= 2: ${p50Gap <= 2 ? 'met' : 'NOT met'})`,
  )
  console.log(
    `  WFS endpoint / SQL floor    : ${wfsRatio.toFixed(2)}x [${spread(onPostgres.wfs, sqlWfs)}] (target >= 0.8: ${wfsRatio >= 0.8 ? 'met' : 'NOT met'})`,
  )
  console.log(`  tiles warm endpoint / SQL   : ${ratio(warmTile, sqlTile)}x`)
  console.log(
    `  bare route / SQL, tiles     : ${ratio(floorTile, sqlTile)}x [${spread(floorTile, sqlTile)}]  (the HTTP hop alone)`,
  )
  console.log(
    `  bare route / SQL, WFS       : ${ratio(floorWfs, sqlWfs)}x [${spread(floorWfs, sqlWfs)}]`,
  )
  console.log(
    `  tiles endpoint / bare route : ${ratio(onPostgres.tile, floorTile)}x [${spread(onPostgres.tile, floorTile)}]  (our code's own cost)`,
  )
  console.log(
    `  WFS endpoint / bare route   : ${ratio(onPostgres.wfs, floorWfs)}x [${spread(onPostgres.wfs, floorWfs)}]`,
  )
  console.log(`  tiles PGlite / PostgreSQL   : ${ratio(onPglite.tile, onPostgres.tile)}x`)
  console.log(`  WFS PGlite / PostgreSQL     : ${ratio(onPglite.wfs, onPostgres.wfs)}x`)
  // Throughput a dedicated machine would reach is cores / CPU per request: the CPU ratio
  // estimates the throughput ratio without the neighbours' noise.
  const cpuRatio = (sql, endpoint) => (sql.cpu.total / endpoint.cpu.total).toFixed(2)
  console.log('CPU-bound estimates (CPU per request of the SQL / of the endpoint)')
  console.log(`  tiles endpoint / SQL        : ${cpuRatio(sqlTile, onPostgres.tile)}x`)
  console.log(`  tiles warm endpoint / SQL   : ${cpuRatio(sqlTile, warmTile)}x`)
  console.log(`  tiles endpoint / bare route : ${cpuRatio(floorTile, onPostgres.tile)}x`)
  console.log(`  WFS endpoint / bare route   : ${cpuRatio(floorWfs, onPostgres.wfs)}x`)
  console.log(`  WFS endpoint / SQL floor    : ${cpuRatio(sqlWfs, onPostgres.wfs)}x`)
  console.log(`  tiles PGlite / PostgreSQL   : ${cpuRatio(onPostgres.tile, onPglite.tile)}x`)
  console.log(`  WFS PGlite / PostgreSQL     : ${cpuRatio(onPostgres.wfs, onPglite.wfs)}x`)
  // Deployed, the server and the clients do not run on the database's cores: PostgreSQL
  // bounds both sides, and the ratio is that of PostgreSQL's CPU per request.
  const dbRatio = (sql, endpoint) => (sql.cpu.db / endpoint.cpu.db).toFixed(2)
  console.log('PostgreSQL-bound estimates (server and clients on other cores: its CPU per request)')
  console.log(`  tiles endpoint / SQL        : ${dbRatio(sqlTile, onPostgres.tile)}x`)
  console.log(`  WFS endpoint / SQL floor    : ${dbRatio(sqlWfs, onPostgres.wfs)}x`)
} finally {
  unpin?.()
  closeConnections()
  if (floor) await floor.stop()
  if (server) await server.stop()
  if (pglite) rmSync(pglite.dir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}
