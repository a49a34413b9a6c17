import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/harness'
import { createTestLayer } from '../../../test/test-layer'
import { and, rule } from '../../../test/filters'
import { todayOf } from '../../../test/today'

const t = useTestApp()
let dir: string

beforeAll(async () => {
  await createTestLayer(t.db, 'kmz_teste')
  await createTestLayer(t.db, 'kmz_tabela', { count: 5, tabular: true })
  dir = mkdtempSync(path.join(os.tmpdir(), 'gis-kmz-test-'))
})
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

interface Placemark {
  name: string
  data: Record<string, string>
}

/** Downloads a KMZ, unzips it and reads its doc.kml: each folder's name and placemarks. */
async function kmzFile(query: URLSearchParams) {
  const res = await fetch(`${t.baseUrl}/api/integration/artesp/kmz?${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/vnd.google-earth.kmz')
  // Named by the users' day (São Paulo), also after 21:00 there, when UTC is a day ahead.
  const day = (await todayOf(t)).replaceAll('-', '')
  expect(res.headers.get('content-disposition')).toContain(`artesp_${day}.kmz`)
  const file = path.join(dir, `artesp-${Math.random().toString(36).slice(2)}.kmz`)
  writeFileSync(file, Buffer.from(await res.arrayBuffer()))
  const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')
  const text = execFileSync('unzip', ['-p', file, 'doc.kml'], { encoding: 'utf8' })
  const list = (v: unknown): any[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])
  const kml = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(text)
  const folders = list(kml.kml.Document.Folder).map((f) => ({
    name: String(f.name),
    placemarks: list(f.Placemark).map((p): Placemark => ({
      name: String(p.name ?? ''),
      data: Object.fromEntries(
        list(p.ExtendedData?.SchemaData?.SimpleData).map((d) => [
          d['@_name'],
          typeof d === 'object' ? (d['#text'] ?? '') : String(d),
        ]),
      ),
    })),
  }))
  return { file, entries, text, folders }
}

describe("the regulator's KMZ (artespKmz)", () => {
  it('is a 404 while its module is off, and for an unknown regulator', async () => {
    t.config.modules = []
    const off = await t.get('/api/integration/artesp/kmz/items', t.admin)
    expect(off.statusCode).toBe(404)
    t.config.modules = ['artespKmz']
    const other = await t.get('/api/integration/outro/kmz/items', t.admin)
    expect(other.statusCode).toBe(404)
  })

  it('lists the readable layers with geometry and writes their live features', async () => {
    t.config.modules = ['artespKmz']
    const items = await t.get('/api/integration/artesp/kmz/items', t.admin)
    expect(items.statusCode).toBe(200)
    expect(items.json()).toMatchObject({ kmz_teste: expect.any(String) })
    expect(items.json()).not.toHaveProperty('kmz_tabela')

    const kmz = await kmzFile(new URLSearchParams({ items: 'kmz_teste', token: t.admin }))
    // One doc.kml (the first and only entry), a folder per item.
    expect(kmz.entries).toEqual(['doc.kml'])
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id::int AS id FROM data.kmz_teste WHERE NOT d_e_l_e_t_ ORDER BY id',
    )
    const deleted = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data.kmz_teste WHERE d_e_l_e_t_',
    )
    expect(deleted.rows[0]!.n).toBeGreaterThan(0)
    expect(kmz.folders.map((f) => f.name)).toEqual(['Teste kmz_teste'])
    const placemarks = kmz.folders[0]!.placemarks
    expect(placemarks.map((p) => Number(p.data.id))).toEqual(rows.map((r) => r.id))
    // The fields an export checks at first: no system field but the id.
    expect(Object.keys(placemarks[0]!.data)).toEqual([
      'id',
      's',
      'n',
      'i',
      'k',
      'b',
      'd',
      'dt',
      'tm',
    ])
    // GDAL reads it too.
    const listing = execFileSync('ogrinfo', ['-ro', '-so', '-al', `/vsizip/${kmz.file}/doc.kml`], {
      encoding: 'utf8',
    })
    expect(listing).toContain(`Feature Count: ${rows.length}`)
  })

  it("the search's layer: only the selected ids, only the chosen fields, no empty folder", async () => {
    t.config.modules = ['artespKmz']
    await createTestLayer(t.db, 'kmz_vazia', { count: 1 })
    // Its only feature is deleted: nothing to write, so no folder.
    expect((await t.db.query('SELECT 1 FROM data.kmz_vazia WHERE NOT d_e_l_e_t_')).rows).toEqual([])
    const kmz = await kmzFile(
      new URLSearchParams({
        items: 'kmz_teste,kmz_vazia',
        layer: 'kmz_teste',
        ids: '3,8',
        fields: 's,n',
        token: t.admin,
      }),
    )
    expect(kmz.folders).toHaveLength(1)
    // GDAL, reading the KMZ itself, finds one layer and the 2 features: no empty one.
    const layers = execFileSync('ogrinfo', ['-ro', '-so', '-al', kmz.file], { encoding: 'utf8' })
    expect([...layers.matchAll(/Feature Count: (\d+)/g)].map((m) => m[1])).toEqual(['2'])
    const placemarks = kmz.folders[0]!.placemarks
    expect(placemarks).toHaveLength(2)
    const { rows } = await t.db.query<{ s: string | null }>(
      'SELECT s FROM data.kmz_teste WHERE id IN (3, 8) ORDER BY id',
    )
    expect(placemarks.map((p) => Object.keys(p.data))).toEqual([
      ['s', 'n'],
      ['s', 'n'],
    ])
    expect(placemarks.map((p) => p.data.s)).toEqual(rows.map((r) => r.s ?? ''))
    expect(kmz.text).not.toContain('uuid')
    expect(kmz.text).not.toContain('m_o_d_i_f_')

    // A filter instead of ids: its live matches.
    const filter = and(rule('id', 'le', 10))
    const filtered = await kmzFile(
      new URLSearchParams({
        items: 'kmz_teste',
        layer: 'kmz_teste',
        filter: JSON.stringify(filter),
        fields: 'id',
        token: t.admin,
      }),
    )
    const live = await t.db.query<{ id: number }>(
      'SELECT id::int AS id FROM data.kmz_teste WHERE NOT d_e_l_e_t_ AND id <= 10 ORDER BY id',
    )
    expect(filtered.folders[0]!.placemarks.map((p) => Number(p.data.id))).toEqual(
      live.rows.map((r) => r.id),
    )

    // The layer must be one of the items; its fields must be its own.
    const outside = await t.get(
      `/api/integration/artesp/kmz?items=kmz_vazia&layer=kmz_teste&ids=3&token=${t.admin}`,
    )
    expect(outside.statusCode).toBe(400)
    expect(outside.body).toContain("O layer 'kmz_teste' não está entre os itens escolhidos.")
    const unknown = await t.get(
      `/api/integration/artesp/kmz?items=kmz_teste&layer=kmz_teste&fields=nada&token=${t.admin}`,
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('Campo desconhecido: nada')
  })

  it('refuses items the user may not read, and no items, in Portuguese', async () => {
    t.config.modules = ['artespKmz']
    const items = await t.get('/api/integration/artesp/kmz/items', t.user)
    expect(items.statusCode).toBe(200)
    expect(items.json()).not.toHaveProperty('kmz_teste')
    const denied = await t.get(`/api/integration/artesp/kmz?items=kmz_teste&token=${t.user}`)
    expect(denied.statusCode).toBe(400)
    expect(denied.body).toContain("O item 'kmz_teste' não existe ou não está disponível para você.")
    // Nor with the search's scope on a layer it may not read.
    const scoped = await t.get(
      `/api/integration/artesp/kmz?items=kmz_teste&layer=kmz_teste&ids=3,8&fields=s&token=${t.user}`,
    )
    expect(scoped.statusCode).toBe(400)
    expect(scoped.body).toContain("O item 'kmz_teste' não existe ou não está disponível para você.")
    const none = await t.get(`/api/integration/artesp/kmz?items=&token=${t.admin}`)
    expect(none.statusCode).toBe(400)
    expect(none.body).toContain('Escolha de 1 a 50 itens para o KMZ.')
  })
})
