import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DEMO, useTestApp } from '../../test/harness'
import { buildApp } from '../app'
import { createMailer } from '../mail/mailer'
import { budget } from '../../test/slowdown'

const t = useTestApp()

const ows = (query: string, token = t.user) => t.get(`/ows?${query}`, token)
/** A GET of the services answered 200 with each of `parts` in its body. */
async function owsDocument(query: string, parts: string[], token = t.user) {
  const res = await ows(query, token)
  expect(res.statusCode, res.body).toBe(200)
  for (const part of parts) expect(res.body).toContain(part)
  return res
}
const post = (xml: string, token = t.user) =>
  t.post('/ows', xml, { token, headers: { 'content-type': 'text/xml' } })

/** A box around Sorocaba in longitude/latitude. */
const BOX = [-47.5, -23.55, -47.3, -23.4] as const

async function sqlIds(layer: string, where = 'true', params: unknown[] = []) {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT id FROM data.${layer} t WHERE NOT d_e_l_e_t_ AND ${where} ORDER BY id`,
    params,
  )
  return rows.map((r) => r.id)
}
const inBox = `ST_Intersects(geom, ST_MakeEnvelope(${BOX.join(', ')}, 4326))`

describe('WFS GetCapabilities', () => {
  it('lists the queryable layers the caller can read', async () => {
    const res = await ows('SERVICE=WFS&REQUEST=GetCapabilities&VERSION=2.0.0')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/xml/)
    const names = [...res.body.matchAll(/<wfs:Name>([^<]+)<\/wfs:Name>/g)].map((m) => m[1]).sort()
    expect(names).toEqual([
      'gis:faixa_dominio',
      'gis:marcos_km',
      'gis:municipios',
      'gis:oae',
      'gis:placas',
      'gis:pracas_pedagio',
      'gis:rodovias',
    ])
    expect(res.body).toContain('<ows:Constraint name="ImplementsResultPaging">')
    expect(res.body).toMatch(/<ows:WGS84BoundingBox><ows:LowerCorner>-4\d\.\d+ -2\d\.\d+/)
    const forAdmin = await ows('SERVICE=WFS&REQUEST=GetCapabilities', t.admin)
    expect(forAdmin.body).toContain('<wfs:Name>gis:ocorrencias</wfs:Name>')
  })
})

describe('WFS DescribeFeatureType', () => {
  it('describes the fields and the geometry of a type', async () => {
    const res = await owsDocument(
      'SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=gis:oae',
      [
        '<xsd:element name="geom" type="gml:PointPropertyType"',
        '<xsd:element name="codigo" type="xsd:string"',
        '<xsd:element name="ultima_inspecao" type="xsd:date"',
        '<xsd:element name="oae" type="gis:oaeType"',
      ],
    )
    expect(res.body).not.toContain('d_e_l_e_t_')
  })

  it('refuses a type the caller cannot read as if it did not exist', async () => {
    const res = await ows('SERVICE=WFS&REQUEST=DescribeFeatureType&TYPENAME=ocorrencias')
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('exceptionCode="InvalidParameterValue"')
    expect(res.body).toContain(
      'Tipo de feição desconhecido ou sem permissão de leitura: ocorrencias',
    )
  })
})

describe('WFS GetFeature (KVP)', () => {
  it('answers GeoJSON in a BBOX with COUNT, in id order, without deleted features', async () => {
    const expected = await sqlIds('placas', inBox)
    expect(expected.length).toBeGreaterThan(150)
    const res = await ows(
      `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=placas&OUTPUTFORMAT=application/json&BBOX=${BOX.join(',')},EPSG:4326&COUNT=100`,
    )
    expect(res.statusCode).toBe(200)
    const fc = res.json()
    expect(fc.numberReturned).toBe(100)
    expect(fc.features.map((f: any) => f.properties.id)).toEqual(expected.slice(0, 100))
    expect(fc.features[0].id).toBe(`placas.${expected[0]}`)
    expect(fc.features[0].geometry.type).toBe('Point')
    const [lon, lat] = fc.features[0].geometry.coordinates
    expect(lon).toBeGreaterThanOrEqual(BOX[0])
    expect(lat).toBeLessThanOrEqual(BOX[3])
    const deleted = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data.placas WHERE d_e_l_e_t_ AND ${inBox}`,
    )
    expect(deleted.rows[0]!.n).toBeGreaterThan(0)
  })

  it('counts with RESULTTYPE=hits and pages with STARTINDEX', async () => {
    const expected = await sqlIds('placas', inBox)
    const hits = await ows(
      `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=gis:placas&RESULTTYPE=hits&BBOX=${BOX.join(',')}`,
    )
    expect(hits.body).toContain(`numberMatched="${expected.length}"`)
    expect(hits.body).toContain('numberReturned="0"')
    const page = await ows(
      `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=placas&OUTPUTFORMAT=json&BBOX=${BOX.join(',')}&STARTINDEX=10&COUNT=10`,
    )
    expect(page.json().features.map((f: any) => f.properties.id)).toEqual(expected.slice(10, 20))
    const last = await ows(
      `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=placas&OUTPUTFORMAT=json&BBOX=${BOX.join(',')}&STARTINDEX=${expected.length - 3}&COUNT=10`,
    )
    expect(last.json().numberReturned).toBe(3)
    expect(last.json().numberMatched).toBe(expected.length)
  })

  it('selects properties with PROPERTYNAME and features with RESOURCEID', async () => {
    const res = await ows(
      'SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&OUTPUTFORMAT=application/json&PROPERTYNAME=id,km&RESOURCEID=oae.1,oae.7,oae.9',
    )
    const fc = res.json()
    // oae.7 is soft-deleted.
    expect(fc.features.map((f: any) => f.properties)).toEqual([
      { id: 1, km: expect.any(Number) },
      { id: 9, km: expect.any(Number) },
    ])
    expect(fc.features[0].geometry).toBeNull()
    const bad = await ows('SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&PROPERTYNAME=id,nada')
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('Propriedade desconhecida: nada')
    const injected = await ows(
      `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&PROPERTYNAME=${encodeURIComponent('id";drop table data.oae;--')}`,
    )
    expect(injected.statusCode).toBe(400)
    expect((await sqlIds('oae')).length).toBeGreaterThan(0)
  })

  it('reads a FILTER whose Envelope has no srsName in the default CRS (latitude first)', async () => {
    const expected = await sqlIds('placas', inBox)
    const filter = `<Filter xmlns="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2"><BBOX><ValueReference>geom</ValueReference><gml:Envelope><gml:lowerCorner>${BOX[1]} ${BOX[0]}</gml:lowerCorner><gml:upperCorner>${BOX[3]} ${BOX[2]}</gml:upperCorner></gml:Envelope></BBOX></Filter>`
    const res = await ows(
      `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:placas&RESULTTYPE=hits&FILTER=${encodeURIComponent(filter)}`,
    )
    expect(res.body).toContain(`numberMatched="${expected.length}"`)
  })

  it('answers GML 3.2 with latitude first for the EPSG URN', async () => {
    const res = await ows(
      'SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:oae&RESOURCEID=oae.1&SRSNAME=urn:ogc:def:crs:EPSG::4326',
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/gml\+xml; version=3\.2/)
    expect(res.body).toContain('numberReturned="1"')
    expect(res.body).toContain('<wfs:member><gis:oae gml:id="oae.1">')
    const { rows } = await t.db.query<{ x: number; y: number; codigo: string }>(
      'SELECT ST_X(geom) AS x, ST_Y(geom) AS y, codigo FROM data.oae WHERE id = 1',
    )
    const pos = /<gml:pos[^>]*>([-\d.]+) ([-\d.]+)<\/gml:pos>/.exec(res.body)!
    expect(Number(pos[1])).toBeCloseTo(rows[0]!.y, 5)
    expect(Number(pos[2])).toBeCloseTo(rows[0]!.x, 5)
    expect(res.body).toContain(`<gis:codigo>${rows[0]!.codigo}</gis:codigo>`)
  })

  it('reprojects to EPSG:3857 on request', async () => {
    const res = await ows(
      'SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&RESOURCEID=oae.1&OUTPUTFORMAT=json&SRSNAME=EPSG:3857',
    )
    const [x, y] = res.json().features[0].geometry.coordinates
    expect(x).toBeLessThan(-5_000_000)
    expect(y).toBeLessThan(-2_500_000)
  })

  it('answers OGC exceptions in Portuguese for bad requests', async () => {
    const missing = await ows('SERVICE=WFS')
    expect(missing.statusCode).toBe(400)
    expect(missing.body).toContain('exceptionCode="MissingParameterValue"')
    expect(missing.body).toContain('Parâmetro obrigatório ausente: REQUEST')
    const count = await ows('SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&COUNT=abc')
    expect(count.body).toContain('Valor inválido para o parâmetro COUNT')
    const op = await ows('SERVICE=WFS&REQUEST=Transaction')
    expect(op.body).toContain('exceptionCode="OperationNotSupported"')
    const crs = await ows('SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&SRSNAME=EPSG:32723')
    expect(crs.body).toContain('Sistema de referência não suportado: EPSG:32723')
    const bbox = await ows('SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&BBOX=1,2,x,4')
    expect(bbox.body).toContain('exceptionCode="InvalidParameterValue"')
  })
})

