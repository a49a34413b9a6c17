import { describe, expect, it } from 'vitest'
import { DEMO, useTestApp } from '../../test/harness'

// OGC API – Features, Parts 1 and 2, over HTTP against the real database.
const t = useTestApp()

type Json = Record<string, any>
const get = (url: string, token = t.user) => t.get(`/ogcapi${url}`, token)
async function json(url: string, token = t.user): Promise<Json> {
  const res = await get(url, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84'
const epsg = (n: number) => `http://www.opengis.net/def/crs/EPSG/0/${n}`
/** A box around Sorocaba in longitude/latitude. */
const BOX = [-47.5, -23.55, -47.3, -23.4] as const
const inBox = `ST_Intersects(geom, ST_MakeEnvelope(${BOX.join(', ')}, 4326))`

async function liveIds(layer: string, where = 'true') {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT id FROM data.${layer} WHERE NOT d_e_l_e_t_ AND ${where} ORDER BY id`,
  )
  return rows.map((r) => Number(r.id))
}
const ids = (fc: Json) => fc.features.map((f: Json) => f.id)

describe('OGC API – Features: the service documents', () => {
  it('answers the landing page, the conformance and the OpenAPI document', async () => {
    const landing = await get('')
    expect(landing.headers['content-type']).toMatch(/^application\/json/)
    const rels = Object.fromEntries(landing.json().links.map((l: Json) => [l.rel, l]))
    expect(rels.self.href).toBe('http://gis.test/ogcapi')
    expect(rels['service-desc']).toMatchObject({
      href: 'http://gis.test/ogcapi/api',
      type: 'application/vnd.oai.openapi+json;version=3.0',
    })
    expect(rels.conformance.href).toBe('http://gis.test/ogcapi/conformance')
    expect(rels.data.href).toBe('http://gis.test/ogcapi/collections')
    const { conformsTo } = await json('/conformance?f=json')
    expect(conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
        'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
        'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
      ]),
    )
    const api = await get('/api')
    expect(api.headers['content-type']).toMatch(
      /^application\/vnd\.oai\.openapi\+json;version=3\.0/,
    )
    const doc = api.json()
    expect(doc.openapi).toMatch(/^3\.0/)
    const limit = doc.paths['/collections/{collectionId}/items'].get.parameters.find(
      (p: Json) => p.name === 'limit',
    )
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 10000, default: 10 })
    const html = await get('?f=html')
    expect(html.statusCode).toBe(400)
    expect(html.json()).toEqual({
      code: 'InvalidParameterValue',
      description: 'Formato não suportado: html (use f=json)',
    })
  })

  it('lists only the collections the caller reads, with extent and systems', async () => {
    const { collections } = await json('/collections')
    const names = collections.map((c: Json) => c.id).sort()
    expect(names).toEqual([
      'faixa_dominio',
      'marcos_km',
      'municipios',
      'oae',
      'placas',
      'pracas_pedagio',
      'rodovias',
    ])
    const forAdmin = await json('/collections', t.admin)
    expect(forAdmin.collections.map((c: Json) => c.id)).toContain('ocorrencias')
    const oae = await json('/collections/oae')
    expect(oae.itemType).toBe('feature')
    expect(oae.extent.spatial.crs).toBe(CRS84)
    const { rows } = await t.db.query<{ x: number; y: number }>(
      'SELECT ST_XMin(ST_Extent(geom)) AS x, ST_YMax(ST_Extent(geom)) AS y FROM data.oae WHERE NOT d_e_l_e_t_',
    )
    expect(oae.extent.spatial.bbox[0][0]).toBeCloseTo(rows[0]!.x, 3)
    expect(oae.extent.spatial.bbox[0][3]).toBeCloseTo(rows[0]!.y, 3)
    expect(oae.crs).toEqual(expect.arrayContaining([CRS84, epsg(4674), epsg(31983), epsg(3857)]))
    expect(oae.links.map((l: Json) => l.rel)).toEqual(
      expect.arrayContaining([
        'self',
        'items',
        'http://www.opengis.net/def/rel/ogc/1.0/queryables',
      ]),
    )
    const denied = await get('/collections/ocorrencias/items')
    expect(denied.statusCode).toBe(404)
    expect(denied.json().description).toBe(
      'Coleção desconhecida ou sem permissão de leitura: ocorrencias',
    )
  })

  it('asks for credentials as /ows does: 401 without, Basic and ?token= accepted', async () => {
    const anonymous = await t.api({ url: '/ogcapi/collections' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic/)
    expect(anonymous.json().code).toBe('Unauthorized')
    const basic = Buffer.from(`${DEMO.user.username}:${DEMO.user.password}`).toString('base64')
    const withBasic = await t.api({
      url: '/ogcapi/collections/oae',
      headers: { authorization: `Basic ${basic}` },
    })
    expect(withBasic.statusCode).toBe(200)
    const withToken = await t.api({ url: `/ogcapi/collections/oae?token=${t.user}` })
    expect(withToken.statusCode).toBe(200)
    // Links keep the token, so a client that signed in by URL can follow them.
    expect(withToken.json().links[0].href).toBe(
      `http://gis.test/ogcapi/collections/oae?token=${t.user}`,
    )
  })
})

