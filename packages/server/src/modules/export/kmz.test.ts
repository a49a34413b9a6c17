import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, startTestApp, type TestApp } from '../../../test/harness'
import { createTestLayer } from '../search/search.fixture'

let t: TestApp
let admin: string
let user: string
let dir: string

beforeAll(async () => {
  t = await startTestApp()
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
  await createTestLayer(t.db, 'kmz_teste')
  await createTestLayer(t.db, 'kmz_tabela', { count: 5, tabular: true })
  dir = mkdtempSync(path.join(os.tmpdir(), 'gis-kmz-test-'))
})
afterAll(async () => {
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe("the regulator's KMZ (artespKmz)", () => {
  it('is a 404 while its module is off, and for an unknown regulator', async () => {
    t.config.modules = []
    const off = await t.api({ url: '/api/integration/artesp/kmz/items', token: admin })
    expect(off.statusCode).toBe(404)
    t.config.modules = ['artespKmz']
    const other = await t.api({ url: '/api/integration/outro/kmz/items', token: admin })
    expect(other.statusCode).toBe(404)
  })

  it('lists the readable layers with geometry and writes their live features', async () => {
    t.config.modules = ['artespKmz']
    const items = await t.api({ url: '/api/integration/artesp/kmz/items', token: admin })
    expect(items.statusCode).toBe(200)
    expect(items.json()).toMatchObject({ kmz_teste: expect.any(String) })
    expect(items.json()).not.toHaveProperty('kmz_tabela')

    const res = await fetch(
      `${t.baseUrl}/api/integration/artesp/kmz?items=kmz_teste&token=${admin}`,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.google-earth.kmz')
    const file = path.join(dir, 'artesp.kmz')
    writeFileSync(file, Buffer.from(await res.arrayBuffer()))
    const listing = execFileSync(
      'ogrinfo',
      ['-ro', '-so', '-al', `/vsizip/${file}/kmz_teste.kml`],
      {
        encoding: 'utf8',
      },
    )
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data.kmz_teste WHERE NOT d_e_l_e_t_',
    )
    const deleted = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data.kmz_teste WHERE d_e_l_e_t_',
    )
    expect(deleted.rows[0]!.n).toBeGreaterThan(0)
    expect(listing).toContain(`Feature Count: ${rows[0]!.n}`)
    // doc.kml, the first entry, links the item's KML.
    const zip = readFileSync(file)
    const nameLength = zip.readUInt16LE(26)
    expect(zip.subarray(30, 30 + nameLength).toString()).toBe('doc.kml')
    const start = 30 + nameLength + zip.readUInt16LE(28)
    const doc = inflateRawSync(zip.subarray(start, start + zip.readUInt32LE(18))).toString()
    expect(doc).toContain('<href>kmz_teste.kml</href>')
  })

  it('refuses items the user may not read, and no items, in Portuguese', async () => {
    t.config.modules = ['artespKmz']
    const items = await t.api({ url: '/api/integration/artesp/kmz/items', token: user })
    expect(items.statusCode).toBe(200)
    expect(items.json()).not.toHaveProperty('kmz_teste')
    const denied = await t.api({
      url: `/api/integration/artesp/kmz?items=kmz_teste&token=${user}`,
    })
    expect(denied.statusCode).toBe(400)
    expect(denied.body).toContain("O item 'kmz_teste' não existe ou não está disponível para você.")
    const none = await t.api({ url: `/api/integration/artesp/kmz?items=&token=${admin}` })
    expect(none.statusCode).toBe(400)
    expect(none.body).toContain('Escolha de 1 a 50 itens para o KMZ.')
  })
})
