import { describe, expect, it } from 'vitest'
import { useTestApp, DEMO_LAYERS } from '../../../test/harness'
import { seedDemoStartView } from '../../demo/seed'

const t = useTestApp()

const ALL = DEMO_LAYERS

describe('GET /api/config/layers', () => {
  it('describes only the layers the caller may read', async () => {
    const res = await t.get('/api/config/layers', t.user)
    expect(res.statusCode).toBe(200)
    const names = res.json<{ name: string }[]>().map((l) => l.name)
    expect(names.sort()).toEqual(ALL.filter((n) => n !== 'ocorrencias'))
  })

  it('gives administrators every layer of the catalogue', async () => {
    const res = await t.get('/api/config/layers', t.admin)
    expect(
      res
        .json<{ name: string }[]>()
        .map((l) => l.name)
        .sort(),
    ).toEqual(ALL)
  })

  it('carries fields with system fields first, layout groups, domains and style', async () => {
    const res = await t.get('/api/config/layers', t.user)
    const oae = res.json<any[]>().find((l) => l.name === 'oae')
    expect(oae).toMatchObject({
      title: 'Obras de arte especiais (pontes e viadutos)',
      geometryType: 'point',
      queryable: true,
      managed: true,
      dataVersion: 1,
    })
    expect(oae.attributes.slice(0, 5).map((a: any) => [a.name, a.title])).toEqual([
      ['id', 'Id'],
      ['uuid', 'UUID'],
      ['geom', 'Geometria'],
      ['d_e_l_e_t_', 'Excluído?'],
      ['m_o_d_i_f_', 'Última modificação'],
    ])
    expect(oae.attributes.find((a: any) => a.name === 'codigo')).toEqual({
      name: 'codigo',
      type: 'string',
      maxLength: 24,
      title: 'Código',
      tooltip: '',
    })
    expect(oae.layout.map((g: any) => g.title)).toEqual([
      'Identificação',
      'Localização',
      'Dimensões',
      'Inspeção',
    ])
    expect(oae.domains.tipo).toEqual({
      title: 'Tipo',
      type: 'selectable',
      values: ['ponte', 'viaduto', 'passarela'],
    })
    expect(oae.domains.foto.type).toBe('photo')
    expect(oae.style.categories.attribute).toBe('tipo')
    expect(oae.extent).toHaveLength(4)
    expect(oae.extent[0]).toBeGreaterThan(-49)
    expect(oae.extent[2]).toBeLessThan(-46)
  })

  it('answers 401 without a session', async () => {
    expect((await t.get('/api/config/layers')).statusCode).toBe(401)
  })
})

describe('GET /api/layers', () => {
  it('lists readable catalogue records with the total in x-rowcount', async () => {
    const res = await t.get('/api/layers', t.user)
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-rowcount']).toBe('7')
    expect(res.json<any[]>()[0]).toMatchObject({ table: expect.stringMatching(/^data\./) })
  })

  it('pages and sorts', async () => {
    const res = await t.get('/api/layers?page=1&limit=3&sort=-name', t.admin)
    expect(res.headers['x-rowcount']).toBe('8')
    expect(res.json<any[]>().map((l) => l.name)).toEqual(['ocorrencias', 'oae', 'municipios'])
    const bad = await t.get('/api/layers?sort=table', t.admin)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].message).toBe('Campo de ordenação inválido')
  })

  it('gets one layer by id or name; the same 404 for an unknown and an unreadable layer', async () => {
    const all = (await t.get('/api/layers', t.admin)).json<any[]>()
    const occ = all.find((l) => l.name === 'ocorrencias')
    const byId = await t.get(`/api/layers/${occ.id}`, t.admin)
    expect(byId.json()).toMatchObject({ name: 'ocorrencias', geometryType: 'TABULAR' })
    expect(byId.json().attributes.map((a: any) => a.name)).not.toContain('geom')
    const denied = await t.get('/api/layers/ocorrencias', t.user)
    const deniedById = await t.get(`/api/layers/${occ.id}`, t.user)
    const missing = await t.get('/api/layers/nao_existe', t.user)
    const missingId = await t.get('/api/layers/987654', t.user)
    for (const res of [denied, deniedById, missing, missingId]) {
      expect(res.statusCode).toBe(404)
      expect(res.body).toBe(missing.body)
      expect(res.json().message).toBe('Layer não encontrada ou sem permissão de leitura.')
    }
    expect((await t.get('/api/layers/rodovias', t.user)).statusCode).toBe(200)
  })
})

