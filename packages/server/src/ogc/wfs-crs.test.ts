import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'

// WFS in Brazil's systems (issue 46): answers, filters and writes in SIRGAS 2000 and its UTM
// zones, checked against PostGIS's own transform.

const t = useTestApp()

const ows = (query: string, token = t.user) => t.get(`/ows?${query}`, token)

/** The first live bridge (oae) in a system, by PostGIS. */
async function bridgeIn(srid: number) {
  const { rows } = await t.db.query<{ id: number; x: number; y: number }>(
    `SELECT id::int AS id, ST_X(p) AS x, ST_Y(p) AS y
       FROM (SELECT id, ST_Transform(geom, $1::int) AS p FROM data.oae
              WHERE NOT d_e_l_e_t_ ORDER BY id LIMIT 1) q`,
    [srid],
  )
  return rows[0]!
}

describe('WFS in SIRGAS 2000 and UTM', () => {
  it('advertises every served system for each feature type, in 2.0.0 and 1.1.0', async () => {
    const v20 = await ows('SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities')
    expect(v20.body).toContain('<wfs:DefaultCRS>urn:ogc:def:crs:EPSG::4326</wfs:DefaultCRS>')
    for (const srid of [4674, 31982, 31983, 31984, 31985, 4618, 29192, 29193, 22522, 22523, 3857]) {
      expect(v20.body).toContain(`<wfs:OtherCRS>urn:ogc:def:crs:EPSG::${srid}</wfs:OtherCRS>`)
    }
    const v11 = await ows('SERVICE=WFS&VERSION=1.1.0&REQUEST=GetCapabilities')
    expect(v11.body).toContain('<wfs:OtherSRS>urn:ogc:def:crs:EPSG::31983</wfs:OtherSRS>')
  })

  it('answers GeoJSON in UTM 23S and GML in SIRGAS 2000 (latitude first) as PostGIS transforms', async () => {
    const utm = await bridgeIn(31983)
    const json = await ows(
      `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:oae&RESOURCEID=oae.${utm.id}&SRSNAME=EPSG:31983&OUTPUTFORMAT=application/json`,
    )
    expect(json.statusCode, json.body).toBe(200)
    const fc = json.json<{
      crs: { properties: { name: string } }
      features: { geometry: { coordinates: number[] } }[]
    }>()
    expect(fc.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::31983')
    const [x, y] = fc.features[0]!.geometry.coordinates
    expect(Math.abs(x! - utm.x)).toBeLessThan(0.01)
    expect(Math.abs(y! - utm.y)).toBeLessThan(0.01)

    const sirgas = await bridgeIn(4674)
    const gml = await ows(
      `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:oae&RESOURCEID=oae.${sirgas.id}&SRSNAME=urn:ogc:def:crs:EPSG::4674`,
    )
    expect(gml.statusCode, gml.body).toBe(200)
    expect(gml.body).toContain('srsName="urn:ogc:def:crs:EPSG::4674"')
    const pos = /<gml:pos[^>]*>([^<]+)<\/gml:pos>/.exec(gml.body)![1]!.split(' ').map(Number)
    expect(pos[0]).toBeCloseTo(sirgas.y, 6)
    expect(pos[1]).toBeCloseTo(sirgas.x, 6)
  })

  it('filters by a box in UTM 23S, as PostGIS intersects it', async () => {
    const utm = await bridgeIn(31983)
    const box = [utm.x - 20_000, utm.y - 20_000, utm.x + 20_000, utm.y + 20_000]
    const res = await ows(
      `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:oae&OUTPUTFORMAT=application/json&BBOX=${box.join(',')},urn:ogc:def:crs:EPSG::31983`,
    )
    expect(res.statusCode, res.body).toBe(200)
    const ids = res
      .json<{ features: { id: string }[] }>()
      .features.map((f) => Number(f.id.split('.')[1]))
      .sort((a, b) => a - b)
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id::int AS id FROM data.oae WHERE NOT d_e_l_e_t_
          AND ST_Intersects(geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 31983), 4326))
        ORDER BY id`,
      box,
    )
    expect(ids.length).toBeGreaterThan(0)
    expect(ids).toEqual(rows.map((r) => r.id))
  })

  it('writes a feature sent in UTM 23S in the layer system, as PostGIS transforms it', async () => {
    const [e, n] = [250_123.45, 7_395_678.9]
    const xml = `<wfs:Transaction service="WFS" version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:gis="urn:x-gis-web:features"><wfs:Insert><gis:marcos_km><gis:geom><gml:Point srsName="urn:ogc:def:crs:EPSG::31983"><gml:pos>${e} ${n}</gml:pos></gml:Point></gis:geom><gis:rodovia>SP-270</gis:rodovia><gis:km>123.4</gis:km></gis:marcos_km></wfs:Insert></wfs:Transaction>`
    const res = await t.post('/ows', xml, {
      token: t.admin,
      headers: { 'content-type': 'text/xml' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = Number(/rid="marcos_km\.(\d+)"/.exec(res.body)![1])
    const { rows } = await t.db.query<{ d: number }>(
      `SELECT ST_Distance(geom, ST_Transform(ST_SetSRID(ST_MakePoint($2, $3), 31983), 4326)) AS d
         FROM data.marcos_km WHERE id = $1`,
      [id, e, n],
    )
    expect(rows[0]!.d).toBeLessThan(1e-8)
  })
})
