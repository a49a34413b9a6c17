import { describe, expect, it } from 'vitest'
import {
  t as msg,
  type BridgeDetail,
  type HistoryEntry,
  type InspectionDetail,
  type InspectionHistoryEntry,
  type InspectionSummary,
  type InspectionType,
} from '@gis/shared'
import { expectFieldErrors, expectStatus, useTestApp } from '../../../test/harness'
import { userWithPermissions } from '../../../test/users'
import { makePng, postForm } from '../../../test/uploads'
import {
  allBridges,
  bridgeFields,
  inspection,
  inspectionCount,
  photoContent,
  shift,
  typeId,
} from '../../../test/inspections'
import { todayOf } from '../../../test/today'

const t = useTestApp()

/** A bridge with accepted inspections and no pending one. */
async function someBridge(index = 0) {
  const rows = (await allBridges(t)).filter((r) => r.last && r.pending === 0)
  return rows[index]!
}

async function history(featureId: number): Promise<HistoryEntry[]> {
  const res = await t.get(`/api/audit/oae/${featureId}`, t.admin)
  expectStatus(res, 200)
  return res.json<HistoryEntry[]>()
}

describe('recording an inspection', () => {
  it('stores anomalies and photos, and the bridge follows through the feature write path', async () => {
    const bridge = await someBridge(0)
    const today = await todayOf(t)
    const [p1, p2, p3] = [
      await photoContent(t, 'demo'),
      await photoContent(t, 'demo'),
      await photoContent(t, 'demo'),
    ]
    const body = inspection(bridge.featureId, await typeId(t, 'Extraordinária'), today, {
      structural: 2,
      functional: 3,
      durability: 1,
      anomalies: [
        {
          element: 'Juntas',
          description: 'Junta rompida.',
          note: 1,
          photos: [{ contentId: p1, caption: 'Junta' }, { contentId: p2 }],
        },
        { element: 'Pavimento', description: 'Trincas.', photos: [] },
      ],
      photos: [{ contentId: p3, caption: 'Vista geral' }],
    })
    const res = await t.post('/api/inspections', body, t.user)
    expectStatus(res, 201)
    const d = res.json<InspectionDetail>()
    expect(res.headers.location).toBe(`/api/inspections/${d.id}`)
    expect(d.status).toBe('ACCEPTED')
    expect(d.worstNote).toBe(1)
    expect(d.createdBy).toBe('demo')
    expect(
      d.anomalies.map((a) => [a.element, a.note, a.photos.map((p) => [p.contentId, p.caption])]),
    ).toEqual([
      [
        'Juntas',
        1,
        [
          [p1, 'Junta'],
          [p2, ''],
        ],
      ],
      ['Pavimento', null, []],
    ])
    expect(d.photos.map((p) => [p.contentId, p.caption, p.filename])).toEqual([
      [p3, 'Vista geral', 'foto.jpg'],
    ])
    expect(d.canEdit).toBe(false)
    expect(await bridgeFields(t, bridge.featureId)).toEqual({
      nota_estrutural: 2,
      nota_funcional: 3,
      nota_durabilidade: 1,
      ultima_inspecao: today,
    })
    // The bridge's HISTÓRIA shows the change, by the user who recorded it.
    const [last] = await history(bridge.featureId)
    expect(last!.user).toBe('demo')
    expect(last!.changedFields).toMatchObject({ nota_durabilidade: 1, ultima_inspecao: today })
    const detail = (
      await t.get(`/api/inspections/bridges/${bridge.featureId}`, t.user)
    ).json<BridgeDetail>()
    expect(detail.inspections[0]!.id).toBe(d.id)
    expect(detail.worstNote).toBe(1)
    expect(detail.trend.at(-1)).toEqual({
      date: today,
      structural: 2,
      functional: 3,
      durability: 1,
    })
    const h = (await t.get(`/api/inspections/${d.id}/history`, t.user)).json<
      InspectionHistoryEntry[]
    >()
    expect(h.map((e) => [e.action, e.username])).toEqual([['CREATE', 'demo']])
  })

  it('refuses bad input with Portuguese field errors and changes nothing', async () => {
    const bridge = await someBridge(1)
    const today = await todayOf(t)
    const rotineira = await typeId(t, 'Rotineira')
    const before = await inspectionCount(t)
    const fields = await bridgeFields(t, bridge.featureId)
    const ok = inspection(bridge.featureId, rotineira, today)
    const noteError = msg('inspectionApi.noteInvalid')
    expectFieldErrors(
      await t.post('/api/inspections', { ...ok, structural: 0, durability: 6 }, t.user),
      {
        structural: noteError,
        durability: noteError,
      },
    )
    expectFieldErrors(
      await t.post('/api/inspections', { ...ok, date: await shift(t, today, 1) }, t.user),
      { date: msg('inspectionApi.dateFuture') },
    )
    expectFieldErrors(await t.post('/api/inspections', { ...ok, date: '2024-02-30' }, t.user), {
      date: msg('inspectionApi.dateInvalid'),
    })
    expectFieldErrors(await t.post('/api/inspections', { ...ok, inspector: ' ' }, t.user), {
      inspector: msg('inspectionApi.inspectorRequired'),
    })
    expectFieldErrors(
      await t.post('/api/inspections', { ...ok, featureId: 999_999, typeId: 999_999 }, t.user),
      { featureId: msg('inspectionApi.bridgeUnknown'), typeId: msg('inspectionApi.typeUnknown') },
    )
    // The demolished demo bridge (soft-deleted) takes no inspection.
    expectFieldErrors(await t.post('/api/inspections', { ...ok, featureId: 7 }, t.user), {
      featureId: msg('inspectionApi.bridgeUnknown'),
    })
    const otherTag = await photoContent(t, 'demo', 'reports/imagens')
    const otherUser = await photoContent(t, 'admin')
    const mine = await photoContent(t, 'demo')
    expectFieldErrors(
      await t.post(
        '/api/inspections',
        {
          ...ok,
          photos: [{ contentId: otherTag }, { contentId: mine }],
          anomalies: [{ element: 'Juntas', description: 'x', photos: [{ contentId: otherUser }] }],
        },
        t.user,
      ),
      {
        'photos.0.contentId': msg('inspectionApi.photoInvalid', { id: otherTag }),
        'anomalies.0.photos.0.contentId': msg('inspectionApi.photoInvalid', { id: otherUser }),
      },
    )
    expectFieldErrors(
      await t.post(
        '/api/inspections',
        { ...ok, photos: [{ contentId: mine }, { contentId: mine }] },
        t.user,
      ),
      { 'photos.1.contentId': msg('inspectionApi.photoRepeated', { id: mine }) },
    )
    expect(await inspectionCount(t)).toBe(before)
    expect(await bridgeFields(t, bridge.featureId)).toEqual(fields)
  })

  it('needs updateFeature to record (403) and readFeature to see (404)', async () => {
    const bridge = await someBridge(2)
    const body = inspection(bridge.featureId, await typeId(t, 'Rotineira'), await todayOf(t))
    const reader = await userWithPermissions(t, 'insp.leitor', { oae: ['readFeature'] })
    expectStatus(await t.get('/api/inspections/summary', reader), 200)
    const denied = await t.post('/api/inspections', body, reader)
    expectStatus(denied, 403)
    expect(denied.json().message).toBe(msg('features.noEditPermission'))
    const outsider = await userWithPermissions(t, 'insp.fora', {
      placas: ['readFeature', 'updateFeature'],
    })
    expectStatus(await t.post('/api/inspections', body, outsider), 404)
    expectStatus(await t.get(`/api/inspections/${bridge.last!.id}`, outsider), 404)
    // Only administrators approve, reject, delete and edit the types.
    expectStatus(await t.post(`/api/inspections/${bridge.last!.id}/approve`, {}, t.user), 403)
    expectStatus(await t.del(`/api/inspections/${bridge.last!.id}`, t.user), 403)
    expectStatus(await t.put('/api/inspections/types', [], t.user), 403)
    // An accepted inspection is not its creator's to change.
    const mine = await t.post('/api/inspections', body, t.user)
    expectStatus(mine, 201)
    const put = await t.put(`/api/inspections/${mine.json().id}`, body, t.user)
    expectStatus(put, 403)
    expect(put.json().message).toBe(msg('inspectionApi.cannotEdit'))
  })
})

