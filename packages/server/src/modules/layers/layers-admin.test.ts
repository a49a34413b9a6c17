import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO, expectFieldErrors, fieldErrors, signIn, useTestApp } from '../../../test/harness'
import { editableLayer } from '../../../test/layers'

const t = useTestApp()
beforeAll(async () => {
  // A table loaded from outside (as ogr2ogr or psql would): no uuid, no deletion flag, no
  // modification time, its own primary key.
  await t.db.exec(`
    CREATE TABLE data.acessos (ogc_fid serial PRIMARY KEY, nome varchar(60), km numeric(9,3),
      geom geometry(Point, 4326));
    INSERT INTO data.acessos (nome, km, geom) VALUES
      ('Acesso Sul', 12.5, ST_SetSRID(ST_MakePoint(-47.9, -23.4), 4326)),
      ('Acesso Norte', 14.1, ST_SetSRID(ST_MakePoint(-47.8, -23.3), 4326));
    CREATE TABLE data.utm_pontos (id bigserial PRIMARY KEY, geom geometry(Point, 31983));
    CREATE TABLE data."Maiusculas" (id bigserial PRIMARY KEY, "Nome" text);`)
})

const api = (method: string, url: string, payload?: unknown) =>
  t.api({ method, url, token: t.admin, payload })

async function layer(name: string) {
  return (await api('GET', `/api/layers/${name}`)).json()
}

const editable = editableLayer

describe('registering tables as layers', () => {
  it('lists unregistered tables with what registering adds or why it cannot', async () => {
    const res = await api('GET', '/api/layers/unregistered')
    expect(res.statusCode).toBe(200)
    const byName = Object.fromEntries(res.json<any[]>().map((r) => [r.table, r]))
    expect(byName.oae).toBeUndefined()
    expect(byName.acessos).toMatchObject({
      geometryType: 'point',
      srid: 4326,
      missing: ['id', 'uuid', 'd_e_l_e_t_', 'm_o_d_i_f_'],
      problems: [],
      rows: 2,
    })
    expect(byName.utm_pontos.problems).toEqual([
      'a geometria está em EPSG:31983; os layers usam EPSG:4326 (ogr2ogr: -t_srs EPSG:4326)',
    ])
    expect(byName.Maiusculas.problems).toEqual([
      'o nome da tabela não segue a regra de nomes',
      'colunas com nomes fora da regra: Nome',
    ])
  })

  it('registers a table loaded from outside, adding its system columns, into a folder', async () => {
    const tree = (await api('GET', '/api/mapconfig/layerlayout?all=true')).json<any[]>()
    const assets = tree.find((n) => n.title === 'Ativos da concessão')
    const res = await api('POST', '/api/layers', {
      table: 'acessos',
      title: 'Acessos',
      folderId: assets.id,
    })
    expect(res.statusCode).toBe(201)
    const record = res.json()
    expect(record).toMatchObject({
      name: 'acessos',
      title: 'Acessos',
      geometryType: 'point',
      queryable: true,
      table: 'data.acessos',
    })
    expect(record.extent).toEqual([-47.9, -23.4, -47.8, -23.3])
    expect(record.attributes.map((a: any) => a.name)).toEqual([
      'id',
      'uuid',
      'geom',
      'd_e_l_e_t_',
      'm_o_d_i_f_',
      'ogc_fid',
      'nome',
      'km',
    ])
    const { rows } = await t.db.query<{ id: number; uuid: string; d_e_l_e_t_: boolean }>(
      'SELECT id, uuid::text, d_e_l_e_t_ FROM data.acessos ORDER BY id',
    )
    expect(rows.map((r) => r.id)).toEqual([1, 2])
    expect(rows.every((r) => r.uuid.length === 36 && r.d_e_l_e_t_ === false)).toBe(true)
    // In the folder, at its end, on the map of anyone who may read it.
    const after = (await api('GET', '/api/mapconfig/layerlayout')).json<any[]>()
    const folder = after.find((n) => n.title === 'Ativos da concessão')
    expect(folder.children.at(-1)).toMatchObject({ managedName: 'acessos', title: 'Acessos' })
    // Edits are audited from now on.
    await t.db.query(`UPDATE data.acessos SET nome = 'Acesso Sul (novo)' WHERE id = 1`)
    const { rows: audit } = await t.db.query(
      `SELECT action FROM app.audit_log WHERE table_name = 'acessos'`,
    )
    expect(audit).toEqual([{ action: 'U' }])
  })

  it('refuses what cannot be a layer, with the reason', async () => {
    const again = await api('POST', '/api/layers', { table: 'acessos', title: 'Outra vez' })
    expect(fieldErrors(again)).toEqual({ table: 'A tabela acessos já está registrada como layer.' })
    const utm = await api('POST', '/api/layers', { table: 'utm_pontos', title: 'UTM' })
    expect(fieldErrors(utm)).toEqual({
      table:
        'A tabela utm_pontos não pode ser registrada: a geometria está em EPSG:31983; os layers usam EPSG:4326 (ogr2ogr: -t_srs EPSG:4326)',
    })
    const missing = await api('POST', '/api/layers', { table: 'nada', title: 'Nada' })
    expect(fieldErrors(missing)).toEqual({ table: 'Tabela não encontrada.' })
    const noTitle = await api('POST', '/api/layers', { table: 'utm_pontos', title: '' })
    expect(fieldErrors(noTitle)).toEqual({ title: 'É necessário informar o título' })
    const folder = await api('POST', '/api/layers', {
      table: 'utm_pontos',
      title: 'UTM',
      folderId: 999999,
    })
    expect(folder.statusCode).toBe(400)
  })
})

