// Start-up: time from process start to /healthz ready, on an existing embedded database and
// on PostgreSQL + PostGIS, side by side. Target: under 3 s on an existing embedded database.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { spawn, spawnSync } from 'node:child_process'
import { databaseUrl, median, postgresUrl, repoRoot, startServer } from './lib.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const port = 18_700

async function measure(env) {
  // The first start creates the database (migrations, demo data): not what we measure.
  const first = await startServer(env, { port })
  await first.stop()
  const times = []
  for (let i = 0; i < RUNS; i++) {
    const s = await startServer(env, { port })
    times.push(s.readyMs)
    await s.stop()
  }
  return times
}

/** `npm start` as a user types it (the build check included), to /healthz ready. */
async function npmStart(env) {
  const started = performance.now()
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
    detached: true,
  })
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('npm start did not get ready')
    await new Promise((r) => setTimeout(r, 20))
  }
  const ms = performance.now() - started
  process.kill(-child.pid, 'SIGTERM')
  await new Promise((r) => child.on('exit', r))
  await new Promise((r) => setTimeout(r, 500))
  return ms
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-startup-'))
const embedded = await measure({ DATA_DIR: dataDir })
spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: repoRoot, stdio: 'ignore' })
const viaNpm = []
for (let i = 0; i < RUNS; i++) viaNpm.push(await npmStart({ DATA_DIR: dataDir }))
rmSync(dataDir, { recursive: true, force: true })

let postgres
const name = 'gis_bench_startup'
const admin = new pg.Client({ connectionString: postgresUrl })
try {
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-startup-pg-'))
  postgres = await measure({
    DATABASE_URL: databaseUrl(postgresUrl, name),
    DATA_DIR: pgDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'Bench#Admin-2026',
  })
  rmSync(pgDir, { recursive: true, force: true })
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
} catch (err) {
  console.log(`PostgreSQL unavailable (${err.message}); only the embedded database was measured.`)
} finally {
  await admin.end().catch(() => {})
}

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`
console.log(`start-up to /healthz ready, median of ${RUNS} runs (existing database)`)
console.log(`  embedded PGlite : ${fmt(median(embedded))}  (runs: ${embedded.map(fmt).join(', ')})`)
console.log(
  `  npm start, embedded, nothing to build: ${fmt(median(viaNpm))}  (runs: ${viaNpm.map(fmt).join(', ')})`,
)
if (postgres) {
  console.log(
    `  PostgreSQL      : ${fmt(median(postgres))}  (runs: ${postgres.map(fmt).join(', ')})`,
  )
  console.log(`  ratio PGlite / PostgreSQL: ${(median(embedded) / median(postgres)).toFixed(2)}×`)
}
console.log(`  target embedded < 3.00 s: ${median(embedded) < 3000 ? 'met' : 'NOT met'}`)
console.log(`  target npm start < 3.00 s: ${median(viaNpm) < 3000 ? 'met' : 'NOT met'}`)
