import { beforeAll, describe, expect, it } from 'vitest'
import { expectFieldErrors, fieldErrors, rawGet, useTestApp } from '../../../test/harness'

const t = useTestApp()
let fieldTeam: number
let demoId: number
beforeAll(async () => {
  const groups = await t.get('/api/groups?query=campo', t.admin)
  fieldTeam = groups.json()[0].id
  const users = await t.get('/api/users?query=demo', t.admin)
  demoId = users.json().find((u: any) => u.username === 'demo').id
})

const NONE = {
  readFeature: false,
  updateFeature: false,
  createFeature: false,
  deleteFeature: false,
  createFeatureAttachment: false,
  readFeatureAttachment: false,
  deleteFeatureAttachment: false,
  submitForReview: false,
}

describe('groups', () => {
  it('lists the demo groups with their member and layer counts', async () => {
    const res = await t.get('/api/groups', t.admin)
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-rowcount']).toBe('3')
    expect(res.json()).toEqual([
      // The demo's moderated collectors ('campo'): oae and placas submitted for review.
      expect.objectContaining({ name: 'Coletores de dados', members: 1, layers: 7 }),
      {
        id: fieldTeam,
        name: 'Equipe de campo',
        description: 'Cadastro e manutenção dos ativos da concessão',
        members: 1,
        layers: 7,
      },
      expect.objectContaining({ name: 'Fiscalização', members: 0, layers: 8 }),
    ])
  })

  it('creates, renames and deletes a group; names are unique ignoring case', async () => {
    const created = await t.post(
      '/api/groups',
      { name: 'Conservação', description: 'Equipe de conservação de rotina' },
      t.admin,
    )
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    expect(created.headers.location).toBe(`/api/groups/${id}`)
    const twice = await t.post('/api/groups', { name: 'conservação' }, t.admin)
    expectFieldErrors(twice, { name: 'Já existe um grupo com este nome' })
    const empty = await t.post('/api/groups', { name: '  ' }, t.admin)
    expect(fieldErrors(empty)).toEqual({ name: 'É necessário informar o nome do grupo' })
    const renamed = await t.put(
      `/api/groups/${id}`,
      { name: 'Conservação rotineira', description: '' },
      t.admin,
    )
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Conservação rotineira', members: 0 })
    const taken = await t.put(`/api/groups/${id}`, { name: 'EQUIPE DE CAMPO' }, t.admin)
    expect(fieldErrors(taken)).toEqual({ name: 'Já existe um grupo com este nome' })
    expect((await t.del(`/api/groups/${id}`, t.admin)).statusCode).toBe(204)
    const gone = await t.get(`/api/groups/${id}`, t.admin)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe('Grupo não encontrado.')
  })

  it('shows the matrix of every layer by the eight flags, and saves it', async () => {
    const matrix = await t.get(`/api/groups/${fieldTeam}/permissions`, t.admin)
    expect(matrix.statusCode).toBe(200)
    const rows = matrix.json<any[]>()
    expect(rows).toHaveLength(8)
    expect(rows.find((r) => r.layer === 'ocorrencias')).toEqual({
      layer: 'ocorrencias',
      title: expect.any(String),
      ...NONE,
    })
    expect(rows.find((r) => r.layer === 'rodovias')).toMatchObject({
      readFeature: true,
      updateFeature: false,
      readFeatureAttachment: true,
      submitForReview: false,
    })
    // The moderated flag is kept as any other.
    const next = rows.map(({ title: _t, ...r }) =>
      r.layer === 'oae' ? { ...r, submitForReview: true } : r,
    )
    const saved = await t.put(`/api/groups/${fieldTeam}/permissions`, next, t.admin)
    expect(saved.statusCode).toBe(200)
    expect(saved.json<any[]>().find((r) => r.layer === 'oae').submitForReview).toBe(true)
    const { rows: stored } = await t.db.query<{ submit_for_review: boolean }>(
      `SELECT submit_for_review FROM app.group_layer_permissions WHERE group_id = $1 AND layer_name = 'oae'`,
      [fieldTeam],
    )
    expect(stored[0]?.submit_for_review).toBe(true)
  })

  it('refuses unknown layers, a layer twice and unknown members with Portuguese 400s', async () => {
    const res = await t.put(
      `/api/groups/${fieldTeam}/permissions`,
      [
        { layer: 'nao_existe', ...NONE },
        { layer: 'oae', ...NONE, readFeature: true },
        { layer: 'oae', ...NONE },
      ],
      t.admin,
    )
    expectFieldErrors(res, {
      '0.layer': 'Layer não encontrada: nao_existe',
      '2.layer': 'O layer oae aparece mais de uma vez',
    })
    const flags = await t.put(
      `/api/groups/${fieldTeam}/permissions`,
      [{ layer: 'oae', readFeature: 'sim' }],
      t.admin,
    )
    expect(flags.statusCode).toBe(400)
    const members = await t.put(
      `/api/groups/${fieldTeam}/members`,
      { userIds: [demoId, 999999] },
      t.admin,
    )
    expectFieldErrors(members, { 'userIds.1': 'Usuário não encontrado: 999999' })
    // Nothing changed.
    const after = await t.get(`/api/groups/${fieldTeam}/members`, t.admin)
    expect(after.json().map((m: any) => m.username)).toEqual(['demo'])
  })
})

