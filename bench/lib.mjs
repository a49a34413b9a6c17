// Shared helpers of the benchmarks: start the built server as `npm start` does, wait for it.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverMain = path.join(repoRoot, 'packages', 'server', 'dist', 'main.js')
export const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export function databaseUrl(base, name) {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Starts the server (or another `script` that answers /healthz); resolves when /healthz
 * answers, with the milliseconds that took.
 */
export async function startServer(env, { port, timeoutMs = 180_000, script = serverMain } = {}) {
  const started = performance.now()
  let output = ''
  const child = spawn(process.execPath, [script], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The demo's first images are drawn after start: not while a bench measures.
      WARM_DEMO_IMAGERY: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise((resolve) => child.on('exit', resolve))
  let dead = false
  exited.then(() => (dead = true))
  const url = `http://127.0.0.1:${port}`
  while (!dead && performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) {
        return {
          url,
          pid: child.pid,
          readyMs: performance.now() - started,
          output: () => output,
          stop: async () => {
            child.kill('SIGTERM')
            await exited
          },
        }
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start:\n${output}`)
}

/** Signs in as the demo administrator through the API; answers the Authorization header. */
export async function signIn(url) {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
  return res.headers.get('authorization')
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

/**
 * Debian's Chromium as every bench launches it (never a downloaded browser). Every name but
 * localhost resolves nowhere, without DNS: no traffic leaves loopback. `gpu: true` leaves out
 * --disable-gpu, for the benches that time WebGL drawing as a user's browser does it.
 */
export function launchChromium({ gpu = false } = {}) {
  return chromium.launch(chromiumOptions({ gpu }))
}

/** The executable and flags of launchChromium, for a bench that launches its own way. */
export function chromiumOptions({ gpu = false, args = [] } = {}) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      ...(gpu ? [] : ['--disable-gpu']),
      '--disable-background-networking',
      '--disable-component-update',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ...args,
    ],
  }
}

/**
 * A bench in Chromium against the built server on a fresh DATA_DIR (a folder named `prefix…`
 * with the demo data): runs `measure({ server, browser })`, then closes the browser, stops the
 * server and removes the folder. The process ends with 1 when the measure answers 'OVER'.
 */
export async function benchInChromium({ prefix, port, gpu = false }, measure) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix))
  const server = await startServer({ DATA_DIR: dataDir }, { port })
  const browser = await launchChromium({ gpu })
  let verdict
  try {
    verdict = await measure({ server, browser })
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.exit(verdict === 'OVER' ? 1 : 0)
}

/**
 * A bench against the built server on its own PostgreSQL database with the demo data (seeded
 * as `npm run seed` does): runs `measure({ server, auth, db })` — `auth` the admin's
 * Authorization header, `db` a bare `pg` client of that database, the SQL floor's — then
 * stops the server and drops the database.
 */
export async function withDemoOnPostgres({ prefix, port }, measure) {
  const { default: pg } = await import('pg')
  const { spawnSync } = await import('node:child_process')
  const name = `gis_bench_${prefix}_${process.pid}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const dbUrl = databaseUrl(postgresUrl, name)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `gis-bench-${prefix}-`))
  const db = new pg.Client({ connectionString: dbUrl })
  let server
  try {
    const seeded = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'packages/server/dist/seed.js')],
      { env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, DATA_DIR: dataDir }, encoding: 'utf8' },
    )
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`)
    server = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: dataDir }, { port })
    const auth = await signIn(server.url)
    await db.connect()
    return await measure({ server, auth, db })
  } finally {
    await db.end().catch(() => {})
    await server?.stop()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The median milliseconds of `runs` calls of `fn` after one that warms caches, and its answer. */
export async function timed(fn, runs) {
  const times = []
  let out
  for (let i = 0; i < runs + 1; i++) {
    const start = performance.now()
    out = await fn()
    if (i > 0) times.push(performance.now() - start)
  }
  return { ms: median(times), out }
}