describe('map configuration and layer tree', () => {
  it('answers mapStartPos in EPSG:3857 and EPSG:4326', async () => {
    const res = await t.get('/api/mapconfig', t.user)
    const body = res.json()
    expect(body.projection).toBe('EPSG:3857')
    expect(body.mapStartPos).toHaveLength(4)
    expect(body.mapStartPos[0]).toBeCloseTo(
      (body.mapStartPosLonLat[0] * Math.PI * 6378137) / 180,
      0,
    )
  })

  it('starts the demo on its data: the box of the concession layers, with a small margin', async () => {
    const { rows } = await t.db.query<{ box: number[] }>(
      `SELECT ARRAY[min(extent[1]), min(extent[2]), max(extent[3]), max(extent[4])] AS box
         FROM app.layers WHERE extent IS NOT NULL AND name <> 'municipios'`,
    )
    const [minx, miny, maxx, maxy] = rows[0]!.box.map(Number) as number[]
    const res = await t.get('/api/mapconfig', t.user)
    const [sminx, sminy, smaxx, smaxy] = res.json().mapStartPosLonLat as number[]
    // it holds every feature…
    expect(sminx).toBeLessThanOrEqual(minx!)
    expect(sminy).toBeLessThanOrEqual(miny!)
    expect(smaxx).toBeGreaterThanOrEqual(maxx!)
    expect(smaxy).toBeGreaterThanOrEqual(maxy!)
    // …and little more: not the whole state (the migrations' default was 9 × 5.7 degrees)
    expect(smaxx! - sminx!).toBeLessThan((maxx! - minx!) * 1.1)
    expect(smaxy! - sminy!).toBeLessThan((maxy! - miny!) * 1.1)
    expect(smaxx! - sminx!).toBeLessThan(3)
  })

  it('keeps a start position an administrator chose when the demo seed runs again', async () => {
    const chosen = [-48, -24, -47, -23]
    const saved = await t.post('/api/mapconfig', { mapStartPosLonLat: chosen }, t.admin)
    expect(saved.statusCode).toBe(200)
    expect(await seedDemoStartView(t.db)).toBe(false)
    const res = await t.get('/api/mapconfig', t.user)
    expect(res.json().mapStartPosLonLat).toEqual(chosen)
  })

  it('gives the tree of folders, readable layers and base layers in a radio group', async () => {
    const res = await t.get('/api/mapconfig/layerlayout', t.user)
    expect(res.statusCode).toBe(200)
    const tree = res.json<any[]>()
    expect(tree.map((n) => n.title)).toEqual([
      'Sistema viário',
      'Ativos da concessão',
      'Limites administrativos',
      'Mapas base',
    ])
    expect(tree[0].children.map((n: any) => n.managedName)).toEqual([
      'rodovias',
      'marcos_km',
      'pracas_pedagio',
    ])
    const municipios = tree[2].children[0]
    expect(municipios).toMatchObject({
      type: 'layer',
      managedName: 'municipios',
      opacity: 180,
      visibility: true,
      geometryType: 'multipolygon',
      dataVersion: 1,
    })
    const bases = tree[3].children
    expect(bases.map((n: any) => [n.type, n.radioGroup, n.visibility])).toEqual([
      ['layerBase', 'mapa-base', true],
      ['layerBase', 'mapa-base', false],
    ])
    expect(JSON.stringify(tree)).not.toContain('ocorrencias')
  })

  it('leaves out layers the caller cannot read and folders left empty', async () => {
    await t.db.query(
      `UPDATE app.group_layer_permissions SET read_feature = false
        WHERE layer_name = 'municipios'`,
    )
    const tree = (await t.get('/api/mapconfig/layerlayout', t.user)).json<any[]>()
    expect(tree.map((n) => n.name)).toEqual(['sistema_viario', 'ativos', 'mapas_base'])
    const adminTree = (await t.get('/api/mapconfig/layerlayout', t.admin)).json<any[]>()
    expect(adminTree).toHaveLength(4)
    await t.db.query(
      `UPDATE app.group_layer_permissions SET read_feature = true WHERE layer_name = 'municipios'`,
    )
  })
})

