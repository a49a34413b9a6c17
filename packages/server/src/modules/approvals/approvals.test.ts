import { LAYER_PERMISSION_FLAGS } from '@gis/shared'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO, fieldErrors, signIn, useTestApp } from '../../../test/harness'
import { userWithPermissions } from '../../../test/users'

const t = useTestApp()
let moderated: string
let png: Buffer
beforeAll(async () => {
  moderated = await moderatedUser('moderado')
  png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer()
})

/** A user whose group edits `oae` and `placas` with 'Enviar para aprovação' on. */
function moderatedUser(name: string): Promise<string> {
  const all = LAYER_PERMISSION_FLAGS
  return userWithPermissions(t, name, { oae: all, placas: all }, { moderated: true })
}

const get = (url: string, token = t.admin) => t.get(url, token)
const post = (url: string, payload?: unknown, token = t.admin) => t.post(url, payload, token)

async function feature(layer: string, id: number) {
  const res = await get(`/api/features/${layer}/${id}`)
  expect(res.statusCode).toBe(200)
  return res.json<{ attributes: Record<string, any>; geom: string | null; version: string }>()
}

async function submit(body: unknown, token = moderated) {
  const res = await post('/api/approvals', body, token)
  expect(res.statusCode, res.body).toBe(201)
  const id = Number(res.headers.location!.split('/').pop())
  expect(res.json().id).toBe(id)
  return id
}

async function items(approvalId: number) {
  const res = await get(`/api/approvals/${approvalId}/items`)
  expect(res.statusCode).toBe(200)
  return res.json<{ data: any[]; rowCount: number }>()
}

async function approvalCount() {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.approvals')
  return rows[0]!.n
}

