import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { fieldErrors, signIn, useTestApp } from '../../../test/harness'

/**
 * Moderated editing (issue 14): the demo's 'campo' belongs to 'Coletores de dados', whose
 * oae and placas permissions have 'Enviar para aprovação'. Its ordinary feature calls become
 * approvals; 'demo' (Equipe de campo, not moderated) still edits directly.
 */
const t = useTestApp()
let campo: string
let png: Buffer
beforeAll(async () => {
  campo = await signIn(t.api, { username: 'campo', password: 'campo1234' })
  png = await sharp({
    create: { width: 32, height: 24, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer()
})

type Json = Record<string, any>
const get = (url: string, token = t.admin) => t.get(url, token)

/** A PUT of attribute values over a version of the feature. */
const putAttributes = (
  layer: string,
  id: number,
  version: string,
  attributes: Json,
  token: string,
) => t.put(`/api/features/${layer}/${id}`, { version, attributes }, token)

async function feature(layer: string, id: number): Promise<Json> {
  const res = await get(`/api/features/${layer}/${id}`)
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function count(table: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
  return rows[0]!.n
}

/** A 202 of a feature call: the approval's address, its one item, the body the web tells apart. */
function submitted(res: { statusCode: number; body: string; headers: Json; json: () => any }) {
  expect(res.statusCode, res.body).toBe(202)
  const body = res.json()
  expect(body).toMatchObject({
    submittedForApproval: true,
    message: 'Mudança enviada para aprovação',
  })
  expect(res.headers.location).toBe(`/api/approvals/${body.approvalId}`)
  return body as { approvalId: number; itemId: number }
}

const approve = (itemId: number) =>
  t.post(`/api/approvals/items/${itemId}/approve`, undefined, t.admin)

async function pending(layer: string, id: number, token = campo): Promise<number> {
  const res = await get(`/api/approvals/pending/${layer}/${id}`, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().pending
}

async function upload(layer: string, id: number, token: string, description: string) {
  const form = new FormData()
  form.append('description', description)
  form.append('file', new Blob([png], { type: 'image/png' }), 'vistoria.png')
  const res = await fetch(`${t.baseUrl}/api/features/${layer}/${id}/attachments`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  const text = await res.text()
  return {
    statusCode: res.status,
    body: text,
    headers: Object.fromEntries(res.headers.entries()),
    json: () => JSON.parse(text),
  }
}

describe('a moderated user edits through the ordinary feature calls', () => {
  it('an update changes nothing until approved; approve applies it, HISTÓRIA names author and reviewer', async () => {
    const before = await feature('oae', 4)
    const res = await t.put(
      '/api/features/oae/4?geom=true',
      {
        version: before.version,
        attributes: { tipo: 'passarela', comprimento: 42.5 },
        geom: 'POINT(-46.7 -23.4)',
      },
      campo,
    )
    const { approvalId, itemId } = submitted(res)
    expect(await feature('oae', 4)).toEqual(before)
    expect(await pending('oae', 4)).toBe(1)
    // What awaits is said, so the form can show it beside the current values (issue 42).
    expect((await get('/api/approvals/pending/oae/4', campo)).json()).toMatchObject({
      pending: 1,
      values: { tipo: 'passarela', comprimento: 42.5 },
      geometry: true,
      deleting: false,
    })

    const header = (await get(`/api/approvals/${approvalId}`)).json()
    expect(header).toMatchObject({ username: 'campo', itemsTotal: 1, status: 'PENDING' })
    expect(header.description).toBe(
      'Atualização da feição 4 em Obras de arte especiais (pontes e viadutos)',
    )
    const items = (await get(`/api/approvals/${approvalId}/items`)).json().data
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      id: itemId,
      action: 'UPDATE',
      featureId: 4,
      data: { tipo: 'passarela', comprimento: 42.5 },
      geom: 'POINT(-46.7 -23.4)',
      withGeom: true,
      base: { version: before.version },
    })

    const approved = await approve(itemId)
    expect(approved.statusCode, approved.body).toBe(200)
    const after = await feature('oae', 4)
    expect(after.attributes).toEqual({
      ...before.attributes,
      tipo: 'passarela',
      comprimento: 42.5,
      m_o_d_i_f_: after.attributes.m_o_d_i_f_,
    })
    expect(after.geom).toBe('POINT(-46.7 -23.4)')
    expect(await pending('oae', 4)).toBe(0)
    const history = (await get('/api/audit/oae/4', campo)).json()
    expect(history[0]).toMatchObject({
      user: 'campo',
      approvedBy: 'admin',
      action: 'U',
      changedFields: { tipo: 'passarela', comprimento: 42.5 },
    })
    expect(history.slice(1).every((e: Json) => e.approvedBy === null)).toBe(true)
  })

  it('an insert makes no feature until approved; approve creates exactly the proposal', async () => {
    const features = await count('data.oae')
    const res = await t.post(
      '/api/features/oae',
      { attributes: { codigo: 'OAE-NOVA-1', tipo: 'ponte' }, geom: 'POINT(-46.65 -23.45)' },
      campo,
    )
    const { approvalId, itemId } = submitted(res)
    const { rows: none } = await t.db.query(
      `SELECT 1 FROM app.audit_log WHERE current_fields ->> 'codigo' = 'OAE-NOVA-1'`,
    )
    expect(none).toHaveLength(0)
    expect(await count('data.oae')).toBe(features)
    expect((await get(`/api/approvals/${approvalId}`)).json().description).toBe(
      'Inserção em Obras de arte especiais (pontes e viadutos)',
    )

    const approved = await approve(itemId)
    expect(approved.statusCode, approved.body).toBe(200)
    const newId = approved.json().featureId as number
    const created = await feature('oae', newId)
    expect(created.attributes).toMatchObject({ codigo: 'OAE-NOVA-1', tipo: 'ponte' })
    expect(created.geom).toBe('POINT(-46.65 -23.45)')
    const history = (await get(`/api/audit/oae/${newId}`)).json()
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ action: 'I', user: 'campo', approvedBy: 'admin' })
  })

  it('a delete leaves the feature until decided; reject applies nothing', async () => {
    const before = await feature('placas', 2)
    const res = await t.del('/api/features/placas/2', campo)
    const { approvalId, itemId } = submitted(res)
    expect(await feature('placas', 2)).toEqual(before)
    expect((await get(`/api/approvals/${approvalId}/items`)).json().data[0]).toMatchObject({
      action: 'DELETE',
      featureId: 2,
    })
    const rejected = await t.post(
      `/api/approvals/items/${itemId}/reject`,
      { reason: 'Placa ainda existe' },
      t.admin,
    )
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(await feature('placas', 2)).toEqual(before)
    expect(await pending('placas', 2)).toBe(0)
    expect((await get(`/api/approvals/${approvalId}`)).json()).toMatchObject({
      status: 'REVIEWED',
      itemsRejected: 1,
    })
  })

  it('an approved delete is a soft delete by the submitter; a moderated reactivation is refused', async () => {
    const res = await t.del('/api/features/placas/3', campo)
    const { itemId } = submitted(res)
    expect((await approve(itemId)).statusCode).toBe(200)
    expect((await feature('placas', 3)).attributes.d_e_l_e_t_).toBe(true)
    const history = (await get('/api/audit/placas/3')).json()
    expect(history[0]).toMatchObject({ user: 'campo', approvedBy: 'admin', action: 'D' })

    const before = await feature('placas', 3)
    const undelete = await t.patch('/api/features/placas/3/undelete', undefined, campo)
    expect(undelete.statusCode).toBe(403)
    expect(undelete.json().message).toBe(
      'A reativação de feições neste layer é feita por um administrador',
    )
    expect(await feature('placas', 3)).toEqual(before)
  })

  it('an upload is kept aside: no attachment until approved, then exactly that file', async () => {
    const list = async () =>
      (await get('/api/features/oae/5/attachments')).json() as { id: number; src: string }[]
    const before = await list()
    const res = await upload('oae', 5, campo, 'Foto da vistoria')
    const { approvalId, itemId } = submitted(res)
    expect(await list()).toEqual(before)
    expect(await pending('oae', 5)).toBe(1)
    const kept = (await get(`/api/approvals/${approvalId}/attachments`)).json()
    expect(kept).toMatchObject([
      {
        itemId,
        filename: 'vistoria.png',
        description: 'Foto da vistoria',
        contentType: 'image/png',
      },
    ])
    expect((await get(`/api/approvals/${approvalId}`)).json().description).toBe(
      'Anexo vistoria.png na feição 5 em Obras de arte especiais (pontes e viadutos)',
    )

    const approved = await approve(itemId)
    expect(approved.statusCode, approved.body).toBe(200)
    const after = await list()
    expect(after).toHaveLength(before.length + 1)
    const added = after.find((a) => !before.some((b) => b.id === a.id))!
    expect(added).toMatchObject({
      filename: 'vistoria.png',
      description: 'Foto da vistoria',
      user: 'campo',
    })
    const file = await fetch(`${t.baseUrl}${added.src}`, {
      headers: { authorization: `Bearer ${t.admin}` },
    })
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true)
  })

  it('an invalid value is a 400 like a direct edit, and no approval is created', async () => {
    const approvals = await count('app.approvals')
    const before = await feature('oae', 6)
    const update = await putAttributes(
      'oae',
      6,
      before.version,
      { nota_estrutural: 9, comprimento: 'longo' },
      campo,
    )
    expect(update.statusCode).toBe(400)
    const errors = fieldErrors(update)
    expect(errors.nota_estrutural).toBeTruthy()
    expect(errors.comprimento).toBeTruthy()
    const insert = await t.post(
      '/api/features/oae',
      { attributes: { codigo: 'X' }, geom: 'LINESTRING(0 0, 1 1)' },
      campo,
    )
    expect(insert.statusCode).toBe(400)
    expect(fieldErrors(insert).geom).toBeTruthy()
    const stale = await t.put(
      '/api/features/oae/6',
      { version: '1', attributes: { tipo: 'ponte' } },
      campo,
    )
    expect(stale.statusCode).toBe(409)
    expect(await count('app.approvals')).toBe(approvals)
    expect(await feature('oae', 6)).toEqual(before)
  })

  it('a layer without the flag, or a member of a group without it, still edits directly', async () => {
    const before = await feature('oae', 1)
    const direct = await putAttributes('oae', 1, before.version, { tipo: 'viaduto' }, t.user)
    expect(direct.statusCode, direct.body).toBe(200)
    expect(direct.json().attributes.tipo).toBe('viaduto')
    expect(await pending('oae', 1, t.user)).toBe(0)
    // campo reads rodovias but may not edit it: the ordinary 403, no approval.
    const approvals = await count('app.approvals')
    const refused = await t.del('/api/features/rodovias/1', campo)
    expect(refused.statusCode).toBe(403)
    expect(await count('app.approvals')).toBe(approvals)
  })

  it('an upload is approved even after the feature changed (a file does not depend on its values)', async () => {
    const { itemId } = submitted(await upload('oae', 10, campo, 'Encontro'))
    const before = await feature('oae', 10)
    const edited = await putAttributes('oae', 10, before.version, { tipo: 'ponte' }, t.admin)
    expect(edited.statusCode).toBe(200)
    const approved = await approve(itemId)
    expect(approved.statusCode, approved.body).toBe(200)
    const files = (await get('/api/features/oae/10/attachments')).json() as Json[]
    expect(files.map((f) => f.description)).toContain('Encontro')
  })

  it('a rejected upload attaches nothing', async () => {
    const list = async () => (await get('/api/features/placas/4/attachments')).json() as unknown[]
    const before = await list()
    const { itemId } = submitted(await upload('placas', 4, campo, 'Placa apagada'))
    const rejected = await t.post(`/api/approvals/items/${itemId}/reject`, {}, t.admin)
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(await list()).toEqual(before)
    expect(await pending('placas', 4)).toBe(0)
  })

  it('an administrator is never moderated, even in a moderated group', async () => {
    await t.db.query(
      `INSERT INTO app.user_groups (user_id, group_id)
       SELECT u.id, g.id FROM app.users u, app.groups g
        WHERE u.username = 'admin' AND g.name = 'Coletores de dados'`,
    )
    const removed = await t.del('/api/features/placas/5', t.admin)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().attributes.d_e_l_e_t_).toBe(true)
  })

  it('the demo collectors may not remove attachments (no approval action for it)', async () => {
    const files = (await get('/api/features/oae/1/attachments')).json() as Json[]
    expect(files.length).toBeGreaterThan(0)
    const res = await t.del(`/api/attachments/${files[0]!.id}`, campo)
    expect(res.statusCode).toBe(403)
    expect((await get('/api/features/oae/1/attachments')).json()).toEqual(files)
  })

  it('the pending call says who is moderated on the layer', async () => {
    expect((await get('/api/approvals/pending/oae/9', campo)).json()).toEqual({
      pending: 0,
      moderated: true,
      values: {},
      geometry: false,
      deleting: false,
    })
    expect((await get('/api/approvals/pending/rodovias/1', campo)).json()).toMatchObject({
      moderated: false,
    })
    expect((await get('/api/approvals/pending/oae/9', t.user)).json()).toMatchObject({
      moderated: false,
    })
  })

  it('the pending count needs read access to the layer', async () => {
    const res = await get('/api/approvals/pending/ocorrencias/1', campo)
    expect(res.statusCode).toBe(404)
  })
})
