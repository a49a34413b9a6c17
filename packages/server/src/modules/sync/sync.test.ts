import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO,
  fieldErrors,
  signIn,
  startTestApp,
  type ApiResponse,
  type TestApp,
} from '../../../test/harness'
import { createTestLayer } from '../../../test/test-layer'
import { SYNC_ATTEMPTS } from './sync.run'
import { and, rule } from '../../../test/filters'
import { budget } from '../../../test/slowdown'

let t: TestApp
/** The external server: another instance of the product, on loopback. */
let remote: TestApp
/** An external server that always fails (503), on loopback; counts what it was asked. */
let failing: http.Server
let failingUrl: string
const failingRequests: { method: string; url: string; auth: string | undefined }[] = []
let admin: string
let user: string
let remoteAdmin: string

const LAYER = 'sync_teste'
/** Text of the external servers' answers that must never reach an item or a log. */
const REMOTE_SECRET = 'corpo-secreto-da-resposta'
const byId = (id: number) => `/api/syncronization/${id}`

beforeAll(async () => {
  // The test servers are on loopback: the administrator allowed it (decision 70).
  t = await startTestApp({
    config: { modules: ['artespSync'], outboundAllowedHosts: ['127.0.0.1'] },
  })
  remote = await startTestApp()
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
  remoteAdmin = await signIn(remote.api, DEMO.admin)
  await createTestLayer(t.db, LAYER, { count: 30 })
  await createTestLayer(remote.db, LAYER, { count: 0 })
  failing = http.createServer((req, res) => {
    failingRequests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      auth: req.headers.authorization,
    })
    req.resume()
    res.writeHead(503, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message: `Serviço indisponível ${REMOTE_SECRET}` }))
  })
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`
}, budget(60_000))

afterAll(async () => {
  await t?.close()
  await remote?.close()
  await new Promise((resolve) => failing?.close(resolve))
})

async function createPackage(name: string, token = admin): Promise<number> {
  const res = await t.post('/api/syncronization', { name }, token)
  expect(res.statusCode).toBe(201)
  const id = Number(res.headers.location!.split('/').pop())
  expect(res.json()).toMatchObject({ id, name, status: 'CREATED', itemsTotal: 0 })
  return id
}

async function count(sql: string, params: unknown[] = [], db = t.db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params)
  return rows[0]!.n
}

const packageCount = () => count('SELECT count(*)::int AS n FROM app.sync_packages')
const itemCount = (id: number) =>
  count('SELECT count(*)::int AS n FROM app.sync_items WHERE package_id = $1', [id])

/** Waits for a run to finish and answers the package. */
async function finished(id: number): Promise<ApiResponse> {
  for (let i = 0; i < 200; i++) {
    const res = await t.get(byId(id), admin)
    if (!['QUEUED', 'RUNNING'].includes(res.json<{ status: string }>().status)) return res
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error('the run did not finish')
}

async function items(id: number) {
  const res = await t.get(`${byId(id)}/items?limit=100`, admin)
  expect(res.statusCode).toBe(200)
  return res.json<{
    items: {
      id: number
      featureId: number
      status: string
      message: string | null
      action: string | null
      operationDate: string | null
    }[]
    rowCount: number
  }>()
}

async function configure(url: string, token: string) {
  const res = await t.post('/api/integration/artesp/config', { url, token, layers: {} }, admin)
  expect(res.statusCode).toBe(200)
}

async function readLogText(id: number): Promise<string[]> {
  const logs = await t.get(`${byId(id)}/logs`, admin)
  expect(logs.statusCode).toBe(200)
  const texts: string[] = []
  for (const log of logs.json<{ id: number }[]>()) {
    const res = await fetch(`${t.baseUrl}${byId(id)}/logs/${log.id}/download?token=${admin}`)
    expect(res.status).toBe(200)
    texts.push(await res.text())
  }
  return texts
}

describe('synchronisation packages (artespSync)', () => {
  it('are a 404 while the module is off, for everyone, and for an unknown regulator', async () => {
    const id = await createPackage('Desligado')
    t.config.modules = []
    try {
      for (const [method, url] of [
        ['GET', '/api/syncronization'],
        ['GET', byId(id)],
        ['POST', `${byId(id)}/run`],
        ['GET', '/api/integration/artesp/config'],
        ['GET', '/api/integration/artesp/queue'],
      ] as const) {
        const res = await t.api({ method, url, token: admin })
        expect(res.statusCode, url).toBe(404)
      }
      const create = await t.post('/api/syncronization', { name: 'x' }, user)
      expect(create.statusCode).toBe(404)
    } finally {
      t.config.modules = ['artespSync']
    }
    const other = await t.get('/api/integration/outro/config', admin)
    expect(other.statusCode).toBe(404)
  })

  it('create, read, rename, list (x-rowcount) and delete', async () => {
    const id = await createPackage('Pacote CRUD')
    const got = await t.get(byId(id), admin)
    expect(got.json()).toMatchObject({ id, name: 'Pacote CRUD', user: 'admin', itemsPartial: 0 })
    const put = await t.put(byId(id), { name: 'Pacote renomeado' }, admin)
    expect(put.statusCode).toBe(200)
    expect(put.json().name).toBe('Pacote renomeado')
    const list = await t.get('/api/syncronization?page=0&limit=1000', admin)
    expect(list.statusCode).toBe(200)
    expect(Number(list.headers['x-rowcount'])).toBe(await packageCount())
    expect(list.json<{ id: number; name: string }[]>()).toContainEqual(
      expect.objectContaining({ id, name: 'Pacote renomeado' }),
    )
    const docs = await t.get('/api/docs/json')
    expect(docs.statusCode).toBe(200)
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/syncronization/{id}/run',
        '/api/integration/{regulator}/config',
      ]),
    )
    const del = await t.del(byId(id), admin)
    expect(del.statusCode).toBe(204)
    expect((await t.get(byId(id), admin)).statusCode).toBe(404)
  })

  it('refuses bad input with Portuguese 400s that change nothing', async () => {
    const before = await packageCount()
    const empty = await t.post('/api/syncronization', { name: '   ' }, admin)
    expect(empty.statusCode).toBe(400)
    expect(fieldErrors(empty).name).toBe('É necessário informar o nome do pacote')
    expect(await packageCount()).toBe(before)

    const id = await createPackage('Entradas ruins')
    const nothing = await t.post(`${byId(id)}/${LAYER}/items`, {}, admin)
    expect(nothing.statusCode).toBe(400)
    expect(fieldErrors(nothing).ids).toBe('Informe o filtro da busca ou os registros selecionados')
    const badIds = await t.post(`${byId(id)}/${LAYER}/items`, { ids: ['um'] }, admin)
    expect(badIds.statusCode).toBe(400)
    const badFilter = await t.post(
      `${byId(id)}/${LAYER}/items`,
      {
        query: and(rule('nao_existe', 'eq', 1)),
      },
      admin,
    )
    expect(badFilter.statusCode).toBe(400)
    expect(badFilter.json().message).toMatch(/[ãçéí]|campo|Campo/)
    const noneRemoved = await t.post(`${byId(id)}/items/remove`, [], admin)
    expect(noneRemoved.statusCode).toBe(400)
    expect(noneRemoved.json().errors[0].message).toBe('Selecione ao menos um item')
    expect(await itemCount(id)).toBe(0)

    await configure('http://127.0.0.1:9/', 'antes')
    const ftp = await t.post(
      '/api/integration/artesp/config',
      { url: 'ftp://127.0.0.1/', layers: {} },
      admin,
    )
    expect(ftp.statusCode).toBe(400)
    expect(fieldErrors(ftp).url).toBe('Informe um endereço http:// ou https:// sem usuário e senha')
    const badLayer = await t.post(
      '/api/integration/artesp/config',
      { url: 'http://127.0.0.1:8/', layers: { [LAYER]: 'Nome Ruim' } },
      admin,
    )
    expect(badLayer.statusCode).toBe(400)
    const config = await t.get('/api/integration/artesp/config', admin)
    expect(config.json()).toMatchObject({ url: 'http://127.0.0.1:9/', tokenSet: true })
    expect(config.body).not.toContain('antes')

    const emptyRun = await t.post(`${byId(id)}/run`, undefined, admin)
    expect(emptyRun.statusCode).toBe(400)
    expect(emptyRun.json().message).toBe('O pacote não tem itens para sincronizar')
  })

  it('adds by filter (the search compiler) and by ids, each feature once', async () => {
    const id = await createPackage('Por filtro')
    const query = and(rule('i', 'eq', 2))
    const expected = await count(`SELECT count(*)::int AS n FROM data.${LAYER} WHERE i = 2`)
    expect(expected).toBeGreaterThan(0)
    const byFilter = await t.post(`${byId(id)}/${LAYER}/items`, { query }, admin)
    expect(byFilter.statusCode).toBe(200)
    expect(byFilter.json()).toEqual({ added: expected, itemsTotal: expected })
    // The same search's rows on the search API.
    const search = await t.post(`/api/features/${LAYER}/search?limit=100`, { filter: query }, admin)
    const listed = await items(id)
    expect(listed.items.map((i) => i.featureId).sort((a, b) => a - b)).toEqual(
      search
        .json<{ results: { id: number }[] }>()
        .results.map((r) => r.id)
        .sort((a, b) => a - b),
    )
    expect(listed.rowCount).toBe(expected)

    const again = await t.post(`${byId(id)}/${LAYER}/items`, { query, ids: [1, 2, 3] }, admin)
    expect(again.json().added).toBe(0)
    const ids = await t.post(`${byId(id)}/${LAYER}/items`, { ids: [1, 2, 3, 999_999] }, admin)
    expect(ids.statusCode).toBe(200)
    const newOnes = await count(
      `SELECT count(*)::int AS n FROM data.${LAYER} WHERE id IN (1, 2, 3) AND i IS DISTINCT FROM 2`,
    )
    expect(ids.json()).toEqual({ added: newOnes, itemsTotal: expected + newOnes })

    const first = listed.items[0]!
    const removed = await t.post(`${byId(id)}/items/remove`, [first.id], admin)
    expect(removed.json()).toEqual({ removed: 1 })
    expect(await itemCount(id)).toBe(expected + newOnes - 1)
    expect((await t.get(byId(id), admin)).json().itemsTotal).toBe(expected + newOnes - 1)
  })

  it('a user adds only features of layers it reads, and is refused the administrators’ calls', async () => {
    const anonymous = await t.get('/api/syncronization')
    expect(anonymous.statusCode).toBe(401)
    const id = await createPackage('Do usuário', user)
    const list = await t.get('/api/syncronization', user)
    expect(list.statusCode).toBe(200)
    const denied = await t.post(`${byId(id)}/${LAYER}/items`, { ids: [1, 2] }, user)
    expect(denied.statusCode).toBe(404)
    expect(denied.json().message).toBe(
      (await t.get(`/api/features/${LAYER}/1`, user)).json().message,
    )
    expect(await itemCount(id)).toBe(0)

    for (const [method, url, payload] of [
      ['GET', byId(id), undefined],
      ['PUT', byId(id), { name: 'outro' }],
      ['DELETE', byId(id), undefined],
      ['GET', `${byId(id)}/items`, undefined],
      ['POST', `${byId(id)}/items/remove`, [1]],
      ['GET', `${byId(id)}/logs`, undefined],
      ['POST', `${byId(id)}/run`, undefined],
      ['GET', '/api/integration/artesp/config', undefined],
      ['POST', '/api/integration/artesp/config', { url: 'http://127.0.0.1:1/', layers: {} }],
      ['GET', '/api/integration/artesp/queue', undefined],
    ] as const) {
      const res = await t.api({ method, url, token: user, payload })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
    expect((await t.get(byId(id), admin)).json().name).toBe('Do usuário')
  })

  it(
    'runs against another instance: the features arrive, then a second run updates them',
    async () => {
      await configure(remote.baseUrl, remoteAdmin)
      const id = await createPackage('Para o servidor externo')
      // Deleted (1, 6) and live features whose text is one of the remote domain's values.
      const ids = [1, 4, 6, 12, 19, 23]
      await t.post(`${byId(id)}/${LAYER}/items`, { ids }, admin)
      const run = await t.post(`${byId(id)}/run`, undefined, admin)
      expect(run.statusCode).toBe(202)
      expect(run.json().jobId).toEqual(expect.any(Number))
      const pkg = (await finished(id)).json()
      const listed = await items(id)
      expect(
        listed.items.filter((i) => i.status !== 'SYNCED'),
        JSON.stringify(listed.items),
      ).toEqual([])
      expect(pkg).toMatchObject({ status: 'DONE', itemsPartial: 6, itemsTotal: 6 })
      expect(pkg.message).toBe('6 de 6 itens sincronizados')

      const live = `SELECT s, i, b, d::text AS d, k::float8 AS k, ST_AsText(geom) AS g
                    FROM data.${LAYER} WHERE NOT d_e_l_e_t_`
      const here = await t.db.query(`${live} AND id = ANY($1::bigint[]) ORDER BY id`, [ids])
      const there = await remote.db.query(`${live} ORDER BY id`)
      expect(there.rows).toEqual(here.rows)
      // A deleted feature never sent is nothing to do.
      const deleted = listed.items.find((i) => i.featureId === 6)!
      expect(deleted).toMatchObject({ status: 'SYNCED', action: 'DELETE' })
      expect(listed.items.find((i) => i.featureId === 4)).toMatchObject({ action: 'INSERT' })
      expect(listed.items[0]!.operationDate).not.toBeNull()

      // Changed here, sent again: updated there by the recorded key, nothing duplicated.
      await t.put(
        `/api/features/${LAYER}/4`,
        {
          attributes: { i: 4242 },
          version: (await t.api({ url: `/api/features/${LAYER}/4`, token: admin })).json().version,
        },
        admin,
      )
      expect((await t.post(`${byId(id)}/run`, undefined, admin)).statusCode).toBe(202)
      expect((await finished(id)).json().status).toBe('DONE')
      expect(await count(`SELECT count(*)::int AS n FROM data.${LAYER}`, [], remote.db)).toBe(
        there.rows.length,
      )
      expect(
        await count(`SELECT count(*)::int AS n FROM data.${LAYER} WHERE i = 4242`, [], remote.db),
      ).toBe(1)
      expect((await items(id)).items.find((i) => i.featureId === 4)).toMatchObject({
        action: 'UPDATE',
        status: 'SYNCED',
      })

      const logs = await t.get(`${byId(id)}/logs`, admin)
      expect(Number(logs.headers['x-rowcount'])).toBe(2)
      const [newest, oldest] = logs.json<{ createdDate: string }[]>()
      expect(newest!.createdDate >= oldest!.createdDate).toBe(true)
      const texts = await readLogText(id)
      expect(texts[0]).toContain('6 de 6 itens sincronizados')
      expect(texts.join('\n')).not.toContain(remoteAdmin)
      const asUser = await fetch(
        `${t.baseUrl}${byId(id)}/logs/${logs.json()[0].id}/download?token=${user}`,
      )
      expect(asUser.status).toBe(403)

      const queue = await t.get('/api/integration/artesp/queue', admin)
      expect(queue.json().items).toContainEqual(expect.objectContaining({ id, status: 'DONE' }))

      // What the external server refuses (a value outside its domain) is not tried again.
      const refused = await createPackage('Recusado pelo servidor externo')
      await t.post(`${byId(refused)}/${LAYER}/items`, { ids: [2] }, admin)
      await t.post(`${byId(refused)}/run`, undefined, admin)
      expect((await finished(refused)).json()).toMatchObject({ status: 'ERROR', itemsPartial: 0 })
      expect((await items(refused)).items[0]!.message).toBe(
        'O servidor externo respondeu 400: dados recusados pelo servidor (s: Selecione uma das opções)',
      )
      const [refusedLog] = await readLogText(refused)
      expect(refusedLog).not.toContain('tentativas')
    },
    budget(60_000),
  )

  it(
    'a failing server: each item is tried again, then marked with its error, and a log says so',
    async () => {
      await configure(failingUrl, 'segredo-do-teste')
      const id = await createPackage('Servidor com falha')
      await t.post(`${byId(id)}/${LAYER}/items`, { ids: [7, 8] }, admin)
      failingRequests.length = 0
      expect((await t.post(`${byId(id)}/run`, undefined, admin)).statusCode).toBe(202)
      const busy = await t.post(`${byId(id)}/run`, undefined, admin)
      // Queued or running: neither run again nor changed.
      expect(busy.statusCode).toBe(409)
      expect(busy.json().message).toBe('O pacote já está na fila de sincronização')
      const remove = await t.post(`${byId(id)}/items/remove`, [1], admin)
      expect(remove.statusCode).toBe(409)
      const pkg = (await finished(id)).json()
      expect(pkg).toMatchObject({ status: 'ERROR', itemsPartial: 0, itemsTotal: 2 })
      expect(failingRequests).toHaveLength(2 * SYNC_ATTEMPTS)
      expect(failingRequests.every((r) => r.auth === 'Bearer segredo-do-teste')).toBe(true)
      expect(
        failingRequests.every((r) => r.method === 'POST' && r.url === `/api/features/${LAYER}`),
      ).toBe(true)
      for (const item of (await items(id)).items) {
        expect(item).toMatchObject({
          status: 'ERROR',
          action: 'INSERT',
          message: 'O servidor externo respondeu 503: servidor indisponível',
        })
      }
      const [text] = await readLogText(id)
      expect(text).toContain('O servidor externo respondeu 503: servidor indisponível')
      expect(text).not.toContain(REMOTE_SECRET)
      expect(text).toContain(`${SYNC_ATTEMPTS} tentativas`)
      expect(text).toContain('0 de 2 itens sincronizados')
      expect(text).not.toContain('segredo-do-teste')

      // A package left RUNNING by a job that is over (its process died for good) is released.
      await t.db.query(`UPDATE app.sync_packages SET status = 'RUNNING' WHERE id = $1`, [id])
      const stale = await t.get(byId(id), admin)
      expect(stale.json()).toMatchObject({ status: 'ERROR' })
      expect(stale.json().message).toMatch(/\S/)

      // An unreachable server is the same: tried again, then the item's error.
      await configure('http://127.0.0.1:9', 'x')
      await t.post(`${byId(id)}/run`, undefined, admin)
      expect((await finished(id)).json().status).toBe('ERROR')
      expect((await items(id)).items[0]!.message).toMatch(
        /^Não foi possível contatar o servidor externo/,
      )
    },
    budget(60_000),
  )

  describe('outbound calls only where the administrator allowed (decision 70)', () => {
    /** A loopback server that counts connections; it answers a redirect with a body. */
    let counting: http.Server
    let port: number
    let connections = 0
    const asked: string[] = []

    beforeAll(async () => {
      counting = http.createServer((req, res) => {
        asked.push(`${req.method} ${req.url}`)
        req.resume()
        res.writeHead(302, {
          location: 'http://169.254.169.254/latest/meta-data/',
          'content-type': 'application/json',
        })
        res.end(JSON.stringify({ message: REMOTE_SECRET }))
      })
      counting.on('connection', () => connections++)
      await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve))
      port = (counting.address() as AddressInfo).port
    })
    afterAll(() => new Promise((resolve) => counting?.close(resolve)))

    const save = (url: string) =>
      t.post('/api/integration/artesp/config', { url, token: 'token-guardado', layers: {} }, admin)
    const savedUrl = async () => (await t.get('/api/integration/artesp/config', admin)).json().url

    /** Every spelling of an internal address, the counting server's port where it is loopback. */
    const spellings = () => [
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://2130706433:${port}/`,
      `http://127.1:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
    ]

    it('refuses an internal address at save, in every spelling, with a Portuguese 400', async () => {
      t.config.outboundAllowedHosts = []
      try {
        await configure('http://8.8.8.8/api', 'publico')
        for (const url of [
          ...spellings(),
          'http://169.254.169.254/latest/meta-data/',
          'http://10.0.0.5:8443/',
          'http://172.16.0.1/',
          'http://192.168.0.10/',
          'http://100.64.0.1/',
          'https://[fd00::1]/',
          'http://[fe80::1]/',
          'http://0.0.0.0/',
          'http://[::]/',
          'http://224.0.0.1/',
        ]) {
          const res = await save(url)
          expect(res.statusCode, url).toBe(400)
          expect(fieldErrors(res).url, url).toMatch(
            /^O endereço \S+ é de uma rede interna \(loopback, privada, link-local ou reservada\)\. Para usá-lo, o administrador do servidor deve incluí-lo na variável OUTBOUND_ALLOWED_HOSTS/,
          )
        }
        // Nothing changed; a public address (configured by the product's administrator) stays.
        expect(await savedUrl()).toBe('http://8.8.8.8/api')
        expect(connections).toBe(0)
      } finally {
        t.config.outboundAllowedHosts = ['127.0.0.1']
      }
    })

    it(
      'refuses an internal address at the run, before any connection, in every spelling',
      async () => {
        const id = await createPackage('Endereço interno')
        await t.post(`${byId(id)}/${LAYER}/items`, { ids: [9] }, admin)
        for (const url of spellings()) {
          // Saved while the server's administrator allowed it, then taken out of the list.
          t.config.outboundAllowedHosts = [
            `127.0.0.1:${port}`,
            `localhost:${port}`,
            `[::1]:${port}`,
          ]
          expect((await save(url)).statusCode, url).toBe(200)
          t.config.outboundAllowedHosts = []
          try {
            const run = await t.post(`${byId(id)}/run`, undefined, admin)
            expect(run.statusCode, url).toBe(202)
            const pkg = (await finished(id)).json()
            expect(pkg.status, url).toBe('ERROR')
            expect(pkg.message, url).toMatch(
              /^O endereço \S+ é de uma rede interna e não está liberado em OUTBOUND_ALLOWED_HOSTS$/,
            )
          } finally {
            t.config.outboundAllowedHosts = ['127.0.0.1']
          }
        }
        expect(connections).toBe(0)
        expect(asked).toEqual([])
        const texts = await readLogText(id)
        expect(texts).toHaveLength(spellings().length)
        expect(texts.join('\n')).not.toContain('token-guardado')
      },
      budget(60_000),
    )

    it(
      'an allowed loopback host is called; a redirect is not followed, and no body reaches the log',
      async () => {
        t.config.outboundAllowedHosts = [`localhost:${port}`]
        try {
          expect((await save(`http://localhost:${port}`)).statusCode).toBe(200)
          const id = await createPackage('Servidor liberado')
          await t.post(`${byId(id)}/${LAYER}/items`, { ids: [10] }, admin)
          asked.length = 0
          await t.post(`${byId(id)}/run`, undefined, admin)
          expect((await finished(id)).json().status).toBe('ERROR')
          // Called once (a redirect is the item's error, not tried again), and never followed.
          expect(asked).toEqual([`POST /api/features/${LAYER}`])
          expect(connections).toBeGreaterThan(0)
          expect((await items(id)).items[0]!.message).toBe(
            'O servidor externo respondeu 302: redirecionamento recusado',
          )
          const [text] = await readLogText(id)
          expect(text).toContain('O servidor externo respondeu 302: redirecionamento recusado')
          expect(text).not.toContain(REMOTE_SECRET)
          expect(text).not.toContain('169.254')
          expect(text).not.toContain('token-guardado')
        } finally {
          t.config.outboundAllowedHosts = ['127.0.0.1']
        }
      },
      budget(60_000),
    )
  })
})
