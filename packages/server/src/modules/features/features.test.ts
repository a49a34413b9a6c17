import { describe, expect, it } from 'vitest'
import { type LayerPermissionFlag } from '@gis/shared'
import { expectFieldErrors, fieldErrors, useTestApp } from '../../../test/harness'
import { userWithPermissions } from '../../../test/users'
import { and, rule } from '../../../test/filters'

const t = useTestApp()

const get = (url: string, token = t.user) => t.get(url, token)
const put = (url: string, payload: unknown, token = t.user) => t.put(url, payload, token)

async function feature(layer: string, id: number, token = t.admin) {
  const res = await get(`/api/features/${layer}/${id}`, token)
  expect(res.statusCode).toBe(200)
  return res.json<{ attributes: Record<string, any>; geom: string | null; version: string }>()
}

async function history(layer: string, id: number, token = t.admin) {
  const res = await get(`/api/audit/${layer}/${id}`, token)
  expect(res.statusCode).toBe(200)
  return res.json<any[]>()
}

/**
 * A user in a group of its own with exactly `flags` on `layer` (and read elsewhere as the
 * group says): the way to test each permission flag alone.
 */
const userWithFlags = (name: string, layer: string, flags: LayerPermissionFlag[]) =>
  userWithPermissions(t, name, { [layer]: flags })

describe('GET /api/features/{layer}/{id}', () => {
  it('answers attributes with the system fields, the geometry as WKT and a version', async () => {
    const res = await get('/api/features/oae/1')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.layer).toBe('oae')
    expect(body.id).toBe(1)
    expect(Object.keys(body.attributes).slice(0, 4)).toEqual([
      'id',
      'uuid',
      'd_e_l_e_t_',
      'm_o_d_i_f_',
    ])
    expect(body.attributes).toMatchObject({ id: 1, d_e_l_e_t_: false, rodovia: expect.any(String) })
    expect(body.attributes.ultima_inspecao).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(body.attributes).not.toHaveProperty('geom')
    expect(body.geom).toMatch(/^POINT\(-4\d\.\d+ -2\d\.\d+\)$/)
    expect(body.version).toBe('0')
  })

  it('gives TABULAR layers a null geometry', async () => {
    const body = (await get('/api/features/ocorrencias/1', t.admin)).json()
    expect(body.geom).toBeNull()
  })

  it('answers the same 404 for an unknown layer and one the caller may not read', async () => {
    const unknown = await get('/api/features/nao_existe/1')
    const denied = await get('/api/features/ocorrencias/1')
    expect(unknown.statusCode).toBe(404)
    expect(denied.statusCode).toBe(404)
    expect(denied.body).toBe(unknown.body)
    expect((await get('/api/features/oae/999999')).json().message).toBe('Feição não encontrada.')
  })

  it('needs a session in the Authorization header (never ?token=)', async () => {
    expect((await t.get('/api/features/oae/1')).statusCode).toBe(401)
    expect((await t.get(`/api/features/oae/1?token=${t.user}`)).statusCode).toBe(401)
  })

  it('refuses ids that are not positive whole numbers in Portuguese', async () => {
    const res = await get('/api/features/oae/abc')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].field).toBe('id')
  })
})

