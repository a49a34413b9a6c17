import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseUrl, onDatabase, pgliteTemplate } from '../test/template'
import { createPgliteDb } from './db/pglite'
import { repoRoot, serverRoot } from './paths'
import { budget } from '../test/slowdown'

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

// Only when the sources changed: cluster.test.ts may be starting dist/main.js meanwhile.
beforeAll(() => {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-if-needed.mjs')])
})

/** The addresses a local port listens on, from the kernel's socket tables (no connection made). */
function listeningAddresses(port: number): string[] {
  const known: Record<string, string> = {
    '0100007F': '127.0.0.1',
    '00000000': '0.0.0.0',
    '00000000000000000000000001000000': '::1',
    '00000000000000000000000000000000': '::',
  }
  const found: string[] = []
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/)
      const [address, portHex] = (cols[1] ?? '').split(':')
      // State 0A: LISTEN.
      if (cols[3] !== '0A' || !address || parseInt(portHex ?? '', 16) !== port) continue
      found.push(known[address] ?? address)
    }
  }
  return found.sort()
}

const portOf = (s: Running) => Number(new URL(s.url).port)

async function signInToken(url: string, username: string, password: string): Promise<string> {
  const res = await login(url, username, password)
  const token = res.headers.get('authorization')
  if (!token) throw new Error(`sign-in of ${username} failed: ${res.status}`)
  return token
}

