import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseUrl } from '../test/template'
import { serverRoot } from './paths'

/** The built server as a real process, as `npm start` runs it. */
interface Running {
  child: ChildProcess
  output: () => string
  url: string
  exited: Promise<number | null>
}

let nextPort = 18_000 + (process.pid % 1000) * 2

function startServer(env: Record<string, string>): Running {
  const port = String(nextPort++)
  let out = ''
  const child = spawn(process.execPath, [path.join(serverRoot, 'dist', 'main.js')], {
    env: { PATH: process.env.PATH, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, url: `http://127.0.0.1:${port}`, exited }
}

async function waitReady(s: Running, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms
  let exitedEarly = false
  void s.exited.then(() => (exitedEarly = true))
  while (Date.now() < deadline && !exitedEarly) {
    try {
      if ((await fetch(`${s.url}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server not ready:\n${s.output()}`)
}

async function stop(s: Running): Promise<number | null> {
  s.child.kill('SIGTERM')
  return s.exited
}

async function login(url: string, username: string, password: string) {
  return fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
}

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot })
})

describe.runIf(!process.env.TEST_DATABASE_URL)('npm start on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-start-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('creates and seeds the database, prints the URL and credentials, keeps accounts across restarts, refuses a second process', async () => {
    const first = startServer({ DATA_DIR: dataDir })
    await waitReady(first)
    expect(first.output()).toContain(`Servidor pronto: http://localhost:`)
    expect(first.output()).toContain('admin / admin123')
    expect(first.output()).toContain('demo / demo1234')

    const second = startServer({ DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('já está em uso pelo processo')

    const reg = await fetch(`${first.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Persistente',
        username: 'persiste',
        email: 'p@ex.com',
        password: 'persiste1',
        sector: 'TI',
      }),
    })
    expect(reg.status).toBe(201)
    expect(await stop(first)).toBe(0)

    const again = startServer({ DATA_DIR: dataDir })
    await waitReady(again)
    expect((await login(again.url, 'admin', 'admin123')).headers.get('authorization')).toMatch(
      /^Bearer /,
    )
    expect(await (await login(again.url, 'persiste', 'persiste1')).json()).toMatchObject({
      active: false,
    })
    expect(await stop(again)).toBe(0)
  }, 240_000)
})

describe.runIf(!!process.env.TEST_DATABASE_URL)('npm start on PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://unused/none'
  const name = `gis_start_${process.pid}`
  const url = databaseUrl(base, name)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-start-'))

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: base })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await c.query(`CREATE DATABASE "${name}"`)
    await c.end()
  })
  afterAll(async () => {
    const c = new pg.Client({ connectionString: base })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await c.end()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses to start on an empty database without ADMIN_USERNAME and ADMIN_PASSWORD', async () => {
    const s = startServer({ DATABASE_URL: url, DATA_DIR: dataDir })
    expect(await s.exited).toBe(1)
    expect(s.output()).toContain('defina ADMIN_USERNAME e ADMIN_PASSWORD')
  }, 60_000)

  it('creates the first administrator from the environment, once; two processes start together', async () => {
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'chefe',
      ADMIN_PASSWORD: 'chefe-senha-1',
    }
    const a = startServer(env)
    const b = startServer({ ...env, DATA_DIR: `${dataDir}-b` })
    await Promise.all([waitReady(a), waitReady(b)])
    expect(a.output()).not.toContain('admin / admin123')
    const res = await login(a.url, 'chefe', 'chefe-senha-1')
    expect(await res.json()).toMatchObject({ username: 'chefe', admin: true, active: true })
    expect((await login(b.url, 'admin', 'admin123')).status).toBe(401)
    await Promise.all([stop(a), stop(b)])

    const c = new pg.Client({ connectionString: url })
    await c.connect()
    const admins = await c.query(
      `SELECT count(*)::int AS n FROM app.users WHERE lower(username) = 'chefe'`,
    )
    await c.end()
    expect(admins.rows[0].n).toBe(1)
  }, 120_000)

  it('npm run seed loads the demo data into any database, once', async () => {
    const seedName = `${name}_seed`
    const c = new pg.Client({ connectionString: base })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS "${seedName}" WITH (FORCE)`)
    await c.query(`CREATE DATABASE "${seedName}"`)
    try {
      const env = { ...process.env, DATABASE_URL: databaseUrl(base, seedName), DATA_DIR: dataDir }
      const seed = path.join(serverRoot, 'dist', 'seed.js')
      expect(execFileSync(process.execPath, [seed], { env }).toString()).toContain(
        'Dados de demonstração criados.',
      )
      expect(execFileSync(process.execPath, [seed], { env }).toString()).toContain('já existiam')
      const s = startServer({ DATABASE_URL: databaseUrl(base, seedName), DATA_DIR: dataDir })
      await waitReady(s)
      expect(await (await login(s.url, 'demo', 'demo1234')).json()).toMatchObject({ active: true })
      await stop(s)
    } finally {
      await c.query(`DROP DATABASE IF EXISTS "${seedName}" WITH (FORCE)`)
      await c.end()
    }
  }, 180_000)
})