describe('base layers', () => {
  it('offers OpenStreetMap by default and an offline layer served here', async () => {
    const res = await t.get('/api/base-layers/active', t.user)
    const layers = res.json<any[]>()
    expect(layers.map((l) => [l.type, l.name, l.visible])).toEqual([
      ['osm', 'OpenStreetMap', true],
      ['geojson', 'Limites mundiais (offline)', false],
    ])
    const offline = await t.get(layers[1].url)
    expect(offline.statusCode).toBe(200)
    const fc = offline.json()
    expect(fc.type).toBe('FeatureCollection')
    expect(fc.features.some((f: any) => f.properties.name === 'Brazil')).toBe(true)
    const again = await t.get(layers[1].url, {
      headers: { 'if-none-match': offline.headers.etag! },
    })
    expect(again.statusCode).toBe(304)
  })

  it('pages the list with x-rowcount and gets one by id (administrators)', async () => {
    const res = await t.get('/api/base-layers?limit=1&page=1', t.admin)
    expect(res.headers['x-rowcount']).toBe('2')
    expect(res.json<any[]>()).toHaveLength(1)
    const id = res.json<any[]>()[0].id
    expect((await t.get(`/api/base-layers/${id}`, t.admin)).json().id).toBe(id)
    const missing = await t.get('/api/base-layers/9999', t.admin)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Mapa base não encontrado.')
  })

  it('an ordinary user gets the active layers only; the full list and one by id are refused', async () => {
    const created = await t.post(
      '/api/base-layers',
      {
        type: 'xyz',
        name: 'Satélite inativo',
        url: 'https://tiles.exemplo.com/{z}/{x}/{y}.png?apikey=chave-secreta',
        active: false,
      },
      t.admin,
    )
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    try {
      for (const url of ['/api/base-layers', `/api/base-layers/${id}`]) {
        const res = await t.get(url, t.user)
        expect(res.statusCode, url).toBe(403)
        expect(res.json().message).toBe('Você não tem permissão para realizar esta operação.')
        expect(res.body).not.toContain('chave-secreta')
      }
      // What the map reads (the boot's getActiveBaseLayers): the active ones, nothing else.
      const active = await t.get('/api/base-layers/active', t.user)
      expect(active.statusCode).toBe(200)
      expect(active.json<any[]>().map((l) => l.name)).toEqual([
        'OpenStreetMap',
        'Limites mundiais (offline)',
      ])
      expect(active.body).not.toContain('chave-secreta')
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM app.base_layers WHERE active',
      )
      expect(active.json<any[]>()).toHaveLength(rows[0]!.n)
      // Made active, the map gets it.
      await t.put(
        `/api/base-layers/${id}`,
        {
          type: 'xyz',
          name: 'Satélite inativo',
          url: 'https://tiles.exemplo.com/{z}/{x}/{y}.png?apikey=chave-secreta',
          active: true,
        },
        t.admin,
      )
      const after = await t.get('/api/base-layers/active', t.user)
      expect(after.json<any[]>().map((l) => l.id)).toContain(id)
    } finally {
      await t.del(`/api/base-layers/${id}`, t.admin)
    }
  })
})

describe('data version and audit', () => {
  it('bumps the data version on every edit and audits the change', async () => {
    const before = await t.get('/api/layers/oae', t.user)
    await t.db.query(`UPDATE data.oae SET largura = largura + 1 WHERE id = 1`)
    const after = await t.get('/api/layers/oae', t.user)
    expect(after.json().dataVersion).toBe(before.json().dataVersion + 1)
    await t.db.query(`DELETE FROM data.oae WHERE id = 2`)
    expect((await t.get('/api/layers/oae', t.user)).json().dataVersion).toBe(
      before.json().dataVersion + 2,
    )
    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM app.audit_log WHERE table_name = 'oae' ORDER BY id`,
    )
    expect(audit.rows.map((r) => r.action)).toEqual(['U', 'D'])
  })
})