describe('a permission change applies on the user’s next request', () => {
  const tileOf = (layer: string) =>
    rawGet(`${t.baseUrl}/api/tiles/${layer}/10/377/580.pbf`, { authorization: `Bearer ${t.user}` })
  const wfsHits = async (layer: string) =>
    (
      await t.get(
        `/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:${layer}&RESULTTYPE=hits`,
        t.user,
      )
    ).statusCode
  const readable = async () =>
    (await t.get('/api/config/layers', t.user)).json<any[]>().map((l) => l.name)

  async function setRead(layer: string, read: boolean) {
    const rows = (await t.get(`/api/groups/${fieldTeam}/permissions`, t.admin))
      .json<any[]>()
      .map(({ title: _t, ...r }) => (r.layer === layer ? { ...r, readFeature: read } : r))
    const res = await t.put(`/api/groups/${fieldTeam}/permissions`, rows, t.admin)
    expect(res.statusCode).toBe(200)
  }

  it('a revoked read hides the layer from the very next tile, WFS and JSON request', async () => {
    // Warm every cache of the map paths first.
    expect((await tileOf('marcos_km')).status).toBe(200)
    expect(await wfsHits('marcos_km')).toBe(200)
    expect(await readable()).toContain('marcos_km')
    await setRead('marcos_km', false)
    expect((await tileOf('marcos_km')).status).toBe(404)
    expect(await wfsHits('marcos_km')).toBe(400)
    expect(await readable()).not.toContain('marcos_km')
    const permissions = await t.get('/auth/permissions', t.user)
    expect(permissions.json().layers.marcos_km.readFeature).toBe(false)
    // And a granted one shows it at once.
    await setRead('marcos_km', true)
    expect((await tileOf('marcos_km')).status).toBe(200)
    expect(await wfsHits('marcos_km')).toBe(200)
  })

  it('removing the user from the group, or the group, applies at once too', async () => {
    expect((await tileOf('oae')).status).toBe(200)
    const removed = await t.put(`/api/users/${demoId}`, { groupIds: [] }, t.admin)
    expect(removed.statusCode).toBe(200)
    expect(removed.json().groups).toEqual([])
    expect((await tileOf('oae')).status).toBe(404)
    const back = await t.put(`/api/groups/${fieldTeam}/members`, { userIds: [demoId] }, t.admin)
    expect(back.json().map((m: any) => m.username)).toEqual(['demo'])
    expect((await tileOf('oae')).status).toBe(200)
  })

  it('an administrator flag given and taken applies to the map services at once', async () => {
    expect((await tileOf('ocorrencias')).status).toBe(404)
    expect(await wfsHits('ocorrencias')).toBe(400)
    await t.put(`/api/users/${demoId}`, { admin: true }, t.admin)
    expect(await wfsHits('ocorrencias')).toBe(200)
    await t.put(`/api/users/${demoId}`, { admin: false }, t.admin)
    expect(await wfsHits('ocorrencias')).toBe(400)
  })
})