describe.runIf(!process.env.TEST_DATABASE_URL)('npm start on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-start-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it(
    'first start: progress, ADMIN_PASSWORD replaces the demo administrator, loopback only while demo passwords remain; restarts keep data; a second process is refused',
    async () => {
      // No HOST: the server chooses its address.
      const first = startServer({
        DATA_DIR: dataDir,
        HOST: '',
        ADMIN_USERNAME: 'chefe',
        ADMIN_PASSWORD: 'Chefe#Forte-2026',
        LOG_LEVEL: 'info',
      })
      await waitReady(first)
      const banner = first.output()
      // A quiet start: no JSON, no warning of Node or Fastify; a request is one readable line.
      expect(banner).not.toContain('{"level"')
      expect(banner).not.toMatch(/Deprecation|Warning/)
      await expect
        .poll(() => first.output(), { timeout: budget(30_000) })
        .toMatch(/^\d\d:\d\d:\d\d {2}GET \/healthz 200 \d+,\d ms$/m)
      expect(banner).toContain('Primeira execução: criando o banco de dados embutido')
      expect(banner).toContain('Carregando os dados de demonstração')
      expect(banner).toContain('Servidor pronto: http://localhost:')
      expect(banner).toMatch(/demo\s+demo1234/)
      expect(banner).toMatch(/maria\.souza\s+maria1234/)
      expect(banner).not.toContain('admin123')
      expect(banner).not.toContain('Chefe#Forte-2026')
      // Whatever `localhost` resolves to on this machine: loopback addresses only.
      const addresses = listeningAddresses(portOf(first))
      expect(addresses.length).toBeGreaterThan(0)
      for (const a of addresses) expect(['127.0.0.1', '::1']).toContain(a)
      expect((await login(first.url, 'admin', 'admin123')).status).toBe(401)
      expect(await (await login(first.url, 'chefe', 'Chefe#Forte-2026')).json()).toMatchObject({
        admin: true,
        active: true,
      })

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
          password: 'Persiste#2026-ok',
          sector: 'TI',
        }),
      })
      expect(reg.status).toBe(201)
      expect(await stop(first)).toBe(0)

      // HOST set explicitly: the network reaches the demo accounts, and the server says so loudly.
      const open = startServer({ DATA_DIR: dataDir, HOST: '0.0.0.0' })
      await waitReady(open)
      expect(open.output()).toContain('ATENÇÃO: o servidor está aberto à rede (HOST=0.0.0.0)')
      expect(open.output()).toContain('demo, campo, maria.souza')
      expect(listeningAddresses(portOf(open))).toEqual(['0.0.0.0'])
      expect(await (await login(open.url, 'persiste', 'Persiste#2026-ok')).json()).toMatchObject({
        active: false,
      })
      // Every demo password changed: nothing published opens an account any more.
      const demo = await signInToken(open.url, 'demo', 'demo1234')
      const changed = await fetch(`${open.url}/api/me/change-password`, {
        method: 'PUT',
        headers: { authorization: demo, 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: 'demo1234', password: 'Nova-Senha-Segura-7' }),
      })
      expect(changed.status).toBe(200)
      const campo = await signInToken(open.url, 'campo', 'campo1234')
      const changedCampo = await fetch(`${open.url}/api/me/change-password`, {
        method: 'PUT',
        headers: { authorization: campo, 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: 'campo1234', password: 'Campo-Senha-Segura-9' }),
      })
      expect(changedCampo.status).toBe(200)
      const chefe = await signInToken(open.url, 'chefe', 'Chefe#Forte-2026')
      const users = (await (
        await fetch(`${open.url}/api/users?query=maria.souza`, {
          headers: { authorization: chefe },
        })
      ).json()) as { id: number }[]
      const reset = await fetch(`${open.url}/api/users/${users[0]!.id}`, {
        method: 'PUT',
        headers: { authorization: chefe, 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'Outra-Senha-Segura-8' }),
      })
      expect(reset.status).toBe(200)
      expect(await stop(open)).toBe(0)

      const again = startServer({ DATA_DIR: dataDir, HOST: '' })
      await waitReady(again)
      expect(again.output()).toMatch(/demo\s+\(senha alterada\)/)
      expect(again.output()).toMatch(/maria\.souza\s+\(senha alterada\)/)
      expect(again.output()).toMatch(/campo\s+\(senha alterada\)/)
      expect(again.output()).not.toContain('demo1234')
      expect(again.output()).not.toContain('ATENÇÃO')
      expect(again.output()).not.toContain('Primeira execução')
      expect(listeningAddresses(portOf(again))).toEqual(['0.0.0.0'])
      expect(await stop(again)).toBe(0)
    },
    budget(240_000),
  )
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

  it(
    'refuses to start on an empty database without ADMIN_USERNAME and ADMIN_PASSWORD',
    async () => {
      const s = startServer({ DATABASE_URL: url, DATA_DIR: dataDir })
      expect(await s.exited).toBe(1)
      expect(s.output()).toContain('defina ADMIN_USERNAME e ADMIN_PASSWORD')
    },
    budget(60_000),
  )

  it(
    'creates the first administrator from the environment, once; two processes start together',
    async () => {
      const env = {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        ADMIN_USERNAME: 'chefe',
        ADMIN_PASSWORD: 'Chefe#Forte-2026',
      }
      const a = startServer(env)
      const b = startServer({ ...env, DATA_DIR: `${dataDir}-b` })
      await Promise.all([waitReady(a), waitReady(b)])
      expect(a.output()).not.toContain('admin / admin123')
      const res = await login(a.url, 'chefe', 'Chefe#Forte-2026')
      expect(await res.json()).toMatchObject({ username: 'chefe', admin: true, active: true })
      expect((await login(b.url, 'admin', 'admin123')).status).toBe(401)
      await Promise.all([stop(a), stop(b)])

      const admins = await onDatabase(
        url,
        `SELECT count(*)::int AS n FROM app.users WHERE lower(username) = 'chefe'`,
      )
      expect(admins[0]?.n).toBe(1)
    },
    budget(120_000),
  )

  it(
    'npm run seed loads the demo data into any database, once',
    async () => {
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
        expect(await (await login(s.url, 'demo', 'demo1234')).json()).toMatchObject({
          active: true,
        })
        await stop(s)
      } finally {
        await dropDatabase(base, seedName)
      }
    },
    budget(180_000),
  )
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

    it(
      'npm run db:export writes a script that psql restores; the server runs on it with every account and feature',
      async () => {
        // An embedded database in use: the demo data, one registration and one edited feature.
        const template = readFileSync(await pgliteTemplate())
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
            password: 'Migrante#2026-x',
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
          expect(
            await (await login(moved.url, 'migrante', 'Migrante#2026-x')).json(),
          ).toMatchObject({
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
              password: 'Depois#2026-y',
              sector: 'TI',
            }),
          })
          expect(again.status).toBe(201)
        } finally {
          await stop(moved)
        }
      },
      budget(240_000),
    )
  },
)