describe('editing a layer', () => {
  it('saves title, field order, titles, tooltips, layout, domains and style', async () => {
    const before = await layer('marcos_km')
    const body = editable(before)
    body.title = 'Marcos quilométricos (km)'
    body.attributes = [...body.attributes].reverse()
    body.attributes[0].title = 'Sentido da pista'
    body.attributes[0].tooltip = 'Norte, Sul, Leste ou Oeste'
    body.layout = [
      { title: 'Localização', fields: [{ name: 'rodovia', title: 'Rodovia', visible: true }] },
      { title: 'Outros', fields: [{ name: 'km', title: 'Km', visible: false }] },
    ]
    body.domains = { sentido: { title: 'Sentido', type: 'selectable', values: ['Norte', 'Sul'] } }
    body.style = {
      fill: '#ff0000',
      point: { shape: 'square', radius: 6 },
      categories: {
        attribute: 'sentido',
        classes: [
          { value: 'Norte', label: 'Norte', fill: '#1565c0' },
          { value: 'Sul', label: 'Sul', fill: '#c62828' },
        ],
      },
    }
    const res = await api('PUT', `/api/layers/${before.id}`, body)
    expect(res.statusCode).toBe(200)
    const after = res.json()
    expect(after.title).toBe('Marcos quilométricos (km)')
    expect(after.attributes.slice(5).map((a: any) => a.name)).toEqual(
      body.attributes.map((a: any) => a.name),
    )
    expect(after.attributes[5]).toMatchObject({
      name: body.attributes[0].name,
      title: 'Sentido da pista',
      tooltip: 'Norte, Sul, Leste ou Oeste',
    })
    expect(after.fieldsFormat[0].title).toBe('Sentido da pista')
    expect(after.layout).toEqual(body.layout)
    expect(after.domains).toEqual(body.domains)
    expect(after.style).toEqual(body.style)
    expect(after.legendVersion).toBe(before.legendVersion + 1)
    // The tree follows the new title; the WMS legend draws the categories.
    const tree = (await api('GET', '/api/mapconfig/layerlayout')).json<any[]>()
    const node = tree.flatMap((n) => n.children).find((n: any) => n.managedName === 'marcos_km')
    expect(node.title).toBe('Marcos quilométricos (km)')
    const legend = await api(
      'GET',
      '/ows?SERVICE=WMS&REQUEST=GetLegendGraphic&LAYER=marcos_km&FORMAT=image/png',
    )
    expect(legend.statusCode).toBe(200)
  })

  it('refuses fields it does not have, a field twice in the layout and unsuitable domains', async () => {
    const l = await layer('oae')
    const body = editable(l)
    const res = await api('PUT', `/api/layers/${l.id}`, {
      ...body,
      attributes: body.attributes.slice(1),
      layout: [
        {
          title: 'A',
          fields: [
            { name: 'codigo', title: 'Código', visible: true },
            { name: 'inventado', title: 'X', visible: true },
          ],
        },
        { title: 'B', fields: [{ name: 'codigo', title: 'Código', visible: true }] },
      ],
      domains: {
        comprimento: { title: 'Comprimento', type: 'selectable', values: ['longo'] },
        codigo: { title: 'Código', type: 'selectable', values: ['OAE-1'] },
      },
      style: { categories: { attribute: 'cor', classes: [] } },
    })
    expectFieldErrors(res, {
      attributes: 'A lista de campos deve conter cada campo do layer uma vez',
      'layout.0.fields.1.name': 'Campo desconhecido: inventado',
      'layout.1.fields.0.name': 'O campo codigo aparece em mais de um grupo',
      'domains.comprimento': 'O valor longo não serve para o campo comprimento',
      'style.categories.attribute': 'Campo desconhecido: cor',
    })
    const untouched = await layer('oae')
    expect(untouched.layout).toEqual(l.layout)
    const missing = await api('PUT', '/api/layers/999999', body)
    expect(missing.statusCode).toBe(404)
  })

  it('previews a legend before saving, drawn as WMS draws it', async () => {
    const res = await api('POST', '/api/layers/legend-preview', {
      title: 'Prévia',
      geometryType: 'polygon',
      style: { fill: '#00ff00', stroke: { color: '#000000', width: 1 } },
    })
    expect(res.statusCode).toBe(200)
    const image: string = res.json().image
    expect(image.startsWith('data:image/png;base64,')).toBe(true)
    const png = Buffer.from(image.split(',')[1]!, 'base64')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    const bad = await api('POST', '/api/layers/legend-preview', {
      title: 'X',
      geometryType: 'point',
      style: { fill: 'verde' },
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('deleting a layer', () => {
  it('asks when it has data and keeps the table; the table can be registered again', async () => {
    const l = await layer('acessos')
    const first = await api('DELETE', `/api/layers/${l.id}`)
    expect(first.statusCode).toBe(409)
    expect(first.json().message).toBe(
      'O layer Acessos tem 2 feições. Ele sairá do catálogo e do mapa; a tabela acessos e os dados serão mantidos.',
    )
    expect((await api('GET', `/api/layers/${l.id}`)).statusCode).toBe(200)
    const confirmed = await api('DELETE', `/api/layers/${l.id}?confirm=true`)
    expect(confirmed.statusCode).toBe(204)
    expect((await api('GET', `/api/layers/${l.id}`)).statusCode).toBe(404)
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM data.acessos')
    expect(rows[0]!.n).toBe(2)
    const tree = JSON.stringify((await api('GET', '/api/mapconfig/layerlayout?all=true')).json())
    expect(tree).not.toContain('"acessos"')
    const unregistered = (await api('GET', '/api/layers/unregistered')).json<any[]>()
    expect(unregistered.find((u) => u.table === 'acessos')).toMatchObject({
      missing: [],
      problems: [],
    })
    const again = await api('POST', '/api/layers', { table: 'acessos', title: 'Acessos' })
    expect(again.statusCode).toBe(201)
  })

  it('deletes an empty layer at once, with its group permissions', async () => {
    await t.db.exec('CREATE TABLE data.vazia (id bigserial PRIMARY KEY)')
    const reg = await api('POST', '/api/layers', { table: 'vazia', title: 'Vazia' })
    const id = reg.json().id
    const groups = (await api('GET', '/api/groups')).json<any[]>()
    const matrix = (await api('GET', `/api/groups/${groups[0].id}/permissions`)).json<any[]>()
    await api(
      'PUT',
      `/api/groups/${groups[0].id}/permissions`,
      matrix.map(({ title: _t, ...r }) => (r.layer === 'vazia' ? { ...r, readFeature: true } : r)),
    )
    expect((await api('DELETE', `/api/layers/${id}`)).statusCode).toBe(204)
    const { rows } = await t.db.query(
      `SELECT 1 FROM app.group_layer_permissions WHERE layer_name = 'vazia'`,
    )
    expect(rows).toHaveLength(0)
  })
})

describe('POST /api/features/remapindex', () => {
  it('recreates missing indexes and triggers, rebuilds, analyzes and refreshes the extent', async () => {
    await t.db.exec(
      `DROP INDEX data.pracas_pedagio_geom; DROP TRIGGER audit ON data.pracas_pedagio`,
    )
    await t.db.exec(`UPDATE app.layers SET extent = NULL WHERE name = 'pracas_pedagio'`)
    const res = await api('POST', '/api/features/remapindex/pracas_pedagio')
    expect(res.statusCode).toBe(200)
    const [r] = res.json<any[]>()
    expect(r).toMatchObject({
      layer: 'pracas_pedagio',
      created: ['pracas_pedagio_geom'],
      triggers: ['audit'],
      rows: 9,
    })
    expect(r.indexes).toContain('pracas_pedagio_geom')
    expect(r.extent).toHaveLength(4)
    const again = await api('POST', '/api/features/remapindex/pracas_pedagio')
    expect(again.json()[0]).toMatchObject({ created: [], triggers: [] })
    const all = await api('POST', '/api/features/remapindex')
    expect(all.statusCode).toBe(200)
    expect(all.json<any[]>().map((x) => x.layer)).toContain('placas')
    const unknown = await api('POST', '/api/features/remapindex/nao_existe')
    expect(unknown.statusCode).toBe(404)
  })
})

describe('the layer tree', () => {
  it('saves folders, radio groups, order, visibility and opacity; ids are kept', async () => {
    const before = (await api('GET', '/api/mapconfig/layerlayout?all=true')).json<any[]>()
    const strip = (n: any): any => ({
      id: n.id,
      type: n.type,
      title: n.title,
      layer: n.managedName,
      baseLayerId: n.baseLayerId,
      radioGroup: n.radioGroup,
      visibility: n.visibility,
      opacity: n.opacity,
      children: n.children.map(strip),
    })
    const nodes = before.map(strip)
    const roads = nodes.find((n: any) => n.title === 'Sistema viário')
    const rodovias = roads.children.shift()
    // A new folder with a radio group holding the roads, first in the tree.
    nodes.unshift({
      type: 'folder',
      title: 'Destaques',
      radioGroup: null,
      visibility: true,
      opacity: 255,
      children: [{ ...rodovias, radioGroup: 'destaque', opacity: 128 }],
    })
    const res = await api('POST', '/api/mapconfig/layerlayout', { nodes })
    expect(res.statusCode).toBe(200)
    const saved = res.json<any[]>()
    expect(saved[0]).toMatchObject({ type: 'folder', title: 'Destaques', name: 'destaques' })
    expect(saved[0].children[0]).toMatchObject({
      id: rodovias.id,
      managedName: 'rodovias',
      radioGroup: 'destaque',
      opacity: 128,
    })
    // The map's tree (for any user) follows.
    const user = await signIn(t.api, DEMO.user)
    const mapTree = (await t.get('/api/mapconfig/layerlayout', user)).json<any[]>()
    expect(mapTree[0].title).toBe('Destaques')
    // An ordinary user cannot read the editor's tree.
    const denied = await t.get('/api/mapconfig/layerlayout?all=true', user)
    expect(denied.statusCode).toBe(403)
  })

  it('refuses unknown nodes and layers, a layer twice and children outside folders', async () => {
    const base = { radioGroup: null, visibility: true, opacity: 255, children: [] }
    const res = await api('POST', '/api/mapconfig/layerlayout', {
      nodes: [
        { ...base, id: 999999, type: 'folder', title: 'X' },
        { ...base, type: 'layer', title: 'A', layer: 'oae' },
        { ...base, type: 'layer', title: 'B', layer: 'oae' },
        { ...base, type: 'layer', title: 'C', layer: 'nao_existe' },
        {
          ...base,
          type: 'layer',
          title: 'D',
          layer: 'placas',
          children: [{ ...base, type: 'folder', title: 'E' }],
        },
        { ...base, type: 'layerBase', title: 'F', baseLayerId: 999 },
      ],
    })
    expectFieldErrors(res, {
      'nodes.0.id': 'Item desconhecido na árvore: 999999',
      'nodes.2.layer': 'O layer oae aparece mais de uma vez na árvore',
      'nodes.3.layer': 'Layer desconhecida: nao_existe',
      'nodes.4.children': 'Apenas pastas podem conter outros itens',
      'nodes.5.baseLayerId': 'Mapa base desconhecido: 999',
    })
    const empty = await api('POST', '/api/mapconfig/layerlayout', {
      nodes: [{ ...base, type: 'folder', title: ' ' }],
    })
    expect(fieldErrors(empty)).toEqual({ 'nodes.0.title': 'É necessário informar o título' })
  })
})
