import { describe, expect, it } from 'vitest'
import { expectFieldErrors, fieldErrors, useTestApp } from '../../../test/harness'

const t = useTestApp()

const api = (method: string, url: string, payload?: unknown) =>
  t.api({ method, url, token: t.admin, payload })

const WMS = {
  type: 'wms',
  name: 'Ortofoto 2023 (QGIS Server)',
  description: 'Ortofotos do levantamento aéreo de 2023',
  url: 'https://mapas.example.com/qgis',
  options: {
    layers: 'ortofoto_2023',
    version: '1.1.1',
    tiled: true,
    transparent: false,
    tileSize: 512,
    serverType: 'qgis',
    format: 'image/jpeg',
    opacity: 0.8,
  },
  zmin: 8,
  zmax: 21,
}

const XYZ = {
  type: 'xyz',
  name: 'Esri World Imagery',
  url: 'https://server.example.com/tile/{z}/{y}/{x}',
  options: { projection: 'EPSG:3857' },
  zmin: 0,
  zmax: 19,
  zindex: 5,
}

describe('base layers administration', () => {
  it('creates a WMS base layer with every option, placed beside the others in the tree', async () => {
    const res = await api('POST', '/api/base-layers', WMS)
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(res.headers.location).toBe(`/api/base-layers/${created.id}`)
    expect(created).toMatchObject({
      type: 'wms',
      name: WMS.name,
      url: WMS.url,
      visible: false,
      active: true,
      zmin: 8,
      zmax: 21,
      options: WMS.options,
    })
    const tree = (await api('GET', '/api/mapconfig/layerlayout')).json<any[]>()
    const folder = tree.find((n) => n.title === 'Mapas base')
    expect(folder.children.at(-1)).toMatchObject({
      type: 'layerBase',
      baseLayerId: created.id,
      title: WMS.name,
      radioGroup: 'mapa-base',
    })
    expect((await api('GET', '/api/base-layers/active')).json().map((b: any) => b.name)).toContain(
      WMS.name,
    )
  })

  it('creates an XYZ layer with defaults; a visible one becomes the only one the map opens with', async () => {
    const res = await api('POST', '/api/base-layers', { ...XYZ, visible: true })
    expect(res.statusCode).toBe(201)
    expect(res.json().options).toEqual({ projection: 'EPSG:3857', tileSize: 256, attribution: '' })
    const all = (await api('GET', '/api/base-layers?limit=100')).json<any[]>()
    expect(all.filter((b) => b.visible).map((b) => b.name)).toEqual([XYZ.name])
    const tree = (await api('GET', '/api/mapconfig/layerlayout')).json<any[]>()
    const bases = tree.find((n) => n.title === 'Mapas base').children
    expect(bases.filter((n: any) => n.visibility).map((n: any) => n.title)).toEqual([XYZ.name])
  })

  it('accepts osm and geojson sources, an osm without URL and a path of this server', async () => {
    const osm = await api('POST', '/api/base-layers', { type: 'osm', name: 'OSM (cópia)' })
    expect(osm.statusCode).toBe(201)
    expect(osm.json()).toMatchObject({ url: null, options: {} })
    const geojson = await api('POST', '/api/base-layers', {
      type: 'geojson',
      name: 'Fronteiras',
      url: '/api/base-layers/offline/natural-earth.geojson',
      options: { fill: '#eeeeee', stroke: '#555555', maxResolution: 0.0004 },
    })
    expect(geojson.statusCode).toBe(201)
  })

  it('refuses bad sources with Portuguese messages and creates nothing', async () => {
    const before = (await api('GET', '/api/base-layers')).headers['x-rowcount']
    const cases: [unknown, Record<string, string>][] = [
      [
        { ...WMS, url: 'javascript:alert(1)' },
        {
          url: 'Informe uma URL http:// ou https://, ou um caminho deste servidor começando com /',
        },
      ],
      [
        { ...WMS, options: { ...WMS.options, layers: '' } },
        {
          'options.layers': 'É necessário informar o nome do layer WMS',
        },
      ],
      [
        { ...WMS, options: { ...WMS.options, tileSize: 300 } },
        {
          'options.tileSize': 'O tamanho do tile deve ser 256 ou 512 pixels',
        },
      ],
      [
        { ...XYZ, url: 'https://server.example.com/tile.png' },
        {
          url: 'A URL de tiles XYZ deve conter {z}, {x} e {y}',
        },
      ],
      [{ ...XYZ, zmin: 15, zmax: 3 }, { zmax: 'O zoom máximo deve ser maior ou igual ao mínimo' }],
      [{ ...XYZ, zmax: 30 }, { zmax: 'O zoom deve ser um número inteiro de 0 a 24' }],
      [{ ...XYZ, name: '' }, { name: 'É necessário informar o nome' }],
      [{ ...XYZ, type: 'bing' }, { type: 'Escolha o tipo de fonte' }],
    ]
    for (const [payload, errors] of cases) {
      const res = await api('POST', '/api/base-layers', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(fieldErrors(res), JSON.stringify(payload)).toEqual(errors)
    }
    expect((await api('GET', '/api/base-layers')).headers['x-rowcount']).toBe(before)
  })

  it('updates a base layer (the tree title follows) and deletes it with its tree node', async () => {
    const created = (await api('POST', '/api/base-layers', { ...XYZ, name: 'Temporário' })).json()
    const updated = await api('PUT', `/api/base-layers/${created.id}`, {
      ...XYZ,
      name: 'Renomeado',
      active: false,
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ name: 'Renomeado', active: false })
    const full = JSON.stringify((await api('GET', '/api/mapconfig/layerlayout?all=true')).json())
    expect(full).toContain('"Renomeado"')
    expect((await api('DELETE', `/api/base-layers/${created.id}`)).statusCode).toBe(204)
    expect((await api('GET', `/api/base-layers/${created.id}`)).statusCode).toBe(404)
    const after = JSON.stringify((await api('GET', '/api/mapconfig/layerlayout?all=true')).json())
    expect(after).not.toContain('"Renomeado"')
    const missing = await api('DELETE', `/api/base-layers/${created.id}`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Mapa base não encontrado.')
  })
})

describe('map configuration and settings', () => {
  it('sets the start position as a lon/lat box or as a Web Mercator box', async () => {
    const res = await api('POST', '/api/mapconfig', { mapStartPosLonLat: [-48, -24, -47, -23] })
    expect(res.statusCode).toBe(200)
    expect(res.json().mapStartPosLonLat).toEqual([-48, -24, -47, -23])
    const got = (await api('GET', '/api/mapconfig')).json()
    expect(got.mapStartPosLonLat).toEqual([-48, -24, -47, -23])
    const mercator = await api('POST', '/api/mapconfig', { mapStartPos: got.mapStartPos })
    expect(mercator.json().mapStartPosLonLat.map((n: number) => Math.round(n * 1e5) / 1e5)).toEqual(
      [-48, -24, -47, -23],
    )
    for (const [body, field] of [
      [{ mapStartPosLonLat: [-47, -24, -48, -23] }, 'mapStartPosLonLat'],
      [{ mapStartPosLonLat: [-200, -24, -47, -23] }, 'mapStartPosLonLat'],
      [{ mapStartPos: [0, 0, -1, 1] }, 'mapStartPos'],
    ] as const) {
      const bad = await api('POST', '/api/mapconfig', body)
      expectFieldErrors(bad, {
        [field]:
          'Informe uma caixa válida: mínimo menor que máximo, longitude de -180 a 180 e latitude de -85 a 85',
      })
    }
    const none = await api('POST', '/api/mapconfig', {})
    expect(fieldErrors(none)).toEqual({ mapStartPosLonLat: 'Informe a posição inicial do mapa' })
  })

  it('stores the project name and modules; the public configuration follows', async () => {
    const view = await api('GET', '/api/config/settings')
    expect(view.json()).toMatchObject({
      projectName: 'Rodovias do Interior - GIS',
      // The demo switches on the street-level imagery, the documents and the inspections.
      modules: ['orbit', 'smmcad', 'documents', 'oaeInspections'],
      env: { projectName: null, modules: null },
    })
    expect(view.json().knownModules).toContain('orbit')
    const saved = await api('PUT', '/api/config/settings', {
      projectName: 'Concessionária Oeste - GIS',
      modules: ['documents', 'orbit', 'documents'],
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ modules: ['documents', 'orbit'] })
    const config = await t.get('/api/config')
    expect(config.json()).toMatchObject({
      projectName: 'Concessionária Oeste - GIS',
      modules: ['documents', 'orbit'],
    })
    const bad = await api('PUT', '/api/config/settings', { projectName: '', modules: ['xadrez'] })
    expect(fieldErrors(bad)).toEqual({
      projectName: 'É necessário informar o nome do projeto',
      'modules.0': 'Módulo desconhecido: xadrez',
    })
  })
})
