import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FullConfig } from '@playwright/test'
import pg from 'pg'
import { budget } from './slowdown'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../..')
const serverMain = path.join(repoRoot, 'packages/server/dist/main.js')
const serverSeed = path.join(repoRoot, 'packages/server/dist/seed.js')

let stopping = false

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Starts the server on a free port and waits until *it* says it is ready and /healthz answers.
 * Another process may take the port between our probe and the server's listen (other test runs
 * share this machine): then the server exits, and we try again on another port.
 */
async function startServer(
  env: NodeJS.ProcessEnv,
  logPath: string,
): Promise<{ server: ChildProcess; baseUrl: string }> {
  const logFile = createWriteStream(logPath)
  let lastError = ''
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const server = spawn(process.execPath, [serverMain], {
      env: { ...env, PORT: String(port), PUBLIC_URL: baseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000)
      logFile.write(chunk)
    }
    server.stdout?.on('data', keep)
    server.stderr?.on('data', keep)
    const deadline = Date.now() + budget(120_000)
    while (Date.now() < deadline && server.exitCode === null) {
      if (log.includes('Servidor pronto')) {
        const ok = await fetch(`${baseUrl}/healthz`).then(
          (res) => res.ok,
          () => false,
        )
        if (ok) {
          server.once('exit', (code, signal) => {
            if (stopping) return
            console.error(`\nThe server stopped during the tests (${code ?? signal}):\n${log}`)
          })
          return { server, baseUrl }
        }
      }
      await new Promise((r) => setTimeout(r, 250))
    }
    const how = server.exitCode === null ? 'timed out' : `exited with ${server.exitCode}`
    server.kill('SIGKILL')
    lastError = `attempt ${attempt} on port ${port} ${how}:\n${log}`
  }
  logFile.end()
  throw new Error(`the server did not start:\n${lastError}`)
}

async function withAdmin<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** One server's place: its URL, its DATA_DIR and, on PostgreSQL, its database. */
interface Instance {
  server: ChildProcess
  baseUrl: string
  dataDir: string
  database?: string
}

function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // As behind one proxy: a test can send X-Forwarded-For to have an address of its own
    // (the per-address limits would otherwise add up across tests).
    TRUST_PROXY: '1',
    // The sync spec's stand-in for the regulator listens on loopback, an internal address
    // outbound calls reach only when listed (decision 70).
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    // The documents spec's PDF too heavy to draw gives up in seconds, not the default 30; a
    // real page must still be drawn in time on a slower machine (a stressed run drew the demo
    // contract's first page past 3 s), so the limit grows with the machine's slowness.
    PDF_TIMEOUT_SECONDS: String(Math.ceil(budget(3_000) / 1_000)),
  }
  delete env.SMTP_URL
  delete env.MODULES
  delete env.DATABASE_URL
  return env
}

function databaseUrl(testDatabaseUrl: string, database: string): string {
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * Starts one built server per Playwright worker (`npm run build` must have run), each with a
 * fresh DATA_DIR and, with TEST_DATABASE_URL set, a fresh PostgreSQL database (the first is
 * seeded by dist/seed.js, the others are copies of it). Workers share nothing: a spec that
 * changes the saved workspace, the settings or the demo data changes them for its own worker
 * only, as when one worker ran everything (docs/testing.md). A worker finds its server with
 * TEST_PARALLEL_INDEX (fixtures.ts). Returns the teardown that stops them and removes all.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const began = Date.now()
  const count = Math.max(1, config.workers)
  const testDatabaseUrl = process.env.TEST_DATABASE_URL
  const stamp = `${process.pid}_${Date.now()}`
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(path.join(tmpdir(), 'gis-e2e-')))
  const databases: string[] = []
  if (testDatabaseUrl) {
    const first = `gis_e2e_${stamp}_0`
    await withAdmin(testDatabaseUrl, (c) => c.query(`CREATE DATABASE ${first}`))
    databases.push(first)
    const env = { ...serverEnv(dataDirs[0]!), DATABASE_URL: databaseUrl(testDatabaseUrl, first) }
    const seeded = spawnSync(process.execPath, [serverSeed], { env, encoding: 'utf8' })
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`)
    for (let i = 1; i < count; i++) {
      const copy = `gis_e2e_${stamp}_${i}`
      await withAdmin(testDatabaseUrl, (c) => c.query(`CREATE DATABASE ${copy} TEMPLATE ${first}`))
      databases.push(copy)
    }
  }

  // Each server's output goes to test-results/server-N.log, and to the console if it dies.
  const logDir = path.resolve(here, '../test-results')
  mkdirSync(logDir, { recursive: true })
  const instances: Instance[] = await Promise.all(
    dataDirs.map(async (dataDir, i) => {
      const env = serverEnv(dataDir)
      const database = databases[i]
      if (testDatabaseUrl && database) env.DATABASE_URL = databaseUrl(testDatabaseUrl, database)
      const started = await startServer(env, path.join(logDir, `server-${i}.log`))
      return { ...started, dataDir, database }
    }),
  )
  // The start-up's cost, for `npm run test:times` (the test reports do not hold it).
  const reports = path.resolve(here, '../../../.tmp/reports')
  mkdirSync(reports, { recursive: true })
  writeFileSync(
    path.join(reports, `e2e-startup-${testDatabaseUrl ? 'postgresql' : 'pglite'}.json`),
    JSON.stringify({ seconds: (Date.now() - began) / 1000, servers: count }),
  )
  process.env.E2E_BASE_URLS = instances.map((s) => s.baseUrl).join(' ')
  process.env.E2E_DATA_DIRS = instances.map((s) => s.dataDir).join(' ')

  return async () => {
    stopping = true
    await Promise.all(instances.map((instance) => stop(instance, testDatabaseUrl)))
  }
}

async function stop(instance: Instance, testDatabaseUrl: string | undefined): Promise<void> {
  const { server, dataDir, database } = instance
  server.kill('SIGTERM')
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      server.kill('SIGKILL')
      resolve()
    }, 10_000)
    server.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  rmSync(dataDir, { recursive: true, force: true })
  if (database && testDatabaseUrl) {
    await withAdmin(testDatabaseUrl, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    ).catch(() => undefined)
  }
}
