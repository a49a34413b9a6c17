import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editableLayer } from '../test/layers'
import {
  BACKEND_HEADER,
  startRoundRobinProxy,
  type RoundRobinProxy,
} from '../test/round-robin-proxy'
import { S3_TEST_BUCKET, S3_TEST_CREDENTIALS, startTestS3, type TestS3 } from '../test/s3'
import { databaseUrl, onDatabase, postgresTemplate } from '../test/template'
import { tileOf } from '../test/tiles'
import { repoRoot, serverRoot } from './paths'
import { budget } from '../test/slowdown'

/*
 * Two server processes on one PostgreSQL database behind a round-robin proxy (issue 32):
 * everything a request needs is shared through the database or the file storage, so any
 * request may land on either process.
 */

interface Running {
  child: ChildProcess
  /** Where it listens, once ready. */
  url: string
  output: () => string
  exited: Promise<number | null>
}

/** The built server as a real process, on a port of the system's choosing (PORT=0). */
function startServer(env: Record<string, string>): Running {
  let out = ''
  const child = spawn(process.execPath, [path.join(serverRoot, 'dist', 'main.js')], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, url: '', output: () => out, exited }
}

/** Waits for the start banner's address, then for /healthz. */
async function waitReady(s: Running, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms
  let exitedEarly = false
  void s.exited.then(() => (exitedEarly = true))
  while (Date.now() < deadline && !exitedEarly) {
    const port = /Servidor pronto: http:\/\/localhost:(\d+)/.exec(s.output())?.[1]
    if (port) {
      s.url = `http://127.0.0.1:${port}`
      try {
        if ((await fetch(`${s.url}/healthz`)).ok) return
      } catch {
        // not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server not ready:\n${s.output()}`)
}

interface Answer {
  status: number
  backend: string
  headers: Headers
  bytes: Buffer
  json: () => any
  text: () => string
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://unused/none'
  const name = `gis_cluster_${process.pid}`
  const url = databaseUrl(base, name)
  const dirs: string[] = []
  const servers: Running[] = []
  let proxy: RoundRobinProxy
  let s3: TestS3
  let admin = ''
  let demo = ''

  /** One request through the proxy; the answer says which process gave it. */
  async function call(
    method: string,
    route: string,
    opts: {
      token?: string
      json?: unknown
      body?: FormData
      headers?: Record<string, string>
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.token) headers.authorization = opts.token
    let body: string | FormData | undefined = opts.body
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(opts.json)
    }
    const res = await fetch(proxy.url + route, { method, headers, body })
    const bytes = Buffer.from(await res.arrayBuffer())
    return {
      status: res.status,
      backend: res.headers.get(BACKEND_HEADER) ?? '',
      headers: res.headers,
      bytes,
      json: () => JSON.parse(bytes.toString('utf8')),
      text: () => bytes.toString('utf8'),
    }
  }

  async function signIn(username: string, password: string): Promise<string> {
    const res = await call('POST', '/auth/login', { json: { username, password } })
    const token = res.headers.get('authorization')
    if (!token) throw new Error(`sign-in of ${username} failed: ${res.status}`)
    return token
  }

  beforeAll(async () => {
    // The processes run dist/main.js: built from these sources (at once when it already is).
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-if-needed.mjs')])
    const template = await postgresTemplate(base)
    await onDatabase(
      base,
      `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
      `CREATE DATABASE "${name}" TEMPLATE "${template}"`,
    )
    // Files in an S3-compatible bucket; each process has a DATA_DIR of its own, so nothing
    // can pass from one to the other through a local disk.
    s3 = await startTestS3()
    const env = {
      DATABASE_URL: url,
      STORAGE_URL: `s3://${S3_TEST_BUCKET}/cluster`,
      S3_ENDPOINT: s3.endpoint,
      ...S3_TEST_CREDENTIALS,
      JOB_STALE_SECONDS: '3',
    }
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-cluster-'))
      dirs.push(dataDir)
      servers.push(startServer({ ...env, DATA_DIR: dataDir }))
    }
    await Promise.all(servers.map((s) => waitReady(s)))
    proxy = await startRoundRobinProxy(servers.map((s) => s.url))
  }, budget(90_000))

  afterAll(async () => {
    await proxy?.close()
    for (const s of servers) s.child.kill('SIGTERM')
    await Promise.all(servers.map((s) => s.exited))
    await onDatabase(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
    await s3?.close()
  }, budget(30_000))

  it('a session made on one process is valid on the other; signing out on one ends it on both', async () => {
    const login = await call('POST', '/auth/login', {
      json: { username: 'admin', password: 'admin123' },
    })
    expect(login.status).toBe(200)
    admin = login.headers.get('authorization')!
    const profile = await call('GET', '/api/me/profile', { token: admin })
    expect(profile.status).toBe(200)
    expect(profile.backend).not.toBe(login.backend)
    expect(profile.json()).toMatchObject({ username: 'admin' })

    const c = tileOf(-47.3, -23.45, 8)
    const tile = `/api/tiles/rodovias/${c.z}/${c.x}/${c.y}.pbf`
    const short = await signIn('demo', 'demo1234')
    // The tile path remembers a token for a moment: on both processes.
    const first = await call('GET', tile, { token: short })
    const second = await call('GET', tile, { token: short })
    expect([first.status, second.status]).toEqual([200, 200])
    const out = await call('POST', '/auth/logout', { token: short })
    expect(out.status).toBe(200)
    const after = await call('GET', tile, { token: short })
    expect(after.backend).not.toBe(out.backend)
    expect(after.status).toBe(401)
    expect((await call('GET', tile, { token: short })).status).toBe(401)
    demo = await signIn('demo', 'demo1234')
  })

  it("a layer's change made through one process is seen by the next request through the other", async () => {
    const capabilities = '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities'
    const layer = (await call('GET', '/api/layers/marcos_km', { token: admin })).json()
    const warm = await call('GET', capabilities, { token: admin })
    expect(warm.text()).toContain(`<wfs:Title>${layer.title}</wfs:Title>`)
    const title = 'Marcos quilométricos (cluster)'
    const put = await call('PUT', `/api/layers/${layer.id}`, {
      token: admin,
      json: editableLayer(layer, { title, style: { ...layer.style, fill: '#123456' } }),
    })
    expect(put.status).toBe(200)
    const seen = await call('GET', capabilities, { token: admin })
    expect(seen.backend).toBe(warm.backend)
    expect(seen.backend).not.toBe(put.backend)
    expect(seen.text()).toContain(`<wfs:Title>${title}</wfs:Title>`)
    const json = await call('GET', '/api/layers/marcos_km', { token: admin })
    expect(json.backend).toBe(put.backend)
    expect(json.json()).toMatchObject({ title, style: { fill: '#123456' } })
  })

  it('a permission change made through one process takes effect on the next request through the other', async () => {
    const groups = (await call('GET', '/api/groups', { token: admin })).json() as {
      id: number
      name: string
    }[]
    const team = groups.find((g) => g.name === 'Equipe de campo')!
    const matrix = (
      await call('GET', `/api/groups/${team.id}/permissions`, { token: admin })
    ).json() as ({ layer: string; title: string } & Record<string, unknown>)[]
    const c = tileOf(-47.3, -23.45, 8)
    const tile = `/api/tiles/rodovias/${c.z}/${c.x}/${c.y}.pbf`
    const warm = await call('GET', tile, { token: demo })
    expect(warm.status).toBe(200)
    const put = await call('PUT', `/api/groups/${team.id}/permissions`, {
      token: admin,
      json: matrix.map(({ title: _t, ...r }) =>
        r.layer === 'rodovias' ? { ...r, readFeature: false } : r,
      ),
    })
    expect(put.status).toBe(200)
    const refused = await call('GET', tile, { token: demo })
    expect(refused.backend).toBe(warm.backend)
    expect(refused.backend).not.toBe(put.backend)
    expect(refused.status).toBe(404)
    expect((await call('GET', tile, { token: demo })).status).toBe(404)
  })

  it('an attachment uploaded through one process downloads byte-identical through the other', async () => {
    const { width, height } = { width: 96, height: 64 }
    const pixels = Buffer.alloc(width * height * 3)
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251
    const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('description', 'Enviada por um processo')
    form.append('file', new Blob([png], { type: 'image/png' }), 'cluster.png')
    const up = await call('POST', '/api/features/oae/2/attachments', { token: demo, body: form })
    expect(up.status, up.text()).toBe(201)
    const { src } = up.json() as { src: string }
    const down = await call('GET', src, { token: demo })
    expect(down.backend).not.toBe(up.backend)
    expect(down.status).toBe(200)
    expect(down.bytes.equals(png)).toBe(true)
  })

  it("a tile's ETag and body are the same from both processes", async () => {
    const c = tileOf(-47.3, -23.45, 8)
    const tile = `/api/tiles/rodovias/${c.z}/${c.x}/${c.y}.pbf`
    const a = await call('GET', tile, { token: admin })
    const b = await call('GET', tile, { token: admin })
    expect(a.backend).not.toBe(b.backend)
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.headers.get('etag')).toBeTruthy()
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'))
    expect(b.bytes.equals(a.bytes)).toBe(true)
    const again = await call('GET', tile, {
      token: admin,
      headers: { 'if-none-match': a.headers.get('etag')! },
    })
    expect(again.backend).toBe(a.backend)
    expect(again.status).toBe(304)
    const other = await call('GET', tile, {
      token: admin,
      headers: { 'if-none-match': a.headers.get('etag')! },
    })
    expect(other.backend).toBe(b.backend)
    expect(other.status).toBe(304)
  })

  it(
    'an export whose process is killed (SIGKILL) finishes on the other, and its file downloads',
    async () => {
      // The export is held on a lock of its table, so it is surely running when its process dies.
      const hold = new pg.Client({ connectionString: url })
      await hold.connect()
      try {
        await hold.query('BEGIN')
        await hold.query('LOCK TABLE data.placas IN ACCESS EXCLUSIVE MODE')
        const start = await call('POST', '/api/features/placas/report?format=csv', {
          token: admin,
          json: { fields: ['id', 'rodovia'] },
        })
        expect(start.status, start.text()).toBe(202)
        const id = (start.json() as { id: number }).id
        let claimedBy = ''
        const deadline = Date.now() + budget(15_000)
        while (!claimedBy && Date.now() < deadline) {
          const [row] = await onDatabase(
            url,
            `SELECT claimed_by FROM app.jobs WHERE id = ${id} AND status = 'IN_PROGRESS'`,
          )
          claimedBy = (row?.claimed_by as string | undefined) ?? ''
          if (!claimedBy) await new Promise((r) => setTimeout(r, 50))
        }
        const pid = Number(claimedBy.split(':')[1])
        const victim = servers.find((s) => s.child.pid === pid)
        expect(victim, `claimed by ${claimedBy}`).toBeDefined()
        victim!.child.kill('SIGKILL')
        await victim!.exited
        proxy.remove(victim!.url)
        await hold.query('COMMIT')

        let job: { status: string; fileUrl: string | null; message: string | null } | undefined
        const finish = Date.now() + budget(30_000)
        while (Date.now() < finish) {
          job = (await call('GET', `/api/reports/jobs/${id}`, { token: admin })).json()
          if (job!.status === 'COMPLETE' || job!.status === 'ERROR') break
          await new Promise((r) => setTimeout(r, 200))
        }
        expect(job?.status, job?.message ?? undefined).toBe('COMPLETE')
        const [row] = await onDatabase(url, `SELECT attempts FROM app.jobs WHERE id = ${id}`)
        expect(row?.attempts).toBe(2)
        const file = await call('GET', `${job!.fileUrl}`, { token: admin })
        expect(file.status).toBe(200)
        const [{ n }] = (await onDatabase(
          url,
          'SELECT count(*)::int AS n FROM data.placas WHERE NOT d_e_l_e_t_',
        )) as [{ n: number }]
        expect(file.text().trim().split(/\r?\n/)).toHaveLength(n + 1)
      } finally {
        await hold.end()
      }
    },
    budget(60_000),
  )
})
