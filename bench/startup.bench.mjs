// Start-up: time from process start to /healthz ready, on an existing embedded database and
// on PostgreSQL + PostGIS, side by side. Target: under 3 s on an existing embedded database.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { databaseUrl, median, postgresUrl, startServer } from './lib.mjs'

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

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-startup-'))
const embedded = await measure({ DATA_DIR: dataDir })
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
    ADMIN_PASSWORD: 'admin-bench-1',
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
if (postgres) {
  console.log(
    `  PostgreSQL      : ${fmt(median(postgres))}  (runs: ${postgres.map(fmt).join(', ')})`,
  )
  console.log(`  ratio PGlite / PostgreSQL: ${(median(embedded) / median(postgres)).toFixed(2)}×`)
}
console.log(`  target embedded < 3.00 s: ${median(embedded) < 3000 ? 'met' : 'NOT met'}`)