describe('a moderated user', () => {
  it('records PENDING inspections that count only once an administrator approves them', async () => {
    const bridge = await someBridge(3)
    const collector = await userWithPermissions(
      t,
      'insp.coletor',
      { oae: ['readFeature', 'updateFeature'] },
      { moderated: true },
    )
    const summaryOf = async () =>
      (await t.get('/api/inspections/summary', t.admin)).json<InspectionSummary>()
    const before = await summaryOf()
    const fields = await bridgeFields(t, bridge.featureId)
    const today = await todayOf(t)
    const body = inspection(bridge.featureId, await typeId(t, 'Rotineira'), today, {
      structural: 1,
      functional: 1,
      durability: 2,
      photos: [{ contentId: await photoContent(t, 'insp.coletor') }],
    })
    const res = await t.post('/api/inspections', body, collector)
    expectStatus(res, 201)
    const pending = res.json<InspectionDetail>()
    expect(pending.status).toBe('PENDING')
    expect(pending.canEdit).toBe(true)
    const during = await summaryOf()
    expect(during.pending).toBe(before.pending + 1)
    expect({ ...during, pending: 0 }).toEqual({ ...before, pending: 0 })
    expect(await bridgeFields(t, bridge.featureId)).toEqual(fields)
    const row = (await allBridges(t)).find((r) => r.featureId === bridge.featureId)!
    expect([row.pending, row.last?.id, row.status]).toEqual([1, bridge.last!.id, bridge.status])
    // Its creator may change it while it waits; others may not.
    const changed = await t.put(
      `/api/inspections/${pending.id}`,
      { ...body, functional: 2 },
      collector,
    )
    expectStatus(changed, 200)
    expect(changed.json<InspectionDetail>().functional).toBe(2)
    expectStatus(await t.put(`/api/inspections/${pending.id}`, body, t.user), 403)
    const historyBefore = (await history(bridge.featureId)).length
    const approved = await t.post(`/api/inspections/${pending.id}/approve`, {}, t.admin)
    expectStatus(approved, 200)
    expect(approved.json<InspectionDetail>()).toMatchObject({
      status: 'ACCEPTED',
      reviewedBy: 'admin',
    })
    expect(await bridgeFields(t, bridge.featureId)).toEqual({
      nota_estrutural: 1,
      nota_funcional: 2,
      nota_durabilidade: 2,
      ultima_inspecao: today,
    })
    const entries = await history(bridge.featureId)
    expect(entries.length).toBe(historyBefore + 1)
    expect(entries[0]!.changedFields).toMatchObject({ nota_estrutural: 1, ultima_inspecao: today })
    expect((await summaryOf()).pending).toBe(before.pending)
    expectStatus(await t.post(`/api/inspections/${pending.id}/approve`, {}, t.admin), 400)
    // The creator may no longer change it.
    expectStatus(await t.put(`/api/inspections/${pending.id}`, body, collector), 403)
    const h = (await t.get(`/api/inspections/${pending.id}/history`, t.admin)).json<
      InspectionHistoryEntry[]
    >()
    expect(h.map((e) => e.action)).toEqual(['APPROVE', 'UPDATE', 'CREATE'])

    // A rejected one leaves the bridge as it was.
    const second = await t.post('/api/inspections', { ...body, photos: [] }, collector)
    const after = await bridgeFields(t, bridge.featureId)
    const rejected = await t.post(
      `/api/inspections/${second.json().id}/reject`,
      { reason: 'Fotos insuficientes.' },
      t.admin,
    )
    expectStatus(rejected, 200)
    expect(rejected.json<InspectionDetail>().status).toBe('REJECTED')
    expect(await bridgeFields(t, bridge.featureId)).toEqual(after)
  })
})

