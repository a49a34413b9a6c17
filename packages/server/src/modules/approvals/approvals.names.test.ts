import { LAYER_PERMISSION_FLAGS } from '@gis/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectFieldErrors, useTestApp } from '../../../test/harness'
import { userWithPermissions } from '../../../test/users'

// POST /api/approvals reads an item by the spec's names (layerName, data: what the review
// answers) and by the direct edit's (layer, attributes), with WKT or GeoJSON (issue 31).

const t = useTestApp()
let moderated: string
beforeAll(async () => {
  const all = LAYER_PERMISSION_FLAGS
  moderated = await userWithPermissions(t, 'moderado_nomes', { oae: all }, { moderated: true })
})

async function submit(items: unknown[]) {
  return t.post('/api/approvals', { description: 'Nomes do item', items }, moderated)
}

async function itemsOf(res: { statusCode: number; body: string; json(): any }) {
  expect(res.statusCode, res.body).toBe(201)
  const page = await t.get(`/api/approvals/${res.json().id}/items`, t.admin)
  expect(page.statusCode).toBe(200)
  return page.json<{ data: any[] }>().data
}

const approvalCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.approvals')).rows[0]!.n

describe('approval items by either name', () => {
  it("takes the spec's names and answers them back", async () => {
    const [item] = await itemsOf(
      await submit([
        {
          layerName: 'oae',
          featureId: 3,
          action: 'UPDATE',
          data: { tipo: 'viaduto' },
          geom: 'POINT(-46.6 -23.5)',
        },
      ]),
    )
    expect(item).toMatchObject({
      layerName: 'oae',
      featureId: 3,
      action: 'UPDATE',
      status: 'PENDING',
      data: { tipo: 'viaduto' },
      geom: 'POINT(-46.6 -23.5)',
      withGeom: true,
    })
  })

  it('takes the current names, and both when they agree', async () => {
    const items = await itemsOf(
      await submit([
        { layer: 'oae', action: 'INSERT', attributes: { codigo: 'A1', tipo: 'ponte' } },
        {
          layer: 'oae',
          layerName: 'oae',
          featureId: 4,
          action: 'UPDATE',
          attributes: { largura: 7, tipo: 'ponte' },
          data: { tipo: 'ponte', largura: 7 },
        },
      ]),
    )
    expect(items.map((i) => [i.layerName, i.action, i.data])).toEqual([
      ['oae', 'INSERT', expect.objectContaining({ codigo: 'A1', tipo: 'ponte' })],
      ['oae', 'UPDATE', { largura: 7, tipo: 'ponte' }],
    ])
  })

  it('refuses both names disagreeing, or no layer, naming the field; records nothing', async () => {
    const before = await approvalCount()
    expectFieldErrors(
      await submit([
        { layer: 'placas', layerName: 'oae', featureId: 3, action: 'DELETE' },
        { layerName: 'oae', featureId: 3, action: 'UPDATE', attributes: { km: 1 }, data: {} },
        { action: 'DELETE', featureId: 3 },
      ]),
      {
        'items.0.layerName': 'Os campos layerName e layer foram enviados com valores diferentes',
        'items.1.data': 'Os campos data e attributes foram enviados com valores diferentes',
        'items.2.layerName': 'Campo obrigatório',
      },
    )
    expect(await approvalCount()).toBe(before)
  })

  it('takes a GeoJSON geometry (or a Feature) and keeps it as WKT', async () => {
    const items = await itemsOf(
      await submit([
        {
          layerName: 'oae',
          action: 'INSERT',
          data: { codigo: 'GJ', tipo: 'ponte' },
          geom: { type: 'Point', coordinates: [-46.5, -23.25] },
        },
        {
          layerName: 'oae',
          featureId: 5,
          action: 'UPDATE',
          data: {},
          geom: { type: 'Feature', geometry: { type: 'Point', coordinates: [-46.75, -23.5] } },
        },
      ]),
    )
    expect(items.map((i) => [i.geom, i.withGeom])).toEqual([
      ['POINT(-46.5 -23.25)', true],
      ['POINT(-46.75 -23.5)', true],
    ])
  })

  it('refuses GeoJSON PostGIS cannot read on the item geom; records nothing', async () => {
    const before = await approvalCount()
    expectFieldErrors(
      await submit([
        {
          layerName: 'oae',
          action: 'INSERT',
          data: { tipo: 'ponte' },
          geom: { type: 'Point', coordinates: 'x' },
        },
      ]),
      {
        'items.0.geom':
          'GeoJSON inválido: informe uma geometria (type e coordinates) ou uma Feature, em EPSG:4326',
      },
    )
    expect(await approvalCount()).toBe(before)
  })
})