describe('a moderated user submits; an administrator approves or rejects', () => {
  it('changes nothing until approved; approve applies attributes and geometry as the submitter, approved by the reviewer', async () => {
    const before = await feature('oae', 3)
    const id = await submit({
      description: 'Vistoria da OAE 3',
      items: [
        {
          layer: 'oae',
          featureId: 3,
          action: 'UPDATE',
          attributes: { tipo: 'viaduto', comprimento: 88.5 },
          geom: 'POINT(-46.61 -23.51)',
        },
      ],
    })
    expect((await feature('oae', 3)).version).toBe(before.version)
    const header = (await get(`/api/approvals/${id}`)).json()
    expect(header).toMatchObject({
      username: 'moderado',
      description: 'Vistoria da OAE 3',
      itemsTotal: 1,
      itemsAccepted: 0,
      itemsRejected: 0,
      status: 'PENDING',
      reviewed: null,
    })
    const { data, rowCount } = await items(id)
    expect(rowCount).toBe(1)
    expect(data[0]).toMatchObject({
      layerName: 'oae',
      featureId: 3,
      action: 'UPDATE',
      status: 'PENDING',
      data: { tipo: 'viaduto', comprimento: 88.5 },
      withGeom: true,
    })
    expect(data[0].base.version).toBe(before.version)

    const res = await post(`/api/approvals/items/${data[0].id}/approve`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ACCEPTED', reviewer: 'admin' })
    const after = await feature('oae', 3)
    expect(after.attributes.tipo).toBe('viaduto')
    expect(after.attributes.comprimento).toBe(88.5)
    expect(after.attributes.codigo).toBe(before.attributes.codigo)
    expect(after.geom).toBe('POINT(-46.61 -23.51)')

    const history = (await get('/api/audit/oae/3')).json<any[]>()
    expect(history[0]).toMatchObject({ user: 'moderado', action: 'U' })
    expect(history[0].changedFields).toMatchObject({ tipo: 'viaduto', comprimento: 88.5 })
    const { rows } = await t.db.query<{ username: string; approved_by: string }>(
      `SELECT username, approved_by FROM app.audit_log WHERE id = $1`,
      [history[0].id],
    )
    expect(rows[0]).toEqual({ username: 'moderado', approved_by: 'admin' })

    expect((await get(`/api/approvals/${id}`)).json()).toMatchObject({
      itemsAccepted: 1,
      status: 'REVIEWED',
    })
    expect((await get(`/api/approvals/${id}`)).json().reviewed).not.toBeNull()
  })

  it('keeps attachments aside and makes them the feature’s on approve; inserts get their new id', async () => {
    const form = new FormData()
    form.append(
      'payload',
      JSON.stringify({
        description: 'Nova placa com foto',
        items: [
          {
            layer: 'placas',
            action: 'INSERT',
            attributes: {},
            geom: 'POINT(-46.62 -23.52)',
            attachments: [{ part: 'foto1', description: 'Placa instalada' }],
          },
          {
            layer: 'oae',
            featureId: 2,
            action: 'UPDATE',
            attachments: [{ part: 'foto2', description: 'Vista lateral' }],
          },
        ],
      }),
    )
    form.append('foto1', new Blob([png], { type: 'image/png' }), 'placa.png')
    form.append('foto2', new Blob([png], { type: 'image/png' }), 'oae.png')
    const res = await fetch(`${t.baseUrl}/api/approvals`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${moderated}` },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const approvalId = Number(res.headers.get('location')!.split('/').pop())
    const attachmentsBefore = (await get('/api/features/oae/2/attachments')).json<any[]>().length

    const kept = (await get(`/api/approvals/${approvalId}/attachments`)).json<any[]>()
    expect(kept).toHaveLength(2)
    expect(kept[0]).toMatchObject({ filename: 'placa.png', contentType: 'image/png' })
    const file = await get(`${kept[0].src}?token=${t.admin}`, '')
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect((await get(`${kept[0].src}?token=${moderated}`, '')).statusCode).toBe(403)

    const { data } = await items(approvalId)
    expect(data[0].attachments).toEqual([{ id: kept[0].id, contentType: 'image/png' }])
    const inserted = await post(`/api/approvals/items/${data[0].id}/approve`)
    expect(inserted.statusCode, inserted.body).toBe(200)
    const newId = inserted.json().featureId
    expect(newId).toBeGreaterThan(0)
    expect((await feature('placas', newId)).geom).toBe('POINT(-46.62 -23.52)')
    const photos = (await get(`/api/features/placas/${newId}/attachments`)).json<any[]>()
    expect(photos).toMatchObject([
      { filename: 'placa.png', description: 'Placa instalada', user: 'moderado' },
    ])
    expect((await get(`${photos[0].src}?token=${t.admin}`, '')).statusCode).toBe(200)

    const rejected = await post(`/api/approvals/items/${data[1].id}/reject`, {
      reason: 'Foto errada',
    })
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', reason: 'Foto errada' })
    expect((await get('/api/features/oae/2/attachments')).json<any[]>()).toHaveLength(
      attachmentsBefore,
    )
    expect((await get(`/api/approvals/${approvalId}`)).json()).toMatchObject({
      itemsTotal: 2,
      itemsAccepted: 1,
      itemsRejected: 1,
      status: 'REVIEWED',
    })
  })

  it('reject applies nothing; the approval stays PENDING until every item is decided', async () => {
    const before = await feature('oae', 4)
    const id = await submit({
      description: 'Duas mudanças',
      items: [
        { layer: 'oae', featureId: 4, action: 'DELETE' },
        {
          layer: 'oae',
          featureId: 4,
          action: 'UPDATE',
          attributes: { sentido: before.attributes.sentido },
        },
      ],
    })
    const { data } = await items(id)
    const res = await post(`/api/approvals/items/${data[0].id}/reject`)
    expect(res.statusCode).toBe(200)
    const after = await feature('oae', 4)
    expect(after.version).toBe(before.version)
    expect(after.attributes.d_e_l_e_t_).toBe(false)
    expect((await get(`/api/approvals/${id}`)).json()).toMatchObject({
      itemsAccepted: 0,
      itemsRejected: 1,
      status: 'PENDING',
      reviewed: null,
    })
    // A decided item is decided: neither approve nor reject again.
    expect((await post(`/api/approvals/items/${data[0].id}/approve`)).statusCode).toBe(409)
    expect((await post(`/api/approvals/items/${data[0].id}/reject`)).statusCode).toBe(409)
    expect((await feature('oae', 4)).attributes.d_e_l_e_t_).toBe(false)
  })

  it('approves a DELETE as a soft delete', async () => {
    const id = await submit({
      description: 'Excluir OAE 5',
      items: [{ layer: 'oae', featureId: 5, action: 'DELETE' }],
    })
    const { data } = await items(id)
    expect((await post(`/api/approvals/items/${data[0].id}/approve`)).statusCode).toBe(200)
    expect((await feature('oae', 5)).attributes.d_e_l_e_t_).toBe(true)
    expect((await get('/api/audit/oae/5')).json<any[]>()[0]).toMatchObject({
      user: 'moderado',
      action: 'D',
    })
  })

  it('two reviewers deciding the same item at once: one decision, one 409', async () => {
    const id = await submit({
      description: 'Concorrência',
      items: [{ layer: 'oae', featureId: 6, action: 'UPDATE', attributes: { largura: 12.25 } }],
    })
    const { data } = await items(id)
    const before = (await get('/api/audit/oae/6')).json<any[]>().length
    const answers = await Promise.all([
      post(`/api/approvals/items/${data[0].id}/approve`),
      post(`/api/approvals/items/${data[0].id}/approve`),
      post(`/api/approvals/items/${data[0].id}/reject`),
    ])
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(2)
    const header = (await get(`/api/approvals/${id}`)).json()
    expect(header.itemsAccepted + header.itemsRejected).toBe(1)
    expect(header.status).toBe('REVIEWED')
    const applied = header.itemsAccepted === 1 ? 1 : 0
    expect((await get('/api/audit/oae/6')).json<any[]>().length).toBe(before + applied)
  })

  it('refuses to approve an item whose feature changed since submission, with the difference', async () => {
    const id = await submit({
      description: 'Mudança antiga',
      items: [{ layer: 'oae', featureId: 9, action: 'UPDATE', attributes: { largura: 9.5 } }],
    })
    const current = await feature('oae', 9)
    const direct = await t.put(
      '/api/features/oae/9',
      { attributes: { sentido: 'Norte', comprimento: 41.5 }, version: current.version },
      t.admin,
    )
    expect(direct.statusCode, direct.body).toBe(200)
    const { data } = await items(id)
    const res = await post(`/api/approvals/items/${data[0].id}/approve`)
    expect(res.statusCode).toBe(409)
    const body = res.json()
    expect(body.message).toBe(
      'A feição foi alterada desde o envio desta mudança; nada foi aplicado',
    )
    expect(body.differences).toEqual(
      expect.arrayContaining([
        { field: 'comprimento', submitted: current.attributes.comprimento, current: 41.5 },
      ]),
    )
    expect(body.differences.map((d: any) => d.field)).not.toContain('largura')
    expect(body.current.attributes.comprimento).toBe(41.5)
    expect((await feature('oae', 9)).attributes.largura).toBe(current.attributes.largura)
    expect((await items(id)).data[0].status).toBe('PENDING')
    expect((await get(`/api/approvals/${id}`)).json().itemsAccepted).toBe(0)
  })
})

describe('who may do what', () => {
  it('a non-administrator cannot list, read or decide approvals', async () => {
    const id = await submit({
      description: 'Para checar acesso',
      items: [{ layer: 'oae', featureId: 8, action: 'UPDATE', attributes: { largura: 7 } }],
    })
    const itemId = (await items(id)).data[0].id
    const user = await signIn(t.api, DEMO.user)
    for (const token of [moderated, user]) {
      for (const url of [
        '/api/approvals/all',
        `/api/approvals/${id}`,
        `/api/approvals/${id}/items`,
        `/api/approvals/${id}/attachments`,
      ]) {
        expect((await get(url, token)).statusCode, url).toBe(403)
      }
      expect(
        (await post(`/api/approvals/items/${itemId}/approve`, undefined, token)).statusCode,
      ).toBe(403)
      expect((await post(`/api/approvals/items/${itemId}/reject`, {}, token)).statusCode).toBe(403)
    }
    expect((await t.get('/api/approvals/all')).statusCode).toBe(401)
    expect((await items(id)).data[0].status).toBe('PENDING')
  })

  it('a submission needs the action’s flag on the layer, as a direct edit does', async () => {
    const user = await signIn(t.api, DEMO.user) // reads rodovias, does not edit it
    const res = await post(
      '/api/approvals',
      {
        description: 'Sem permissão',
        items: [{ layer: 'rodovias', featureId: 1, action: 'UPDATE', attributes: {} }],
      },
      user,
    )
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Você não possui permissão para editar features nesta layer!')
  })

  it('a submission with an invalid value is refused whole, with every error', async () => {
    const count = await approvalCount()
    const res = await post(
      '/api/approvals',
      {
        description: 'Uma boa, uma ruim',
        items: [
          { layer: 'oae', featureId: 2, action: 'UPDATE', attributes: { largura: 3 } },
          {
            layer: 'oae',
            featureId: 2,
            action: 'UPDATE',
            attributes: { nota_estrutural: 9, id: 99 },
            geom: 'LINESTRING(0 0, 1 1)',
          },
          { layer: 'oae', action: 'UPDATE', attributes: {} },
        ],
      },
      moderated,
    )
    expect(res.statusCode).toBe(400)
    const errors = fieldErrors(res)
    expect(errors['items.1.nota_estrutural']).toBeTruthy()
    expect(errors['items.1.id']).toBeTruthy()
    expect(errors['items.1.geom']).toBeTruthy()
    expect(errors['items.2.featureId']).toBe('É necessário informar a feição')
    expect(await approvalCount()).toBe(count)

    const empty = await post('/api/approvals', { description: ' ', items: [] }, moderated)
    expect(empty.statusCode).toBe(400)
    expect(fieldErrors(empty)).toMatchObject({
      description: 'É necessário informar uma descrição',
      items: 'É necessário enviar ao menos uma mudança',
    })
    expect(await approvalCount()).toBe(count)
  })

  it('lists with x-rowcount, filter and sort; unknown sort names are a 400', async () => {
    const res = await get('/api/approvals/all?sort=-created&filter=concorr')
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-rowcount']).toBe('1')
    expect(res.json()[0].description).toBe('Concorrência')
    const all = await get('/api/approvals/all?sort=created')
    expect(Number(all.headers['x-rowcount'])).toBe(await approvalCount())
    expect(all.json()[0].description).toBe('Vistoria da OAE 3')
    expect((await get('/api/approvals/all?sort=senha')).statusCode).toBe(400)
    expect((await get('/api/approvals/999999')).statusCode).toBe(404)
    expect((await post('/api/approvals/items/999999/approve')).statusCode).toBe(404)
  })
})