describe('OGC API – Features: items', () => {
  it('pages with limit and offset, next and prev links, counts as SQL and WFS say', async () => {
    const expected = await liveIds('placas')
    const first = await json('/collections/placas/items')
    expect(first).toMatchObject({
      type: 'FeatureCollection',
      numberMatched: expected.length,
      numberReturned: 10,
    })
    expect(Date.parse(first.timeStamp)).toBeGreaterThan(Date.now() - 60_000)
    expect(ids(first)).toEqual(expected.slice(0, 10))
    const next = first.links.find((l: Json) => l.rel === 'next').href as string
    expect(next).toBe('http://gis.test/ogcapi/collections/placas/items?offset=10')
    const second = await json('/collections/placas/items?limit=25&offset=10')
    expect(ids(second)).toEqual(expected.slice(10, 35))
    const links = Object.fromEntries(second.links.map((l: Json) => [l.rel, l.href]))
    expect(links.next).toBe('http://gis.test/ogcapi/collections/placas/items?limit=25&offset=35')
    expect(links.prev).toBe('http://gis.test/ogcapi/collections/placas/items?limit=25')
    const wfs = await t.get(
      '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:placas&RESULTTYPE=hits',
      t.user,
    )
    expect(wfs.body).toContain(`numberMatched="${first.numberMatched}"`)
    const last = await json(`/collections/placas/items?limit=20000&offset=${expected.length - 3}`)
    expect(last.numberReturned).toBe(3)
    expect(last.links.map((l: Json) => l.rel)).not.toContain('next')
    const bad = await get('/collections/placas/items?limit=0')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().description).toBe('O parâmetro limit deve ser um inteiro de 1 a 10000.')
  })

  it('selects by bbox, datetime, a queryable and properties; refuses unknown ones', async () => {
    const expected = await liveIds('placas', inBox)
    const boxed = await json(`/collections/placas/items?bbox=${BOX.join(',')}&limit=200`)
    expect(boxed.numberMatched).toBe(expected.length)
    expect(ids(boxed)).toEqual(expected.slice(0, 200))
    // The same box latitude first, in EPSG:4326's own axis order.
    const latLon = await json(
      `/collections/placas/items?bbox=${[BOX[1], BOX[0], BOX[3], BOX[2]].join(',')}&bbox-crs=${epsg(4326)}&limit=1`,
    )
    expect(latLon.numberMatched).toBe(expected.length)
    await t.db.query("UPDATE data.oae SET m_o_d_i_f_ = '2020-05-01T12:00:00Z' WHERE id IN (1, 2)")
    const day = await json('/collections/oae/items?datetime=2020-05-01')
    expect(ids(day)).toEqual([1, 2])
    const interval = await json('/collections/oae/items?datetime=../2020-05-01T12:00:00Z')
    expect(ids(interval)).toEqual([1, 2])
    const [one] = await t.db
      .query<{ codigo: string }>('SELECT codigo FROM data.oae WHERE id = 1')
      .then((r) => r.rows)
    const byCode = await json(
      `/collections/oae/items?codigo=${encodeURIComponent(one!.codigo)}&properties=codigo,km`,
    )
    expect(ids(byCode)).toEqual([1])
    expect(Object.keys(byCode.features[0].properties).sort()).toEqual(['codigo', 'km'])
    expect(byCode.features[0].properties).not.toHaveProperty('id')
    expect(byCode.features[0].geometry.type).toBe('Point')
    const unknown = await get('/collections/oae/items?nada=1')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().description).toBe('Parâmetro desconhecido: nada')
    const prop = await get('/collections/oae/items?properties=nada')
    expect(prop.json().description).toBe('Propriedade desconhecida: nada')
    const datetime = await get('/collections/oae/items?datetime=ontem')
    expect(datetime.statusCode).toBe(400)
  })

  it('serves the WFS fields, and one item with its ETag; deleted ones are gone', async () => {
    const wfs = await t.get(
      '/ows?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&OUTPUTFORMAT=json&RESOURCEID=oae.1',
      t.user,
    )
    const wfsFeature = wfs.json().features[0]
    const res = await get('/collections/oae/items/1')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/)
    expect(res.headers['content-crs']).toBe(`<${CRS84}>`)
    const feature = res.json()
    expect(feature.id).toBe(1)
    expect(feature.properties).toEqual(wfsFeature.properties)
    expect(feature.geometry).toEqual(wfsFeature.geometry)
    expect(feature.properties).not.toHaveProperty('d_e_l_e_t_')
    const { version } = (await t.get('/api/features/oae/1', t.user)).json()
    expect(res.headers.etag).toBe(`"${version}"`)
    const again = await t.api({
      url: '/ogcapi/collections/oae/items/1',
      token: t.user,
      headers: { 'if-none-match': res.headers.etag! },
    })
    expect(again.statusCode).toBe(304)
    // oae.7 is soft-deleted in the demo.
    const gone = await get('/collections/oae/items/7')
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ code: 'NotFound', description: 'Feição não encontrada: oae/7' })
  })
})

