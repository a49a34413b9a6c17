import { VectorTile } from '@mapbox/vector-tile'
import { PbfReader } from 'pbf'
import { describe, expect, it } from 'vitest'
import { DEMO, signIn, useTestApp } from '../../test/harness'
import { tileOf } from '../../test/tiles'
import type { Db } from '../db/types'
import { findLayer } from '../layer-data/catalogue'
import { renderTile } from './tiles.service'

const t = useTestApp()

async function getTile(layer: string, c: { z: number; x: number; y: number }, query = '') {
  const res = await fetch(`${t.baseUrl}/api/tiles/${layer}/${c.z}/${c.x}/${c.y}.pbf${query}`, {
    headers: { authorization: `Bearer ${t.user}` },
  })
  const buf = new Uint8Array(await res.arrayBuffer())
  return { res, tile: new VectorTile(new PbfReader(buf)), bytes: buf.length }
}

function features(tile: VectorTile, layer: string) {
  const l = tile.layers[layer]
  if (!l) return []
  return Array.from({ length: l.length }, (_, i) => l.feature(i))
}

async function position(layer: string, id: number) {
  const { rows } = await t.db.query<{ lon: number; lat: number }>(
    `SELECT ST_X(geom) AS lon, ST_Y(geom) AS lat FROM data.${layer} WHERE id = $1`,
    [id],
  )
  return rows[0]!
}