describe('administrators', () => {
  it('delete an inspection (soft): the bridge goes back to the previous accepted one', async () => {
    const bridge = await someBridge(4)
    const before = await bridgeFields(t, bridge.featureId)
    const res = await t.post(
      '/api/inspections',
      inspection(bridge.featureId, await typeId(t, 'Rotineira'), await todayOf(t), {
        structural: 1,
      }),
      t.admin,
    )
    expectStatus(res, 201)
    expect((await bridgeFields(t, bridge.featureId)).nota_estrutural).toBe(1)
    expectStatus(await t.del(`/api/inspections/${res.json().id}`, t.admin), 204)
    expect(await bridgeFields(t, bridge.featureId)).toEqual(before)
    expectStatus(await t.get(`/api/inspections/${res.json().id}`, t.admin), 404)
    const { rows } = await t.db.query(
      'SELECT 1 FROM app.inspections WHERE id = $1 AND deleted_at IS NOT NULL',
      [res.json().id],
    )
    expect(rows.length).toBe(1)
  })

  it('edit the types: add, rename, reorder, remove an unused one; one in use stays (400)', async () => {
    const types = (await t.get('/api/inspections/types', t.user)).json<InspectionType[]>()
    expect(types.map((ty) => [ty.name, ty.periodicityMonths])).toEqual([
      ['Cadastral', null],
      ['Rotineira', 12],
      ['Especial', 60],
      ['Extraordinária', null],
      ['Intermediária', null],
    ])
    const list = types.map(({ id, name, periodicityMonths }) => ({ id, name, periodicityMonths }))
    const inUse = await t.put('/api/inspections/types', list.slice(1), t.admin)
    expectFieldErrors(inUse, { types: msg('inspectionApi.typeInUse', { name: 'Cadastral' }) })
    const saved = await t.put(
      '/api/inspections/types',
      [
        list[1]!,
        { ...list[0]!, name: 'Inicial' },
        ...list.slice(2),
        { name: 'Subaquática', periodicityMonths: 24 },
      ],
      t.admin,
    )
    expectStatus(saved, 200)
    const names = saved.json<InspectionType[]>().map((ty) => ty.name)
    expect(names).toEqual([
      'Rotineira',
      'Inicial',
      'Especial',
      'Extraordinária',
      'Intermediária',
      'Subaquática',
    ])
    const added = saved.json<InspectionType[]>().at(-1)!
    expect([added.periodicityMonths, added.inUse]).toEqual([24, false])
    const removed = await t.put(
      '/api/inspections/types',
      saved
        .json<InspectionType[]>()
        .slice(0, -1)
        .map(({ id, name, periodicityMonths }) => ({ id, name, periodicityMonths })),
      t.admin,
    )
    expectStatus(removed, 200)
    expect(removed.json<InspectionType[]>().length).toBe(5)
    expectStatus(
      await t.put('/api/inspections/types', [{ name: 'A', periodicityMonths: 0 }], t.admin),
      400,
    )
    expectStatus(
      await t.put(
        '/api/inspections/types',
        [
          { name: 'A', periodicityMonths: null },
          { name: 'a', periodicityMonths: 1 },
        ],
        t.admin,
      ),
      400,
    )
  })
})

