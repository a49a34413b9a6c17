import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const serverMain = path.join(repoRoot, 'packages/server/dist/main.js')
const serverSeed = path.join(repoRoot, 'packages/server/dist/seed.js')

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

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`)
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server did not answer ${url}/healthz within ${timeoutMs} ms`)
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

/** Starts the built server for the run; returns the teardown that stops it and cleans up. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gis-e2e-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
  }
  delete env.SMTP_URL
  delete env.MODULES

  let database: string | undefined
  const testDatabaseUrl = process.env.TEST_DATABASE_URL
  if (testDatabaseUrl) {
    database = `gis_e2e_${process.pid}_${Date.now()}`
    await withAdmin(testDatabaseUrl, (c) => c.query(`CREATE DATABASE ${database}`))
    const url = new URL(testDatabaseUrl)
    url.pathname = `/${database}`
    env.DATABASE_URL = url.toString()
    const seeded = spawnSync(process.execPath, [serverSeed], { env, encoding: 'utf8' })
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`)
  } else {
    delete env.DATABASE_URL
  }

  const server = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  server.stdout?.on('data', keep)
  server.stderr?.on('data', keep)
  try {
    await waitForHealth(baseUrl, server, 120_000)
  } catch (err) {
    server.kill('SIGKILL')
    throw new Error(`${(err as Error).message}\n${log}`)
  }

  process.env.E2E_BASE_URL = baseUrl
  process.env.E2E_DATA_DIR = dataDir

  return async () => {
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
      await withAdmin(testDatabaseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${database}`)).catch(
        () => undefined,
      )
    }
  }
}
