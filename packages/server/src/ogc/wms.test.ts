import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { expectPicture, pixelAt } from '../../test/pictures'
import { withoutReadPermission } from '../../test/users'

// WMS 1.3.0 and 1.1.1 over HTTP (issue 46): maps drawn from the layers' styles, in every
// served CRS, feature info under the caller's permissions, and the refusals.

const t = useTestApp()

/** The drawable demo layers the demo user reads. */
const MAP_LAYERS = [
  'faixa_dominio',
  'marcos_km',
  'municipios',
  'oae',
  'placas',
  'pracas_pedagio',
  'rodovias',
]

async function getMap(query: string, token = t.user) {
  const res = await fetch(`${t.baseUrl}/ows?SERVICE=WMS&REQUEST=GetMap&${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const body = Buffer.from(await res.arrayBuffer())
  return { status: res.status, type: res.headers.get('content-type'), body }
}

/** A square EPSG:3857 box around a layer's live features (the web map's system). */
async function mercatorBox(layer: string): Promise<number[]> {
  const { rows } = await t.db.query<{ x0: number; y0: number; x1: number; y1: number }>(
    `SELECT ST_XMin(b) AS x0, ST_YMin(b) AS y0, ST_XMax(b) AS x1, ST_YMax(b) AS y1
       FROM (SELECT ST_Transform(ST_SetSRID(ST_Extent(geom)::geometry, 4326), 3857) AS b
               FROM data.${layer} WHERE NOT d_e_l_e_t_) e`,
  )
  const r = rows[0]!
  const [cx, cy] = [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2]
  const half = (Math.max(r.x1 - r.x0, r.y1 - r.y0) / 2) * 1.05 + 200
  return [cx - half, cy - half, cx + half, cy + half]
}

/** A live toll plaza's position in a system, by PostGIS's own transform. */
async function plazaIn(srid: number): Promise<{ id: number; x: number; y: number }> {
  const { rows } = await t.db.query<{ id: number; x: number; y: number }>(
    `SELECT id::int AS id, ST_X(p) AS x, ST_Y(p) AS y
       FROM (SELECT id, ST_Transform(geom, $1::int) AS p FROM data.pracas_pedagio
              WHERE NOT d_e_l_e_t_ ORDER BY id LIMIT 1) q`,
    [srid],
  )
  return rows[0]!
}

describe('WMS GetCapabilities', () => {
  it('advertises GetMap, GetFeatureInfo and the served systems in 1.3.0 and 1.1.1', async () => {
    const v13 = await t.get('/ows?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities', t.user)
    expect(v13.statusCode).toBe(200)
    for (const part of [
      '<GetMap><Format>image/png</Format><Format>image/jpeg</Format>',
      '<GetFeatureInfo><Format>text/html</Format><Format>application/json</Format>',
      '<CRS>CRS:84</CRS>',
      '<CRS>EPSG:4674</CRS>',
      '<CRS>EPSG:31983</CRS>',
      '<CRS>EPSG:29193</CRS>',
      '<CRS>EPSG:22523</CRS>',
      '<CRS>EPSG:3857</CRS>',
      '<MaxWidth>4096</MaxWidth>',
    ]) {
      expect(v13.body).toContain(part)
    }
    const v11 = await t.get('/ows?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetCapabilities', t.user)
    expect(v11.statusCode).toBe(200)
    expect(v11.headers['content-type']).toMatch(/^application\/vnd\.ogc\.wms_xml/)
    expect(v11.body).toContain('<WMT_MS_Capabilities version="1.1.1">')
    expect(v11.body).toContain('<SRS>EPSG:31983</SRS>')
    expect(v11.body).toMatch(/<LatLonBoundingBox minx="-4\d\.\d+" miny="-2\d\.\d+"/)
    const names = [
      ...v11.body.matchAll(/<Layer queryable="1" opaque="0">\s*<Name>([a-z_]+)<\/Name>/g),
    ]
      .map((m) => m[1])
      .sort()
    expect(names).toEqual(MAP_LAYERS)
  })
})

describe('WMS GetMap', () => {
  it.each(MAP_LAYERS)('draws %s over its features as the expected picture', async (layer) => {
    const box = await mercatorBox(layer)
    const map = await getMap(
      `VERSION=1.3.0&LAYERS=${layer}&STYLES=&CRS=EPSG:3857&BBOX=${box.join(',')}&WIDTH=384&HEIGHT=384&FORMAT=image/png&TRANSPARENT=TRUE`,
    )
    expect(map.status, map.body.toString()).toBe(200)
    expect(map.type).toBe('image/png')
    const meta = await sharp(map.body).metadata()
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([384, 384, true])
    await expectPicture(map.body, `wms-${layer}`)
  })

  it('draws several layers in order, on a background or transparent, as PNG or JPEG', async () => {
    const box = await mercatorBox('rodovias')
    const common = `VERSION=1.3.0&CRS=EPSG:3857&BBOX=${box.join(',')}&WIDTH=400&HEIGHT=300`
    const all = await getMap(
      `${common}&LAYERS=municipios,faixa_dominio,rodovias,oae,pracas_pedagio&FORMAT=image/png`,
    )
    expect(all.status).toBe(200)
    await expectPicture(all.body, 'wms-several')
    // Not transparent: the white background shows where nothing is drawn.
    expect(await pixelAt(all.body, 0, 0)).toEqual([255, 255, 255, 255])
    const clear = await getMap(`${common}&LAYERS=rodovias&FORMAT=image/png&TRANSPARENT=TRUE`)
    expect((await pixelAt(clear.body, 0, 0))[3]).toBe(0)
    const jpeg = await getMap(`${common}&LAYERS=rodovias&FORMAT=image/jpeg&BGCOLOR=0x000000`)
    expect(jpeg.type).toBe('image/jpeg')
    expect((await sharp(jpeg.body).metadata()).format).toBe('jpeg')
    const corner = await pixelAt(jpeg.body, 0, 0)
    expect(Math.max(...corner.slice(0, 3))).toBeLessThan(16)
  })

  it('puts a feature where PostGIS transforms it, in every served system', async () => {
    const cases: { srid: number; half: number; geographic: boolean }[] = [
      { srid: 4326, half: 0.005, geographic: true },
      { srid: 4674, half: 0.005, geographic: true },
      { srid: 4618, half: 0.005, geographic: true },
      { srid: 3857, half: 500, geographic: false },
      { srid: 31983, half: 500, geographic: false },
      { srid: 31982, half: 500, geographic: false },
      { srid: 29193, half: 500, geographic: false },
      { srid: 22523, half: 500, geographic: false },
    ]
    for (const c of cases) {
      const p = await plazaIn(c.srid)
      // 1.1.1: x/y in every system. The plaza at the centre, the plaza's layer alone.
      const xy = [p.x - c.half, p.y - c.half, p.x + c.half, p.y + c.half]
      const size = 'WIDTH=101&HEIGHT=101&FORMAT=image/png&TRANSPARENT=TRUE&LAYERS=pracas_pedagio'
      const v11 = await getMap(`VERSION=1.1.1&SRS=EPSG:${c.srid}&BBOX=${xy.join(',')}&${size}`)
      expect(v11.status, `${c.srid}: ${v11.body.toString()}`).toBe(200)
      expect((await pixelAt(v11.body, 50, 50))[3], `EPSG:${c.srid}`).toBe(255)
      expect((await pixelAt(v11.body, 0, 0))[3], `EPSG:${c.srid}`).toBe(0)
      expect((await pixelAt(v11.body, 100, 100))[3], `EPSG:${c.srid}`).toBe(0)
      // 1.3.0: a geographic system's box is latitude first, as the standard says.
      const axes = c.geographic ? [xy[1], xy[0], xy[3], xy[2]] : xy
      const v13 = await getMap(`VERSION=1.3.0&CRS=EPSG:${c.srid}&BBOX=${axes.join(',')}&${size}`)
      expect(v13.body.equals(v11.body), `EPSG:${c.srid} 1.3.0 = 1.1.1`).toBe(true)
    }
    const p = await plazaIn(4326)
    const lonLat = [p.x - 0.005, p.y - 0.005, p.x + 0.005, p.y + 0.005]
    const crs84 = await getMap(
      `VERSION=1.3.0&CRS=CRS:84&BBOX=${lonLat.join(',')}&WIDTH=101&HEIGHT=101&FORMAT=image/png&TRANSPARENT=TRUE&LAYERS=pracas_pedagio`,
    )
    expect((await pixelAt(crs84.body, 50, 50))[3]).toBe(255)
  })

  it('answers an empty map for a view where nothing is, even outside the system', async () => {
    const far = await getMap(
      'VERSION=1.1.1&SRS=EPSG:31983&BBOX=1e12,1e12,2e12,2e12&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE&LAYERS=rodovias',
    )
    expect(far.status).toBe(200)
    const { data } = await sharp(far.body).raw().toBuffer({ resolveWithObject: true })
    expect(data.every((v, i) => i % 4 !== 3 || v === 0)).toBe(true)
  })

  it('refuses bad requests with the WMS exception of each version, in Portuguese', async () => {
    const box = 'BBOX=-23.6,-47.6,-23.3,-47.2&WIDTH=100&HEIGHT=100&FORMAT=image/png'
    const cases: [string, string, string][] = [
      [
        `VERSION=1.3.0&CRS=EPSG:4326&${box}`,
        'MissingParameterValue',
        'Parâmetro obrigatório ausente: LAYERS',
      ],
      [
        `VERSION=1.3.0&LAYERS=rodovias&CRS=EPSG:32723&${box}`,
        'InvalidCRS',
        'Sistema de referência não suportado: EPSG:32723',
      ],
      [
        `VERSION=1.3.0&LAYERS=rodovias&STYLES=realce&CRS=EPSG:4326&${box}`,
        'StyleNotDefined',
        'Estilo desconhecido: realce',
      ],
      [
        `VERSION=1.3.0&LAYERS=ocorrencias&CRS=EPSG:4326&${box}`,
        'LayerNotDefined',
        'Layer desconhecida ou sem permissão de leitura: ocorrencias',
      ],
      [
        `VERSION=1.3.0&LAYERS=rodovias&CRS=EPSG:4326&${box.replace('image/png', 'image/gif')}`,
        'InvalidFormat',
        'Formato não suportado: image/gif',
      ],
      [
        `VERSION=1.3.0&LAYERS=rodovias&CRS=EPSG:4326&${box.replace('WIDTH=100', 'WIDTH=5000')}`,
        'InvalidParameterValue',
        'Mapa grande demais: largura e altura de no máximo 4096 pixels.',
      ],
      [
        `VERSION=1.3.0&LAYERS=rodovias&CRS=EPSG:4326&${box.replace('-23.6,-47.6', '-23.2,-47.6')}`,
        'InvalidParameterValue',
        'Valor inválido para o parâmetro bbox',
      ],
      [
        `VERSION=9.9&LAYERS=rodovias&CRS=EPSG:4326&${box}`,
        'InvalidParameterValue',
        'Versão não suportada: 9.9 (use 1.3.0 ou 1.1.1)',
      ],
    ]
    for (const [query, code, message] of cases) {
      const res = await getMap(query)
      const text = res.body.toString()
      expect(res.status, query).toBe(400)
      expect(text, query).toContain('<ServiceExceptionReport version="1.3.0"')
      expect(text, query).toContain(`code="${code}"`)
      expect(text, query).toContain(message)
    }
    const v11 = await getMap(`VERSION=1.1.1&LAYERS=rodovias&SRS=EPSG:32723&${box}`)
    expect(v11.type).toMatch(/^application\/vnd\.ogc\.se_xml/)
    expect(v11.body.toString()).toContain('<ServiceExceptionReport version="1.1.1">')
    expect(v11.body.toString()).toContain('code="InvalidSRS"')
    const anonymous = await fetch(
      `${t.baseUrl}/ows?SERVICE=WMS&REQUEST=GetMap&VERSION=1.3.0&LAYERS=rodovias&CRS=EPSG:4326&${box}`,
    )
    expect(anonymous.status).toBe(401)
  })
})

describe('WMS GetFeatureInfo', () => {
  const infoQuery = async (format: string, layers = 'rodovias,pracas_pedagio') => {
    const p = await plazaIn(31983)
    const xy = [p.x - 500, p.y - 500, p.x + 500, p.y + 500]
    return {
      plaza: p,
      query: `SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=${layers}&QUERY_LAYERS=${layers}&STYLES=&CRS=EPSG:31983&BBOX=${xy.join(',')}&WIDTH=101&HEIGHT=101&I=50&J=50&INFO_FORMAT=${format}&FEATURE_COUNT=5`,
    }
  }

  it('answers the features under the pixel in GeoJSON, GML and HTML', async () => {
    const { plaza, query } = await infoQuery('application/json')
    const json = await t.get(`/ows?${query}`, t.user)
    expect(json.statusCode, json.body).toBe(200)
    expect(json.headers['content-type']).toMatch(/^application\/json/)
    const body = json.json<{
      features: { id: string; geometry: { coordinates: number[] }; properties: object }[]
    }>()
    const found = body.features.find((f) => f.id === `pracas_pedagio.${plaza.id}`)
    expect(found, json.body).toBeDefined()
    // In the map's system, as PostGIS transforms it.
    expect(found!.geometry.coordinates[0]).toBeCloseTo(plaza.x, 1)
    expect(found!.geometry.coordinates[1]).toBeCloseTo(plaza.y, 1)
    const wfs = await t.get(
      `/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:pracas_pedagio&OUTPUTFORMAT=application/json&RESOURCEID=pracas_pedagio.${plaza.id}`,
      t.user,
    )
    const wfsFeature = wfs.json<{ features: { properties: object }[] }>().features[0]!
    expect(Object.keys(found!.properties)).toEqual(Object.keys(wfsFeature.properties))

    const gml = await t.get(`/ows?${(await infoQuery('application/vnd.ogc.gml')).query}`, t.user)
    expect(gml.statusCode).toBe(200)
    expect(gml.body).toContain(`<gis:pracas_pedagio gml:id="pracas_pedagio.${plaza.id}">`)

    const html = await t.get(`/ows?${(await infoQuery('text/html')).query}`, t.user)
    expect(html.statusCode).toBe(200)
    expect(html.headers['content-type']).toMatch(/^text\/html/)
    expect(html.body).toContain('<h2>Praças de pedágio</h2>')
    expect(html.body).toMatch(/<th>Id<\/th><td>\d+<\/td>/)

    // Away from every feature: nothing, said in Portuguese.
    const empty = await t.get(
      `/ows?${(await infoQuery('text/html')).query.replace('I=50&J=50', 'I=0&J=0')}`,
      t.user,
    )
    expect(empty.body).toContain('Nenhuma feição neste ponto.')
  })

  it('answers only layers the caller reads, and refuses a pixel outside the map', async () => {
    const { query } = await infoQuery('application/json', 'pracas_pedagio')
    await withoutReadPermission(t, 'demo', 'pracas_pedagio', async () => {
      const denied = await t.get(`/ows?${query}`, t.user)
      expect(denied.statusCode).toBe(400)
      expect(denied.body).toContain('code="LayerNotDefined"')
      const mapQuery = query.replace(/^SERVICE=WMS&VERSION=1\.3\.0&REQUEST=GetFeatureInfo&/, '')
      const map = await getMap(`VERSION=1.3.0&${mapQuery}&FORMAT=image/png`)
      expect(map.status).toBe(400)
      expect(map.body.toString()).toContain('code="LayerNotDefined"')
    })
    const outside = await t.get(`/ows?${query.replace('I=50', 'I=101')}`, t.user)
    expect(outside.statusCode).toBe(400)
    expect(outside.body).toContain('code="InvalidPoint"')
    expect(outside.body).toContain('Ponto fora do mapa: I')
  })
})