describe('OGC API – Features: coordinate systems (Part 2)', () => {
  it('answers in the asked system and axis order, as PostGIS transforms', async () => {
    const { rows } = await t.db.query<{ x: number; y: number; e: number; n: number }>(
      `SELECT ST_X(g) AS x, ST_Y(g) AS y, ST_X(u) AS e, ST_Y(u) AS n
         FROM (SELECT ST_Transform(geom, 4674) AS g, ST_Transform(geom, 31983) AS u
                 FROM data.oae WHERE id = 1) s`,
    )
    const p = rows[0]!
    const sirgas = await get(`/collections/oae/items?crs=${epsg(4674)}&limit=1`)
    expect(sirgas.headers['content-crs']).toBe(`<${epsg(4674)}>`)
    const [lat, lon] = sirgas.json().features[0].geometry.coordinates
    expect(lat).toBeCloseTo(p.y, 6)
    expect(lon).toBeCloseTo(p.x, 6)
    const utm = await get(`/collections/oae/items/1?crs=${epsg(31983)}`)
    expect(utm.headers['content-crs']).toBe(`<${epsg(31983)}>`)
    const [e, n] = utm.json().geometry.coordinates
    expect(e).toBeCloseTo(p.e, 1)
    expect(n).toBeCloseTo(p.n, 1)
    const crs84 = await json(`/collections/oae/items/1?crs=${encodeURIComponent(CRS84)}`)
    expect(crs84.geometry.coordinates[0]).toBeLessThan(-40)
    const refused = await get(`/collections/oae/items?crs=${epsg(32723)}`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().description).toBe(
      `Sistema de referência não oferecido por esta coleção: crs=${epsg(32723)}`,
    )
    const utmBox = await json(
      `/collections/oae/items?bbox=${p.e - 1},${p.n - 1},${p.e + 1},${p.n + 1}&bbox-crs=${epsg(31983)}`,
    )
    expect(ids(utmBox)).toContain(1)
  })
})