/** Live features whose geometry meets the tile with its 64-unit buffer. */
async function expectedIds(layer: string, c: { z: number; x: number; y: number }) {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT id FROM data.${layer}
      WHERE NOT d_e_l_e_t_ AND ST_Intersects(geom,
        ST_Transform(ST_TileEnvelope($1::int, $2::int, $3::int, margin => 0.015625), 4326))
      ORDER BY id`,
    [c.z, c.x, c.y],
  )
  return rows.map((r) => r.id)
}

describe('GET /api/tiles/{layer}/{z}/{x}/{y}.pbf', () => {
  it('decodes to the expected bridges of a known tile, with their attributes', async () => {
    const p = await position('oae', 1)
    const c = tileOf(p.lon, p.lat, 12)
    const { res, tile } = await getTile('oae', c)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile')
    const got = features(tile, 'oae')
    expect(got.map((f) => f.id).sort((a, b) => a! - b!)).toEqual(await expectedIds('oae', c))
    const one = got.find((f) => f.id === 1)!
    const { rows } = await t.db.query<{ codigo: string; km: number; tipo: string }>(
      'SELECT codigo, km, tipo FROM data.oae WHERE id = 1',
    )
    expect(one.properties).toMatchObject({
      codigo: rows[0]!.codigo,
      km: rows[0]!.km,
      tipo: rows[0]!.tipo,
    })
    expect(one.type).toBe(1)
    const geo = one.toGeoJSON(c.x, c.y, c.z)
    const [lon, lat] = (geo.geometry as { coordinates: number[] }).coordinates
    expect(lon).toBeCloseTo(p.lon, 4)
    expect(lat).toBeCloseTo(p.lat, 4)
  })

  it('never includes soft-deleted features', async () => {
    const p = await position('oae', 7)
    const c = tileOf(p.lon, p.lat, 14)
    const ids = features((await getTile('oae', c)).tile, 'oae').map((f) => f.id)
    expect(ids).not.toContain(7)
    const deleted = await t.db.query<{ id: number }>(
      'SELECT id FROM data.placas WHERE d_e_l_e_t_ ORDER BY id LIMIT 1',
    )
    const q = await position('placas', deleted.rows[0]!.id)
    const cp = tileOf(q.lon, q.lat, 15)
    const placas = features((await getTile('placas', cp)).tile, 'placas')
    expect(placas.length).toBeGreaterThan(0)
    expect(placas.map((f) => f.id)).not.toContain(deleted.rows[0]!.id)
    expect(placas.map((f) => f.id).sort((a, b) => a! - b!)).toEqual(await expectedIds('placas', cp))
  })

  it('keeps one point per screen pixel below zoom 12, the lowest id, and every point from 12', async () => {
    const p = await position('placas', 100)
    const low = tileOf(p.lon, p.lat, 8)
    const { tile, bytes } = await getTile('placas', low)
    const kept = features(tile, 'placas')
    const live = await expectedIds('placas', low)
    expect(live.length).toBeGreaterThan(2000)
    expect(kept.length).toBeGreaterThan(100)
    expect(kept.length).toBeLessThan(live.length / 2)
    expect(bytes).toBeLessThan(100_000)
    // One feature per pixel (16 tile units), each a live sign.
    const pixels = kept.map((f) => {
      const [[pt]] = f.loadGeometry() as unknown as [[{ x: number; y: number }]]
      return `${Math.floor(pt.x / 16)},${Math.floor(pt.y / 16)}`
    })
    expect(new Set(pixels).size).toBe(kept.length)
    const liveSet = new Set(live)
    expect(kept.every((f) => liveSet.has(f.id as number))).toBe(true)
    // The sign with the lowest id of the layer's tile always stays.
    expect(kept.map((f) => f.id)).toContain(live[0])
    // From zoom 12 on, every point is there (and a point rounded onto the buffer's edge,
    // which ST_AsMVTGeom keeps).
    const high = tileOf(p.lon, p.lat, 12)
    const all = features((await getTile('placas', high)).tile, 'placas')
    const expected = await expectedIds('placas', high)
    expect(all.map((f) => f.id)).toEqual(expect.arrayContaining(expected))
    for (const f of all.filter((f) => !expected.includes(f.id as number))) {
      const [[pt]] = f.loadGeometry() as unknown as [[{ x: number; y: number }]]
      expect([pt.x, pt.y].some((v) => v === -64 || v === 4096 + 64)).toBe(true)
    }
  })

  it('draws lines and polygons, simplified at low zoom', async () => {
    const c = tileOf(-47.3, -23.45, 8)
    const roads = features((await getTile('rodovias', c)).tile, 'rodovias')
    expect(roads.map((f) => f.properties.codigo).sort()).toEqual(['SP-075', 'SP-270', 'SP-280'])
    expect(roads.every((f) => f.type === 2)).toBe(true)
    const low = tileOf(-47.5, -23.3, 6)
    const lowRoads = features((await getTile('rodovias', low)).tile, 'rodovias')
    const sp280 = lowRoads.find((f) => f.properties.codigo === 'SP-280')!
    const vertices = sp280.loadGeometry().reduce((n, part) => n + part.length, 0)
    expect(vertices).toBeGreaterThan(5)
    // The stored axis has a vertex every 250 m (790 for SP-280): far fewer are sent at zoom 6.
    expect(vertices).toBeLessThan(200)
    const towns = features((await getTile('municipios', c)).tile, 'municipios')
    expect(towns.length).toBe((await expectedIds('municipios', c)).length)
    expect(towns.every((f) => f.type === 3)).toBe(true)
    expect(towns.map((f) => f.properties.nome)).toContain('Sorocaba')
  })

  it('caches by data version: immutable when the URL names the current version, ETag and 304', async () => {
    const p = await position('oae', 3)
    const c = tileOf(p.lon, p.lat, 13)
    const first = await getTile('oae', c, '?v=1')
    expect(first.res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    const etag = first.res.headers.get('etag')!
    const again = await fetch(`${t.baseUrl}/api/tiles/oae/${c.z}/${c.x}/${c.y}.pbf?v=1`, {
      headers: { authorization: `Bearer ${t.user}`, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    await t.db.query(`UPDATE data.oae SET d_e_l_e_t_ = true WHERE id = 3`)
    const stale = await getTile('oae', c, '?v=1')
    expect(stale.res.headers.get('cache-control')).toBe('private, no-cache')
    expect(stale.res.headers.get('etag')).not.toBe(etag)
    expect(stale.res.headers.get('x-data-version')).toBe('2')
    expect(features(stale.tile, 'oae').map((f) => f.id)).not.toContain(3)
  })

  it('serves a tile again from memory only while its data version is current', async () => {
    const p = await position('oae', 4)
    const c = tileOf(p.lon, p.lat, 15)
    const first = await getTile('oae', c)
    const again = await getTile('oae', c)
    expect(again.bytes).toBe(first.bytes)
    expect(features(again.tile, 'oae').find((f) => f.id === 4)?.properties.tipo).toBeDefined()
    await t.db.query(`UPDATE data.oae SET tipo = 'passarela', comprimento = 31 WHERE id = 4`)
    const edited = await getTile('oae', c)
    const four = features(edited.tile, 'oae').find((f) => f.id === 4)!
    expect(four.properties).toMatchObject({ tipo: 'passarela', comprimento: 31 })
  })

  it('accepts the token as ?token=', async () => {
    const c = tileOf(-47.3, -23.45, 8)
    const res = await fetch(
      `${t.baseUrl}/api/tiles/rodovias/${c.z}/${c.x}/${c.y}.pbf?token=${t.user}`,
    )
    expect(res.status).toBe(200)
  })

  it('refuses without a session, unknown or tabular layers, bad coordinates and unreadable layers', async () => {
    const anonymous = await t.get('/api/tiles/oae/1/0/0.pbf')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['www-authenticate']).toBe('Basic realm="GIS", charset="UTF-8"')
    const unknown = await t.get('/api/tiles/nada/1/0/0.pbf', t.user)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Layer não encontrada ou sem permissão de leitura.')
    const tabular = await t.get('/api/tiles/ocorrencias/1/0/0.pbf', t.user)
    expect(tabular.statusCode).toBe(404)
    for (const path of ['30/0/0.pbf', '2/4/0.pbf', '2/0/x.pbf', '2/0/1.png']) {
      const res = await t.get(`/api/tiles/oae/${path}`, t.user)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Coordenadas de tile inválidas.')
    }
    const admin = await signIn(t.api, DEMO.admin)
    await t.post(
      '/api/users',
      {
        name: 'Sem Grupo',
        username: 'semgrupo',
        email: 'sem.grupo@rodovias-interior.com.br',
        password: 'semgrupo123',
        sector: 'Obras',
        active: true,
      },
      admin,
    )
    const nobody = await signIn(t.api, { username: 'semgrupo', password: 'semgrupo123' })
    // A layer the user may not read and one that does not exist: the same answer.
    const denied = await t.get('/api/tiles/oae/1/0/0.pbf', nobody)
    const missing = await t.get('/api/tiles/nada/1/0/0.pbf', nobody)
    expect(denied.statusCode).toBe(404)
    expect(denied.body).toBe(missing.body)
    const { date: _d, ...deniedHeaders } = denied.headers
    const { date: _m, ...missingHeaders } = missing.headers
    expect(deniedHeaders).toEqual(missingHeaders)
  })

  it('accepts HTTP Basic as /ows does: username and password, or the token as password', async () => {
    const c = tileOf(-47.3, -23.45, 8)
    const url = `/api/tiles/rodovias/${c.z}/${c.x}/${c.y}.pbf`
    const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`
    const byPassword = await t.get(url, {
      headers: { authorization: basic(DEMO.user.username, DEMO.user.password) },
    })
    expect(byPassword.statusCode).toBe(200)
    expect(byPassword.headers['content-type']).toBe('application/vnd.mapbox-vector-tile')
    const byToken = await t.get(url, { headers: { authorization: basic('qgis', t.user) } })
    expect(byToken.statusCode).toBe(200)
    const wrong = await t.get(url, {
      headers: { authorization: basic(DEMO.user.username, 'errada123') },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.headers['www-authenticate']).toBe('Basic realm="GIS", charset="UTF-8"')
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'encodes in Node exactly the features ST_AsMVT encodes (PostgreSQL)',
    async () => {
      const asPglite: Db = { ...t.db, kind: 'pglite' }
      for (const [name, c] of [
        ['municipios', tileOf(-47.4, -23.5, 9)],
        ['rodovias', tileOf(-47.4, -23.5, 10)],
        ['placas', tileOf(-47.2, -23.5, 14)],
        // One point per pixel: both paths keep the same points.
        ['placas', tileOf(-47.2, -23.5, 9)],
      ] as const) {
        const layer = (await findLayer(t.db, name))!
        // A copy: pbf reads doubles through the whole ArrayBuffer, ignoring a Buffer's offset.
        const decode = (bytes: Uint8Array) =>
          features(new VectorTile(new PbfReader(Uint8Array.from(bytes))), name)
            .map((f) => ({ id: f.id, type: f.type, properties: f.properties }))
            .sort((a, b) => a.id! - b.id!)
        const fromPostgis = decode(await renderTile(t.db, layer, c.z, c.x, c.y))
        const fromNode = decode(await renderTile(asPglite, layer, c.z, c.x, c.y))
        expect(fromPostgis.length).toBeGreaterThan(0)
        expect(fromNode).toEqual(fromPostgis)
      }
    },
  )
})
