import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, startTestApp, type ApiResponse, type TestApp } from '../../../test/harness'
import { createTestLayer } from '../../../test/test-layer'
import { budget } from '../../../test/slowdown'

// The regulator paths of the spec (spec 3 §7 'Regulator integration'): the run and the log
// link are aliases of the packages' paths, with their permissions and token checks.

let t: TestApp
/** An external server that refuses every feature (400, not tried again), on loopback. */
let refusing: http.Server
let admin: string
let user: string

const LAYER = 'sync_alias'
const byId = (id: number) => `/api/syncronization/${id}`

beforeAll(async () => {
  t = await startTestApp({
    config: { modules: ['artespSync', 'artespKmz'], outboundAllowedHosts: ['127.0.0.1'] },
  })
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
  await createTestLayer(t.db, LAYER, { count: 5 })
  refusing = http.createServer((req, res) => {
    req.resume()
    res.writeHead(400, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message: 'recusado' }))
  })
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`
  const saved = await t.post('/api/integration/artesp/config', { url, layers: {} }, admin)
  expect(saved.statusCode).toBe(200)
}, budget(60_000))

afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => refusing?.close(resolve))
})

async function packageWithItems(name: string): Promise<number> {
  const res = await t.post('/api/syncronization', { name }, admin)
  expect(res.statusCode).toBe(201)
  const id = res.json<{ id: number }>().id
  expect((await t.post(`${byId(id)}/${LAYER}/items`, { ids: [1, 2] }, admin)).statusCode).toBe(200)
  return id
}

async function finished(id: number): Promise<ApiResponse> {
  for (let i = 0; i < 200; i++) {
    const res = await t.get(byId(id), admin)
    if (!['QUEUED', 'RUNNING'].includes(res.json<{ status: string }>().status)) return res
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the run did not finish')
}

describe('POST /api/integration/{regulator}/{x}: the run of package x', () => {
  it('queues the run as POST …/{id}/run does (202, the job), and the run ends', async () => {
    const id = await packageWithItems('Pelo alias')
    const res = await t.post(`/api/integration/artesp/${id}`, undefined, admin)
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ jobId: expect.any(Number) })
    const { rows } = await t.db.query<{ job_id: number }>(
      'SELECT job_id::float8 AS job_id FROM app.sync_packages WHERE id = $1',
      [id],
    )
    expect(rows[0]!.job_id).toBe(res.json().jobId)
    const done = (await finished(id)).json()
    expect(done.message).toMatch(/^\d de 2 itens sincronizados$/)
  })

  it('is for administrators only, 404 for another regulator or an unknown package', async () => {
    const id = await packageWithItems('Recusado')
    const denied = await t.post(`/api/integration/artesp/${id}`, undefined, user)
    expect(denied.statusCode).toBe(403)
    expect((await t.post(`/api/integration/artesp/${id}`)).statusCode).toBe(401)
    expect((await t.get(byId(id), admin)).json().status).toBe('CREATED')
    expect((await t.post(`/api/integration/outro/${id}`, undefined, admin)).statusCode).toBe(404)
    expect((await t.post('/api/integration/artesp/999999', undefined, admin)).statusCode).toBe(404)
    const bad = await t.post('/api/integration/artesp/abc', undefined, admin)
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /api/logs/integration/{regulator}/{x}?token=: the run log x', () => {
  it("answers the log's text as the package path does, and its fileUrl is listed", async () => {
    const id = await packageWithItems('Com log')
    await t.post(`/api/integration/artesp/${id}`, undefined, admin)
    await finished(id)
    const logs = await t.get(`${byId(id)}/logs`, admin)
    const [log] = logs.json<{ id: number; fileUrl: string }[]>()
    expect(log!.fileUrl).toBe(`${byId(id)}/logs/${log!.id}/download`)
    const original = await fetch(`${t.baseUrl}${log!.fileUrl}?token=${admin}`)
    const alias = await fetch(`${t.baseUrl}/api/logs/integration/artesp/${log!.id}?token=${admin}`)
    expect(alias.status).toBe(200)
    expect(alias.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(alias.headers.get('content-disposition')).toBe(
      original.headers.get('content-disposition'),
    )
    const text = await alias.text()
    expect(text).toBe(await original.text())
    expect(text).toContain('itens sincronizados')
    const bearer = await t.get(`/api/logs/integration/artesp/${log!.id}`, admin)
    expect(bearer.statusCode).toBe(200)
  })

  it('refuses a non-administrator (403), no token (401), another regulator and unknown logs (404)', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id::float8 AS id FROM app.sync_logs ORDER BY id LIMIT 1',
    )
    const logId = rows[0]!.id
    const path = `/api/logs/integration/artesp/${logId}`
    expect((await fetch(`${t.baseUrl}${path}?token=${user}`)).status).toBe(403)
    expect((await fetch(`${t.baseUrl}${path}`)).status).toBe(401)
    expect((await fetch(`${t.baseUrl}${path}?token=nao-vale`)).status).toBe(401)
    const other = await fetch(`${t.baseUrl}/api/logs/integration/outro/${logId}?token=${admin}`)
    expect(other.status).toBe(404)
    const unknown = await t.get('/api/logs/integration/artesp/999999', admin)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Log de sincronização não encontrado')
  })
})

describe("the regulator's other paths answer as documented", () => {
  it('config (GET/POST) and queue: administrators; kmz/items and kmz: any user', async () => {
    const config = await t.get('/api/integration/artesp/config', admin)
    expect(config.statusCode).toBe(200)
    expect(config.json()).toMatchObject({ url: expect.stringMatching(/^http:\/\/127/) })
    expect((await t.get('/api/integration/artesp/config', user)).statusCode).toBe(403)
    const post = await t.post('/api/integration/artesp/config', { url: 'x', layers: {} }, user)
    expect(post.statusCode).toBe(403)
    const queue = await t.get('/api/integration/artesp/queue', admin)
    expect(queue.statusCode).toBe(200)
    expect(queue.json().items.length).toBeGreaterThan(0)
    expect((await t.get('/api/integration/artesp/queue', user)).statusCode).toBe(403)
    expect((await t.get('/api/integration/artesp/kmz/items', user)).statusCode).toBe(200)
    const items = await t.get('/api/integration/artesp/kmz/items', admin)
    expect(items.json()).toHaveProperty(LAYER)
    const kmz = await fetch(`${t.baseUrl}/api/integration/artesp/kmz?items=${LAYER}&token=${admin}`)
    expect(kmz.status).toBe(200)
    expect(
      Buffer.from(await kmz.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK')
  })
})