describe('photos through the content API', () => {
  it('are uploaded first, then recorded, and read only by who reads the layer', async () => {
    const bridge = await someBridge(5)
    const png = await makePng()
    const up = await postForm(t.baseUrl, '/api/content', t.user, {
      tag: 'inspecoes/fotos',
      file: { name: 'junta.png', bytes: png, type: 'image/png' },
    })
    expect(up.statusCode).toBe(201)
    const contentId = up.json().id as number
    const res = await t.post(
      '/api/inspections',
      inspection(bridge.featureId, await typeId(t, 'Rotineira'), await todayOf(t), {
        photos: [{ contentId, caption: 'Junta' }],
      }),
      t.user,
    )
    expectStatus(res, 201)
    const photo = res.json<InspectionDetail>().photos[0]!
    expect(photo).toMatchObject({ contentId, filename: 'junta.png', contentType: 'image/png' })
    expect(photo.size).toBe(png.length)
    const file = await fetch(`${t.baseUrl}/api/content/${contentId}?token=${t.admin}`)
    expect(file.status).toBe(200)
    const outsider = await userWithPermissions(t, 'insp.foto', { placas: ['readFeature'] })
    expect((await fetch(`${t.baseUrl}/api/content/${contentId}?token=${outsider}`)).status).toBe(
      404,
    )
  })
})

describe('the demo inspections', () => {
  it('come once into a demo database seeded before them, in the bridges’ history', async () => {
    const { seedDemo } = await import('../../demo/seed')
    await t.db.exec(`DELETE FROM app.inspections;
      DELETE FROM app.settings WHERE key = 'demoInspectionsSeeded'`)
    const audited = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM app.audit_log WHERE table_name = 'oae' AND action = 'U'`,
        )
      ).rows[0]!.n
    const before = await audited()
    expect(await seedDemo(t.db)).toBe(false)
    const n = await inspectionCount(t)
    expect(n).toBeGreaterThan(150)
    expect(await audited()).toBeGreaterThan(before)
    await seedDemo(t.db)
    expect(await inspectionCount(t)).toBe(n)
  })
})