/** What ol/format/WFS writeGetFeature (version 2.0.0) writes for a bbox query. */
function olGetFeature2(opts: { count?: number; startIndex?: number; resultType?: string }) {
  const attrs = [
    opts.count !== undefined ? ` count="${opts.count}"` : '',
    opts.startIndex !== undefined ? ` startIndex="${opts.startIndex}"` : '',
    opts.resultType ? ` resultType="${opts.resultType}"` : '',
  ].join('')
  return `<GetFeature xmlns="http://www.opengis.net/wfs/2.0" service="WFS" version="2.0.0" outputFormat="application/json"${attrs} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd"><Query typeNames="feature:placas" srsName="EPSG:3857" xmlns:feature="urn:x-gis-web:features"><PropertyName>id</PropertyName><PropertyName>geom</PropertyName><Filter xmlns="http://www.opengis.net/fes/2.0"><BBOX><ValueReference>geom</ValueReference><Envelope xmlns="http://www.opengis.net/gml/3.2" srsName="EPSG:4326"><lowerCorner>${BOX[0]} ${BOX[1]}</lowerCorner><upperCorner>${BOX[2]} ${BOX[3]}</upperCorner></Envelope></BBOX></Filter></Query></GetFeature>`
}

describe('WFS GetFeature (XML POST)', () => {
  it('answers the request OpenLayers writes: BBOX in EPSG:4326, count, paging, hits', async () => {
    const expected = await sqlIds('placas', inBox)
    const res = await post(olGetFeature2({ count: 100 }))
    expect(res.statusCode).toBe(200)
    const fc = res.json()
    expect(fc.features.map((f: any) => f.properties.id)).toEqual(expected.slice(0, 100))
    expect(Object.keys(fc.features[0].properties)).toEqual(['id'])
    expect(fc.features[0].geometry.coordinates[0]).toBeLessThan(-5_000_000)
    const page = await post(olGetFeature2({ count: 5, startIndex: 20 }))
    expect(page.json().features.map((f: any) => f.properties.id)).toEqual(expected.slice(20, 25))
    const hits = await post(olGetFeature2({ resultType: 'hits' }))
    expect(hits.json().numberMatched).toBe(expected.length)
  })

  it('answers WFS 1.1.0 requests with OGC filters', async () => {
    const xml = `<wfs:GetFeature xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml" service="WFS" version="1.1.0" maxFeatures="50" outputFormat="application/json"><wfs:Query typeName="oae"><ogc:Filter><ogc:And><ogc:PropertyIsEqualTo><ogc:PropertyName>tipo</ogc:PropertyName><ogc:Literal>ponte</ogc:Literal></ogc:PropertyIsEqualTo><ogc:PropertyIsGreaterThan><ogc:PropertyName>km</ogc:PropertyName><ogc:Literal>50</ogc:Literal></ogc:PropertyIsGreaterThan><ogc:PropertyIsLike wildCard="*" singleChar="." escapeChar="!"><ogc:PropertyName>codigo</ogc:PropertyName><ogc:Literal>OAE-SP280*</ogc:Literal></ogc:PropertyIsLike></ogc:And></ogc:Filter></wfs:Query></wfs:GetFeature>`
    const res = await post(xml)
    expect(res.statusCode).toBe(200)
    const expected = await sqlIds('oae', "tipo = 'ponte' AND km > 50 AND codigo LIKE 'OAE-SP280%'")
    expect(expected.length).toBeGreaterThan(0)
    expect(res.json().features.map((f: any) => f.properties.id)).toEqual(expected)
  })

  it('refuses external entities and entity expansion without reading anything', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><GetFeature service="WFS" version="2.0.0"><Query typeNames="oae"><PropertyName>&x;</PropertyName></Query></GetFeature>`
    const res = await post(xxe)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('exceptionCode="OperationParsingFailed"')
    expect(res.body).toContain('XML com DTD ou entidades (DOCTYPE/ENTITY) não é aceito.')
    expect(res.body).not.toContain('root:')
    const lol = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('')
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${lol}]><GetFeature><Query typeNames="oae"><PropertyName>&lol9;</PropertyName></Query></GetFeature>`
    const started = Date.now()
    const boom = await post(laughs)
    expect(boom.statusCode).toBe(400)
    expect(boom.body).toContain('OperationParsingFailed')
    expect(Date.now() - started).toBeLessThan(budget(2000))
  })

  it('refuses oversized and malformed XML', async () => {
    const big = `<GetFeature><Query typeNames="oae">${'<PropertyName>id</PropertyName>'.repeat(12_000)}</Query></GetFeature>`
    const res = await post(big)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('XML grande demais (máximo de 262144 bytes).')
    const broken = await post('<GetFeature><Query typeNames="oae"></GetFeature>')
    expect(broken.statusCode).toBe(400)
    expect(broken.body).toContain('O corpo da requisição não é um XML válido.')
  })
})