describe('PUT /api/features/{layer}/{id}', () => {
  it('writes the attributes sent, records who and from where, and bumps the version', async () => {
    const before = await feature('oae', 2)
    const res = await put('/api/features/oae/2', {
      version: before.version,
      attributes: { largura: 14.5, sentido: before.attributes.sentido, codigo: 'OAE-TESTE-2' },
    })
    expect(res.statusCode).toBe(200)
    const after = res.json()
    expect(after.attributes.largura).toBe(14.5)
    expect(after.attributes.codigo).toBe('OAE-TESTE-2')
    expect(after.version).not.toBe(before.version)
    expect(Date.parse(after.attributes.m_o_d_i_f_)).toBeGreaterThan(
      Date.parse(before.attributes.m_o_d_i_f_),
    )
    const [entry] = await history('oae', 2)
    expect(entry).toMatchObject({
      action: 'U',
      user: 'demo',
      application: 'gis-web',
      clientAddress: '127.0.0.1',
      geometryChanged: false,
    })
    expect(entry.clientPort).toBeGreaterThan(0)
    // Exactly the fields that changed (an unchanged value sent is not a change).
    expect(entry.changedFields).toEqual({ largura: 14.5, codigo: 'OAE-TESTE-2' })
    expect(entry.previousFields.codigo).toBe(before.attributes.codigo)
    expect(entry.currentFields.codigo).toBe('OAE-TESTE-2')
    expect(String(entry.id)).toBe(after.version)
  })

  it('answers 409 with both versions over a newer version, and writes nothing', async () => {
    const loaded = await feature('oae', 3)
    const first = await put('/api/features/oae/3', {
      version: loaded.version,
      attributes: { comprimento: 111.1 },
    })
    expect(first.statusCode).toBe(200)
    const stale = await put('/api/features/oae/3', {
      version: loaded.version,
      attributes: { comprimento: 222.2, largura: 9 },
    })
    expect(stale.statusCode).toBe(409)
    const body = stale.json()
    expect(body.message).toMatch(/alterada por outra pessoa/)
    expect(body.current.attributes.comprimento).toBe(111.1)
    expect(body.current.version).toBe(first.json().version)
    expect(body.submitted).toEqual({
      version: loaded.version,
      attributes: { comprimento: 222.2, largura: 9 },
    })
    const now = await feature('oae', 3)
    expect(now.attributes.comprimento).toBe(111.1)
    expect(now.attributes.largura).toBe(loaded.attributes.largura)
    // Sent again from the current version, the same change goes through.
    const again = await put('/api/features/oae/3', {
      version: body.current.version,
      attributes: { comprimento: 222.2 },
    })
    expect(again.statusCode).toBe(200)
  })

  it('lets only one of two simultaneous edits of the same version through', async () => {
    const loaded = await feature('oae', 4)
    const [a, b] = await Promise.all([
      put('/api/features/oae/4', { version: loaded.version, attributes: { largura: 1 } }),
      put('/api/features/oae/4', { version: loaded.version, attributes: { largura: 2 } }, t.admin),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const winner = a.statusCode === 200 ? 1 : 2
    expect((await feature('oae', 4)).attributes.largura).toBe(winner)
  })

  it('answers 400 with every field error by type, domain and limit, and writes nothing', async () => {
    const loaded = await feature('oae', 5)
    const res = await put('/api/features/oae/5', {
      version: loaded.version,
      attributes: {
        id: 99,
        uuid: '00000000-0000-0000-0000-000000000000',
        comprimento: 'abc',
        largura: '12,5',
        ultima_inspecao: '1899-12-31',
        tipo: 'castelo',
        codigo: 'X'.repeat(25),
        nota_estrutural: 2.5,
        inexistente: 1,
      },
    })
    expectFieldErrors(
      res,
      {
        id: 'O id não pode ser alterado',
        uuid: 'Este campo é mantido pelo sistema e não pode ser alterado',
        comprimento: 'Informe um número',
        largura: 'Informe um número',
        ultima_inspecao: 'O ano deve ser 1900 ou posterior',
        tipo: 'Selecione uma das opções',
        codigo: 'Texto muito longo (máximo de 24 caracteres)',
        nota_estrutural: 'Informe um número inteiro',
        inexistente: 'Campo desconhecido neste layer',
      },
      'Erros de validação foram encontrados!',
    )
    expect((await feature('oae', 5)).version).toBe(loaded.version)
  })

  it('checks dates, times and booleans by type', async () => {
    const loaded = await feature('pracas_pedagio', 1)
    const bad = await put(
      '/api/features/pracas_pedagio/1',
      { version: loaded.version, attributes: { automatica: 'talvez', cabines: 1.5 } },
      t.admin,
    )
    expect(fieldErrors(bad)).toEqual({
      automatica: 'Informe verdadeiro ou falso',
      cabines: 'Informe um número inteiro',
    })
    const oae = await feature('oae', 5)
    const date = await put('/api/features/oae/5', {
      version: oae.version,
      attributes: { ultima_inspecao: '2023-02-30' },
    })
    expect(fieldErrors(date)).toEqual({ ultima_inspecao: 'Data inválida (use AAAA-MM-DD)' })
    const ok = await put('/api/features/oae/5', {
      version: oae.version,
      attributes: { ultima_inspecao: '2024-02-29', largura: null, tipo: 'viaduto' },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().attributes).toMatchObject({
      ultima_inspecao: '2024-02-29',
      largura: null,
      tipo: 'viaduto',
    })
  })

  it('sends the id back unchanged without complaint, but never changes it', async () => {
    const loaded = await feature('oae', 6)
    const res = await put('/api/features/oae/6', {
      version: loaded.version,
      attributes: { id: 6, largura: 10 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().id).toBe(6)
  })

  it('updates the geometry only with ?geom=true', async () => {
    const loaded = await feature('oae', 8)
    const ignored = await put('/api/features/oae/8?geom=false', {
      version: loaded.version,
      geom: 'POINT(-47.5 -23.5)',
      attributes: {},
    })
    expect(ignored.json().geom).toBe(loaded.geom)
    const moved = await put('/api/features/oae/8?geom=true', {
      version: loaded.version,
      geom: 'POINT(-47.5 -23.5)',
      attributes: {},
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().geom).toBe('POINT(-47.5 -23.5)')
    const [entry] = await history('oae', 8)
    expect(entry.geometryChanged).toBe(true)
    expect(entry.changedFields).toEqual({})
    const wrong = await put('/api/features/oae/8?geom=true', {
      version: moved.json().version,
      geom: 'LINESTRING(-47 -23, -47.1 -23.1)',
    })
    expect(fieldErrors(wrong)).toEqual({ geom: 'A geometria deve ser do tipo point' })
    const broken = await put('/api/features/oae/8?geom=true', {
      version: moved.json().version,
      geom: 'POINT(-47.5',
    })
    expect(fieldErrors(broken)).toEqual({ geom: 'Geometria inválida (WKT em EPSG:4326)' })
    const far = await put('/api/features/oae/8?geom=true', {
      version: moved.json().version,
      geom: 'POINT(-470 -23)',
    })
    expect(fieldErrors(far).geom).toMatch(/fora de EPSG:4326/)
  })

  it('takes a single line into a multilinestring layer', async () => {
    const loaded = await feature('rodovias', 1)
    const res = await put(
      '/api/features/rodovias/1?geom=true',
      { version: loaded.version, geom: 'SRID=4326;LINESTRING(-47 -23, -47.2 -23.1)' },
      t.admin,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().geom).toBe('MULTILINESTRING((-47 -23,-47.2 -23.1))')
  })

  it('refuses unknown body keys and a missing version in Portuguese', async () => {
    const res = await put('/api/features/oae/1', { attributes: {}, extra: 1 })
    expect(res.statusCode).toBe(400)
    const errors = fieldErrors(res)
    expect(Object.keys(errors).sort()).toEqual(['extra', 'version'])
    for (const message of Object.values(errors)) expect(message).toMatch(/[áéíóúçã]|[a-z]/)
  })
})

describe('soft delete and reactivation', () => {
  it('marks d_e_l_e_t_, keeps the feature readable, records D then U', async () => {
    const del = await t.del('/api/features/oae/9', t.user)
    expect(del.statusCode).toBe(200)
    expect(del.json().attributes.d_e_l_e_t_).toBe(true)
    const read = await feature('oae', 9)
    expect(read.attributes.d_e_l_e_t_).toBe(true)
    // A deleted feature is not edited until reactivated.
    const edit = await put('/api/features/oae/9', {
      version: read.version,
      attributes: { largura: 3 },
    })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().message).toMatch(/reative-a/)
    const undo = await t.patch('/api/features/oae/9/undelete', undefined, t.user)
    expect(undo.statusCode).toBe(200)
    expect(undo.json().attributes.d_e_l_e_t_).toBe(false)
    const [u, d] = await history('oae', 9)
    expect(d).toMatchObject({ action: 'D', user: 'demo', changedFields: { d_e_l_e_t_: true } })
    expect(u).toMatchObject({ action: 'U', user: 'demo', changedFields: { d_e_l_e_t_: false } })
  })

  it('answers 404 for a feature that does not exist', async () => {
    const res = await t.del('/api/features/oae/999999', t.user)
    expect(res.statusCode).toBe(404)
  })
})

describe('POST /api/features/{layer}', () => {
  it('inserts with the geometry, answers 201 with Location, and records I', async () => {
    const res = await t.post(
      '/api/features/oae',
      {
        attributes: { codigo: 'OAE-NOVA', tipo: 'ponte', km: 12.5, ultima_inspecao: '2024-05-01' },
        geom: 'POINT(-47.3 -23.4)',
      },
      t.user,
    )
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(res.headers.location).toBe(`/api/features/oae/${body.id}`)
    expect(body.geom).toBe('POINT(-47.3 -23.4)')
    expect(body.attributes).toMatchObject({ codigo: 'OAE-NOVA', d_e_l_e_t_: false, km: 12.5 })
    expect(body.attributes.uuid).toMatch(/^[0-9a-f-]{36}$/)
    const [entry] = await history('oae', body.id)
    expect(entry).toMatchObject({
      action: 'I',
      user: 'demo',
      previousFields: null,
      geometryChanged: true,
    })
    expect(entry.changedFields).toMatchObject({ codigo: 'OAE-NOVA', tipo: 'ponte' })
    expect(entry.changedFields).not.toHaveProperty('geom')
  })

  it('refuses system fields, bad values and a geometry of another type, inserting nothing', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM data.oae')).rows[0]!.n
    const before = await count()
    const res = await t.post(
      '/api/features/oae',
      {
        attributes: { id: 5, km: 'dez', foto: '1' },
        geom: 'POLYGON((0 0, 1 0, 1 1, 0 0))',
      },
      t.user,
    )
    expectFieldErrors(res, {
      id: 'O id não pode ser alterado',
      km: 'Informe um número',
      foto: 'Crie a feature antes de inserir o anexo',
      geom: 'A geometria deve ser do tipo point',
    })
    expect(await count()).toBe(before)
  })

  it('refuses a geometry for a TABULAR layer', async () => {
    const res = await t.post(
      '/api/features/ocorrencias',
      { attributes: {}, geom: 'POINT(0 0)' },
      t.admin,
    )
    expect(fieldErrors(res)).toEqual({ geom: 'Este layer não tem geometria' })
  })
})

describe('permission flags, each alone', () => {
  it('refuses each write without its flag, on the server', async () => {
    const readOnly = await userWithFlags('flags.leitura', 'marcos_km', ['readFeature'])
    const loaded = await feature('marcos_km', 1)
    const cases = [
      () =>
        put(
          '/api/features/marcos_km/1',
          { version: loaded.version, attributes: { km: 1 } },
          readOnly,
        ),
      () => t.post('/api/features/marcos_km', { attributes: {} }, readOnly),
      () => t.del('/api/features/marcos_km/1', readOnly),
      () => t.patch('/api/features/marcos_km/1/undelete', undefined, readOnly),
    ]
    const answers = []
    for (const call of cases) answers.push(await call())
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403])
    expect(answers.map((r) => r.json().message)).toEqual([
      'Você não possui permissão para editar features nesta layer!',
      'Você não possui permissão para criar features nesta layer!',
      'Você não possui permissão para excluir features neste layer!',
      'Você não possui permissão para editar features nesta layer!',
    ])
    expect((await feature('marcos_km', 1)).version).toBe(loaded.version)
  })

  it('allows exactly the flag given', async () => {
    const creator = await userWithFlags('flags.criar', 'marcos_km', [
      'readFeature',
      'createFeature',
    ])
    const created = await t.post(
      '/api/features/marcos_km',
      { attributes: { rodovia: 'SP-280', km: 999 }, geom: 'POINT(-47 -23)' },
      creator,
    )
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    const edit = await put(
      `/api/features/marcos_km/${id}`,
      { version: created.json().version, attributes: { km: 998 } },
      creator,
    )
    expect(edit.statusCode).toBe(403)
    const deleter = await userWithFlags('flags.excluir', 'marcos_km', [
      'readFeature',
      'deleteFeature',
    ])
    expect((await t.del(`/api/features/marcos_km/${id}`, deleter)).statusCode).toBe(200)
    expect(
      (await t.patch(`/api/features/marcos_km/${id}/undelete`, undefined, deleter)).statusCode,
    ).toBe(403)
    const editor = await userWithFlags('flags.editar', 'marcos_km', [
      'readFeature',
      'updateFeature',
    ])
    expect(
      (await t.patch(`/api/features/marcos_km/${id}/undelete`, undefined, editor)).statusCode,
    ).toBe(200)
  })

  it('hides every call on a layer without readFeature, whatever the other flags', async () => {
    const writeOnly = await userWithFlags('flags.cego', 'marcos_km', [
      'updateFeature',
      'createFeature',
      'deleteFeature',
    ])
    const calls = [
      get('/api/features/marcos_km/1', writeOnly),
      put('/api/features/marcos_km/1', { version: '0', attributes: { km: 1 } }, writeOnly),
      t.del('/api/features/marcos_km/1', writeOnly),
      t.post('/api/features/marcos_km/geometries', { ids: [1] }, writeOnly),
      get('/api/audit/marcos_km/1', writeOnly),
      get('/api/features/marcos_km/attributes', writeOnly),
    ]
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404)
  })

  it('refuses edits on a layer that is not queryable', async () => {
    await t.db.query(`UPDATE app.layers SET queryable = false WHERE name = 'faixa_dominio'`)
    try {
      const loaded = await feature('faixa_dominio', 1)
      const res = await put('/api/features/faixa_dominio/1', {
        version: loaded.version,
        attributes: {},
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'Não é possível editar esta layer pois ela não está registrada no WFS!',
      )
    } finally {
      await t.db.query(`UPDATE app.layers SET queryable = true WHERE name = 'faixa_dominio'`)
    }
  })
})

describe('geometries', () => {
  it('answers GeoJSON in EPSG:4326 for the ids that exist', async () => {
    const res = await t.post('/api/features/oae/geometries', { ids: [11, 10, 999999, 10] }, t.user)
    expect(res.statusCode).toBe(200)
    const rows = res.json()
    expect(rows.map((r: any) => r.id)).toEqual([10, 11])
    expect(rows[0].geometry.type).toBe('Point')
    expect(rows[0].geometry.coordinates[0]).toBeLessThan(-44)
  })

  it('refuses more ids than the limit', async () => {
    const res = await t.post(
      '/api/features/oae/geometries',
      { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) },
      t.user,
    )
    expect(res.statusCode).toBe(400)
  })

  it('searches by filter tree and box, live features only', async () => {
    const res = await t.post(
      '/api/features/oae/geometries/search',
      {
        query: and(rule('tipo', 'eq', 'ponte')),
      },
      t.user,
    )
    expect(res.statusCode).toBe(200)
    const ids = res.json().map((r: any) => r.id)
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM data.oae WHERE tipo = 'ponte' AND NOT d_e_l_e_t_ ORDER BY id`,
    )
    expect(ids).toEqual(rows.map((r) => Number(r.id)))
    const boxed = await t.post(
      '/api/features/oae/geometries/search',
      { bbox: [-180, -90, -47.5, 0] },
      t.user,
    )
    for (const r of boxed.json()) expect(r.geometry.coordinates[0]).toBeLessThanOrEqual(-47.5)
    const bad = await t.post(
      '/api/features/oae/geometries/search',
      { query: { type: 'rule', field: 'senha', operator: 'eq', value: 1 } },
      t.user,
    )
    expectFieldErrors(bad, { 'query.field': 'Campo desconhecido: senha' })
  })

  it('finds the nearest feature around a point (the editor pick)', async () => {
    const target = await feature('oae', 12)
    const [lon, lat] = target
      .geom!.replace(/POINT\(|\)/g, '')
      .split(' ')
      .map(Number)
    const res = await t.post(
      '/api/features/searchcoord',
      { longitude: lon! + 0.00005, latitude: lat, tolerance: 20, layers: ['oae'] },
      t.user,
    )
    expect(res.statusCode).toBe(200)
    const [hit] = res.json()
    expect(hit).toMatchObject({ layer: 'oae', id: 12, deleted: false })
    expect(hit.distance).toBeGreaterThan(3)
    expect(hit.distance).toBeLessThan(7)
    const denied = await t.post(
      '/api/features/searchcoord',
      { longitude: lon, latitude: lat, layers: ['ocorrencias'] },
      t.user,
    )
    expect(denied.statusCode).toBe(404)
  })
})

describe('GET /api/features/{layer}/attributes', () => {
  it('lists the fields with system, editable and required', async () => {
    const res = await get('/api/features/oae/attributes')
    expect(res.statusCode).toBe(200)
    const byName = Object.fromEntries(res.json().map((a: any) => [a.name, a]))
    expect(byName.id).toMatchObject({ system: true, editable: false, type: 'number' })
    expect(byName.codigo).toMatchObject({
      system: false,
      editable: true,
      maxLength: 24,
      notNull: false,
    })
  })
})

describe('GET /api/audit/{table}/{id}', () => {
  it('pages newest first with the total in x-rowcount', async () => {
    let version = (await feature('oae', 13)).version
    for (const largura of [1, 2, 3]) {
      version = (await put('/api/features/oae/13', { version, attributes: { largura } })).json()
        .version
    }
    const res = await get('/api/audit/oae/13?limit=2')
    expect(res.headers['x-rowcount']).toBe('3')
    expect(res.json().map((e: any) => e.changedFields.largura)).toEqual([3, 2])
    const oldest = await get('/api/audit/oae/13?sort=timestamp&limit=1')
    expect(oldest.json()[0].changedFields.largura).toBe(1)
    expect((await get('/api/audit/oae/13?sort=user')).statusCode).toBe(400)
  })
})
