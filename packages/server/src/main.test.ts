import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseUrl, pgliteTemplate } from '../test/template'
import { createPgliteDb } from './db/pglite'
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

/** Runs statements on a PostgreSQL database with a connection of its own; answers the last rows. */
async function onDatabase(url: string, ...statements: string[]): Promise<pg.QueryResultRow[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    let rows: pg.QueryResultRow[] = []
    for (const statement of statements) rows = (await c.query(statement)).rows
    return rows
  } finally {
    await c.end()
  }
}

const dropDatabase = (base: string, name: string) =>
  onDatabase(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
const recreateDatabase = (base: string, name: string) =>
  onDatabase(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `CREATE DATABASE "${name}"`)

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
    await recreateDatabase(base, name)
  })
  afterAll(async () => {
    await dropDatabase(base, name)
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

    const admins = await onDatabase(
      url,
      `SELECT count(*)::int AS n FROM app.users WHERE lower(username) = 'chefe'`,
    )
    expect(admins[0]?.n).toBe(1)
  }, 120_000)

  it('npm run seed loads the demo data into any database, once', async () => {
    const seedName = `${name}_seed`
    await recreateDatabase(base, seedName)
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
      await dropDatabase(base, seedName)
    }
  }, 180_000)
})

const TABLE_COUNTS = `SELECT
  (SELECT count(*) FROM app.users)::int AS users,
  (SELECT count(*) FROM app.layers)::int AS layers,
  (SELECT count(*) FROM app.audit_log)::int AS audit,
  (SELECT count(*) FROM app.schema_migrations)::int AS migrations,
  (SELECT count(*) FROM data.placas)::int AS placas,
  (SELECT count(*) FROM data.municipios)::int AS municipios,
  (SELECT count(*) FROM data.ocorrencias)::int AS ocorrencias`

describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'moving from the embedded database to PostgreSQL',
  () => {
    const base = process.env.TEST_DATABASE_URL ?? 'postgres://unused/none'
    const name = `gis_moved_${process.pid}`
    const url = databaseUrl(base, name)
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-move-'))
    const dumpFile = path.join(dataDir, 'export.sql')
    const exportCli = (env: Record<string, string> = {}) =>
      spawnSync(process.execPath, [path.join(serverRoot, 'dist', 'db-export.js'), dumpFile], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
        encoding: 'utf8',
      })

    afterAll(async () => {
      await dropDatabase(base, name)
      rmSync(dataDir, { recursive: true, force: true })
    })

    it('npm run db:export writes a script that psql restores; the server runs on it with every account and feature', async () => {
      // An embedded database in use: the demo data, one registration and one edited feature.
      const template = new Blob([readFileSync(await pgliteTemplate())])
      const lite = await createPgliteDb({
        dataDir: path.join(dataDir, 'pgdata'),
        loadDataDir: template,
      })
      await lite.query(`UPDATE data.placas SET rodovia = 'MOVIDA-1' WHERE id = 1`)
      const visible = (
        await lite.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM data.placas WHERE NOT d_e_l_e_t_',
        )
      ).rows[0]!.n
      await lite.close()
      const embedded = startServer({ DATA_DIR: dataDir })
      await waitReady(embedded)
      const reg = await fetch(`${embedded.url}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Migrante',
          username: 'migrante',
          email: 'migrante@ex.com',
          password: 'migrante1',
          sector: 'TI',
        }),
      })
      expect(reg.status).toBe(201)
      // Not while the server owns the directory.
      const refused = exportCli()
      expect(refused.status).toBe(1)
      expect(refused.stderr).toContain('já está em uso pelo processo')
      expect(await stop(embedded)).toBe(0)
      const reopened = await createPgliteDb({ dataDir: path.join(dataDir, 'pgdata') })
      const before = (await reopened.query(TABLE_COUNTS)).rows[0]
      await reopened.close()

      const exported = exportCli()
      expect(exported.stderr).toBe('')
      expect(exported.status).toBe(0)
      expect(exported.stdout).toContain(`Banco de dados exportado para ${dumpFile}.`)

      await recreateDatabase(base, name)
      const restored = spawnSync(
        'psql',
        ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', dumpFile],
        {
          encoding: 'utf8',
        },
      )
      expect(restored.stderr).toBe('')
      expect(restored.status).toBe(0)
      const [after] = await onDatabase(url, TABLE_COUNTS)
      expect(after).toEqual(before)

      // No ADMIN_USERNAME needed: the accounts came along.
      const moved = startServer({ DATABASE_URL: url, DATA_DIR: `${dataDir}-pg` })
      await waitReady(moved)
      try {
        const admin = (await login(moved.url, 'admin', 'admin123')).headers.get('authorization')!
        expect(admin).toMatch(/^Bearer /)
        expect(await (await login(moved.url, 'migrante', 'migrante1')).json()).toMatchObject({
          active: false,
        })
        const ows = (query: string) =>
          fetch(`${moved.url}/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&${query}`, {
            headers: { authorization: admin },
          })
        const hits = (await (
          await ows('TYPENAMES=placas&RESULTTYPE=hits&OUTPUTFORMAT=application/json')
        ).json()) as { numberMatched: number }
        expect(hits.numberMatched).toBe(visible)
        const edited = (await (
          await ows('TYPENAMES=placas&OUTPUTFORMAT=application/json&RESOURCEID=placas.1')
        ).json()) as { features: { properties: Record<string, unknown> }[] }
        expect(edited.features[0]?.properties.rodovia).toBe('MOVIDA-1')
        // Sequences came along too: a new account gets a new id.
        const again = await fetch(`${moved.url}/api/users/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Depois',
            username: 'depois',
            email: 'depois@ex.com',
            password: 'depois-123',
            sector: 'TI',
          }),
        })
        expect(again.status).toBe(201)
      } finally {
        await stop(moved)
      }
    }, 240_000)
  },
)