describe('OGC authentication', () => {
  const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`

  it('asks for Basic credentials without a session', async () => {
    const res = await t.get('/ows?SERVICE=WFS&REQUEST=GetCapabilities')
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Basic realm="GIS", charset="UTF-8"')
  })

  it('accepts username and password, the token as password, or ?token=', async () => {
    const url = '/ows?SERVICE=WFS&REQUEST=GetCapabilities'
    const byPassword = await t.get(url, {
      headers: { authorization: basic(DEMO.user.username, DEMO.user.password) },
    })
    expect(byPassword.statusCode).toBe(200)
    expect(byPassword.body).not.toContain('gis:ocorrencias')
    const byToken = await t.get(url, { headers: { authorization: basic('qgis', t.user) } })
    expect(byToken.statusCode).toBe(200)
    const wrong = await t.get(url, {
      headers: { authorization: basic(DEMO.user.username, 'errada123') },
    })
    expect(wrong.statusCode).toBe(401)
    const inactive = await t.get(url, {
      headers: { authorization: basic(DEMO.inactive.username, DEMO.inactive.password) },
    })
    expect(inactive.statusCode).toBe(401)
    const query = await t.get(`${url}&token=${t.user}`)
    expect(query.statusCode).toBe(200)
    expect(query.body).toContain(`?token=${t.user}`)
  })
})

describe('WMS', () => {
  it('lists layers with name, title and geographic bounding box', async () => {
    const res = await owsDocument('SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities', [
      '<WMS_Capabilities version="1.3.0"',
      '<Name>rodovias</Name>',
      '<Title>Rodovias</Title>',
    ])
    expect(res.body).toMatch(/<westBoundLongitude>-48\.48<\/westBoundLongitude>/)
    expect(res.body).not.toContain('<Name>ocorrencias</Name>')
  })

  it('draws legends as PNG from the layer style', async () => {
    const get = (layer: string) =>
      fetch(
        `${t.baseUrl}/ows?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&FORMAT=image/png&LAYER=${layer}`,
        { headers: { authorization: `Bearer ${t.user}` } },
      )
    const oae = await get('oae')
    expect(oae.status).toBe(200)
    expect(oae.headers.get('content-type')).toBe('image/png')
    const png = Buffer.from(await oae.arrayBuffer())
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
    const meta = await sharp(png).metadata()
    // Three categories (ponte, viaduto, passarela): three rows.
    expect(meta.height).toBe(72)
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
    expect(data.some((v) => v > 0)).toBe(true)
    const roads = await sharp(Buffer.from(await (await get('rodovias')).arrayBuffer())).metadata()
    expect(roads.height).toBe(24)
    const denied = await get('ocorrencias')
    expect(denied.status).toBe(400)
    expect(await denied.text()).toContain('code="LayerNotDefined"')
  })
})

describe('GML for every layer and property list (issue 18)', () => {
  it('answers layers without geometry (TABULAR) as features without geometry', async () => {
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data.ocorrencias WHERE NOT d_e_l_e_t_',
    )
    for (const version of ['2.0.0', '1.1.0']) {
      const res = await ows(
        `SERVICE=WFS&VERSION=${version}&REQUEST=GetFeature&TYPENAMES=gis:ocorrencias&COUNT=5`,
        t.admin,
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.body).not.toContain('<gis:geom>')
      expect(res.body.match(/<gis:ocorrencias gml:id="ocorrencias\.\d+">/g)).toHaveLength(5)
      const hits = await ows(
        `SERVICE=WFS&VERSION=${version}&REQUEST=GetFeature&TYPENAMES=gis:ocorrencias&RESULTTYPE=hits`,
        t.admin,
      )
      expect(hits.body).toContain(
        version === '2.0.0' ? `numberMatched="${rows[0]!.n}"` : `numberOfFeatures="${rows[0]!.n}"`,
      )
    }
  })

  it('answers a property list without the geometry, sorted, as GDAL asks for -sql ORDER BY', async () => {
    const res = await ows(
      'SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:marcos_km&STARTINDEX=0&COUNT=3&SORTBY=km%20DESC&PROPERTYNAME=(km)',
    )
    expect(res.statusCode, res.body).toBe(200)
    const { rows } = await t.db.query<{ id: number; km: number }>(
      'SELECT id, km::float8 AS km FROM data.marcos_km WHERE NOT d_e_l_e_t_ ORDER BY km DESC, id LIMIT 3',
    )
    expect([...res.body.matchAll(/<gis:km>([^<]+)<\/gis:km>/g)].map((m) => Number(m[1]))).toEqual(
      rows.map((r) => r.km),
    )
    expect(res.body).not.toContain('<gis:geom>')
    expect(res.body).toContain(`gml:id="marcos_km.${rows[0]!.id}"`)
  })

  it('speaks WFS 1.1.0: capabilities, schemas and GML 3.1.1 collections', async () => {
    const caps = await ows('SERVICE=WFS&VERSION=1.1.0&REQUEST=GetCapabilities')
    expect(caps.body).toContain('<wfs:WFS_Capabilities version="1.1.0"')
    expect(caps.body).toContain('<wfs:DefaultSRS>urn:ogc:def:crs:EPSG::4326</wfs:DefaultSRS>')
    const negotiated = await ows('SERVICE=WFS&REQUEST=GetCapabilities&ACCEPTVERSIONS=1.1.0,1.0.0')
    expect(negotiated.body).toContain('version="1.1.0"')
    const schema = await ows(
      'SERVICE=WFS&VERSION=1.1.0&REQUEST=DescribeFeatureType&TYPENAME=gis:oae,gis:rodovias',
    )
    expect(schema.body).toContain('xmlns:gml="http://www.opengis.net/gml"')
    expect(schema.body).toContain(
      '<xsd:element name="oae" type="gis:oaeType" substitutionGroup="gml:_Feature"/>',
    )
    expect(schema.body).toContain('<xsd:element name="geom" type="gml:MultiCurvePropertyType"')
    const res = await ows(
      'SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=gis:oae&MAXFEATURES=2',
    )
    expect(res.headers['content-type']).toMatch(/^text\/xml; subtype=gml\/3\.1\.1/)
    expect(res.body).toContain('xmlns:wfs="http://www.opengis.net/wfs"')
    expect(res.body).toContain('numberOfFeatures="2"')
    expect(
      res.body.match(/<gml:featureMember><gis:oae gml:id="oae\.\d+"><gis:geom><gml:Point/g),
    ).toHaveLength(2)
    const gml2 = await ows(
      'SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=gis:oae&OUTPUTFORMAT=GML2',
    )
    expect(gml2.statusCode).toBe(400)
    expect(gml2.body).toContain('Formato não suportado: GML2')
  })

  it('describes several types at once, TABULAR ones without a geometry element', async () => {
    const res = await ows(
      'SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=gis:ocorrencias,gis:placas,gis:municipios',
      t.admin,
    )
    expect(res.statusCode).toBe(200)
    expect(res.body.match(/<xsd:complexType name="\w+Type">/g)).toEqual([
      '<xsd:complexType name="ocorrenciasType">',
      '<xsd:complexType name="placasType">',
      '<xsd:complexType name="municipiosType">',
    ])
    const occ = res.body.slice(res.body.indexOf('ocorrenciasType'), res.body.indexOf('placasType'))
    expect(occ).not.toContain('name="geom"')
    expect(occ).toContain('<xsd:element name="data" type="xsd:dateTime"')
  })
})

describe('every /ows answer is an OGC document (issue 18)', () => {
  it('a 401 keeps its status and WWW-Authenticate, with an exception report', async () => {
    const res = await t.get('/ows?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae')
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Basic realm="GIS", charset="UTF-8"')
    expect(res.headers['content-type']).toMatch(/^text\/xml/)
    expect(res.body).toContain('<ows:ExceptionReport')
    const wms = await t.get('/ows?SERVICE=WMS&REQUEST=GetCapabilities')
    expect(wms.statusCode).toBe(401)
    expect(wms.body).toContain('<ServiceExceptionReport')
  })

  it('other methods, paths and bodies get exception reports too', async () => {
    const put = await t.put('/ows', 'x', t.user)
    expect(put.statusCode).toBe(404)
    expect(put.body).toContain('exceptionCode="OperationNotSupported"')
    const sub = await t.get('/ows/nada?SERVICE=WFS', t.user)
    expect(sub.body).toContain('<ows:ExceptionReport')
    const json = await t.post('/ows', { a: 1 }, t.user)
    expect(json.statusCode).toBe(400)
    expect(json.body).toContain('exceptionCode="OperationParsingFailed"')
    const huge = await t.post('/ows', 'x'.repeat(2_000_000), {
      token: t.user,
      headers: { 'content-type': 'text/xml' },
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.body).toContain('<ows:ExceptionReport')
    const form = await t.post(
      '/ows',
      'SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&RESULTTYPE=hits',
      { token: t.user, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    )
    expect(form.statusCode).toBe(200)
    expect(form.body).toContain('numberMatched="')
  })

  it('a server fault is NoApplicableCode 500, logged once with the request id, without details', async () => {
    const lines: string[] = []
    const app = await buildApp({
      db: t.db,
      config: t.config,
      mailer: createMailer({ outboxDir: path.join(t.dataDir, 'outbox'), from: 'x@y' }),
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    })
    await t.db.exec('ALTER TABLE data.pracas_pedagio RENAME COLUMN nome TO nome_antigo')
    try {
      const res = await app.inject({
        url: '/ows?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=pracas_pedagio',
        headers: { authorization: `Bearer ${t.user}` },
      })
      expect(res.statusCode).toBe(500)
      expect(res.headers['content-type']).toMatch(/^text\/xml/)
      expect(res.body).toContain('xmlns:ows="http://www.opengis.net/ows"')
      expect(res.body).toContain('exceptionCode="NoApplicableCode"')
      expect(res.body).toContain('Erro interno do servidor (requisição req-')
      expect(res.body).not.toMatch(/nome|column|coluna|SELECT/)
      const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50)
      expect(errors).toHaveLength(1)
      expect(errors[0].reqId).toBe(/requisição (req-\w+)/.exec(res.body)![1])
    } finally {
      await t.db.exec('ALTER TABLE data.pracas_pedagio RENAME COLUMN nome_antigo TO nome')
      await app.close()
    }
  })
})

describe('OGC hardening (issue 10)', () => {
  it('refuses more than 100 queries or type names at once, fast', async () => {
    const queries = '<Query typeNames="oae"/>'.repeat(7000)
    let started = Date.now()
    const many = await post(`<GetFeature service="WFS" version="2.0.0">${queries}</GetFeature>`)
    expect(Date.now() - started).toBeLessThan(budget(2000))
    expect(many.statusCode).toBe(400)
    expect(many.body).toContain('Consultas demais em uma requisição (máximo de 100).')
    started = Date.now()
    const names = await ows(
      `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=${Array(2000).fill('oae').join(',')}`,
    )
    expect(Date.now() - started).toBeLessThan(budget(2000))
    expect(names.statusCode).toBe(400)
    expect(names.body).toContain('Tipos de feição demais em uma requisição (máximo de 100).')
    const describe = await ows(
      `SERVICE=WFS&REQUEST=DescribeFeatureType&TYPENAMES=${Array(101).fill('oae').join(',')}`,
    )
    expect(describe.statusCode).toBe(400)
    const hundred = await ows(
      `SERVICE=WFS&REQUEST=GetFeature&RESULTTYPE=hits&TYPENAMES=${Array(100).fill('oae').join(',')}`,
    )
    expect(hundred.statusCode).toBe(200)
  })

  it('a bad date, number or geometry in a filter is a 400 InvalidParameterValue with its locator', async () => {
    const fes = (inner: string) =>
      `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=oae&FILTER=${encodeURIComponent(
        `<Filter xmlns="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2">${inner}</Filter>`,
      )}`
    const cmp = (prop: string, value: string) =>
      fes(
        `<PropertyIsEqualTo><ValueReference>${prop}</ValueReference><Literal>${value}</Literal></PropertyIsEqualTo>`,
      )
    for (const [query, text] of [
      [
        cmp('ultima_inspecao', '2023-02-30'),
        'Valor inválido para o campo ultima_inspecao: Data inválida',
      ],
      [cmp('ultima_inspecao', '1'), 'Valor inválido para o campo ultima_inspecao'],
      [cmp('m_o_d_i_f_', 'ontem'), 'Valor inválido para o campo m_o_d_i_f_: Data e hora inválidas'],
      [cmp('km', 'dez'), 'Valor inválido para o campo km: Informe um número'],
      [
        fes(
          '<Intersects><ValueReference>geom</ValueReference><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>-23 -47 -23.5 -47 -23 -47.5</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></Intersects>',
        ),
        'Geometria inválida em Polygon.',
      ],
      [
        fes(
          '<Intersects><ValueReference>geom</ValueReference><gml:LineString><gml:posList>-23 -47</gml:posList></gml:LineString></Intersects>',
        ),
        'Geometria inválida em LineString.',
      ],
      [
        fes(
          '<Intersects><ValueReference>geom</ValueReference><gml:Point><gml:pos>-23 abc</gml:pos></gml:Point></Intersects>',
        ),
        'Geometria inválida em Point.',
      ],
    ] as const) {
      const res = await ows(query)
      expect(res.statusCode, text).toBe(400)
      expect(res.body).toContain('exceptionCode="InvalidParameterValue" locator="filter"')
      expect(res.body).toContain(text)
    }
    // The uuid compares as text; a valid one finds its feature.
    const { rows } = await t.db.query<{ uuid: string }>(
      'SELECT uuid::text FROM data.oae WHERE id = 1',
    )
    const byUuid = await ows(cmp('uuid', rows[0]!.uuid) + '&OUTPUTFORMAT=json')
    expect(byUuid.json().features.map((f: any) => f.properties.id)).toEqual([1])
    expect((await ows(cmp('uuid', 'nada'))).statusCode).toBe(200)
  })

  it('refuses CQL_FILTER and stored queries rather than ignoring them', async () => {
    const cql = await ows(
      `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&CQL_FILTER=${encodeURIComponent("tipo='ponte'")}`,
    )
    expect(cql.statusCode).toBe(400)
    expect(cql.body).toContain('locator="CQL_FILTER"')
    expect(cql.body).toContain('CQL_FILTER não é suportado')
    const stored = await ows(
      'SERVICE=WFS&REQUEST=GetFeature&STOREDQUERY_ID=urn:ogc:def:query:OGC-WFS::GetFeatureById&ID=oae.1',
    )
    expect(stored.statusCode).toBe(400)
  })

  it('names PUBLIC_URL in capabilities, never the Host the request forged', async () => {
    const forged = { host: 'evil.example:666', 'x-forwarded-host': 'evil.example' }
    for (const query of [
      'SERVICE=WFS&REQUEST=GetCapabilities&VERSION=2.0.0',
      'SERVICE=WFS&REQUEST=GetCapabilities&VERSION=1.1.0',
      'SERVICE=WMS&REQUEST=GetCapabilities',
    ]) {
      const res = await t.app.inject({
        url: `/ows?${query}`,
        headers: { ...forged, authorization: `Bearer ${t.user}` },
      })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('"http://gis.test/ows')
      expect(res.body).not.toContain('evil')
    }
  })

  it('answers a layer that does not exist and one the user cannot read alike', async () => {
    for (const query of [
      'SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=gis:{name}',
      'SERVICE=WFS&REQUEST=DescribeFeatureType&TYPENAMES={name}',
      'SERVICE=WFS&REQUEST=GetFeature&RESOURCEID={name}.1',
      'SERVICE=WMS&REQUEST=GetLegendGraphic&FORMAT=image/png&LAYER={name}',
    ]) {
      const hidden = await ows(query.replace('{name}', 'ocorrencias'))
      const missing = await ows(query.replace('{name}', 'ocorrenciax'))
      expect(hidden.statusCode).toBe(400)
      expect(missing.statusCode).toBe(400)
      expect(hidden.body.replace('ocorrencias', 'ocorrenciax')).toBe(missing.body)
    }
  })

  it('clips a web-mercator box past the world instead of failing', async () => {
    const res = await ows(
      'SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=oae&RESULTTYPE=hits&BBOX=-1e12,-1e12,1e12,1e12,EPSG:3857',
    )
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`numberMatched="${(await sqlIds('oae')).length}"`)
  })
})
