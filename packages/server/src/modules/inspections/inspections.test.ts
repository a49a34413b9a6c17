import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  t as msg,
  type BridgeDetail,
  type BridgeFeatureCollection,
  type BridgeRow,
  type InspectionSummary,
} from '@gis/shared'
import { expectStatus, useTestApp } from '../../../test/harness'
import { and, rule } from '../../../test/filters'
import { userWithPermissions } from '../../../test/users'
import {
  allBridges,
  bridgeFields,
  expectedRegister,
  expectRowsMatch,
  inspection,
  shift,
  typeId,
} from '../../../test/inspections'
import { todayOf } from '../../../test/today'

const t = useTestApp()
let dir: string

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gis-inspections-test-'))
})
afterAll(() => {
  t.config.modules = undefined
  rmSync(dir, { recursive: true, force: true })
})

describe('the register of the demo bridges', () => {
  it('has about 10 % overdue, some due in 30 and 90 days, a few never inspected', async () => {
    const expected = await expectedRegister(t)
    const statuses = [...expected.values()].map((e) => e.status)
    const n = (s: string) => statuses.filter((x) => x === s).length
    expect(expected.size).toBeGreaterThan(60)
    expect(n('OVERDUE')).toBeGreaterThanOrEqual(5)
    expect(n('OVERDUE')).toBeLessThanOrEqual(15)
    expect(n('DUE_30')).toBeGreaterThan(0)
    expect(n('DUE_90')).toBeGreaterThan(0)
    expect(n('NEVER')).toBe(2)
    // The demo's bridge fields agree with the latest accepted inspection.
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data.oae b
         LEFT JOIN LATERAL (SELECT * FROM app.inspections i WHERE i.feature_id = b.id
             AND i.status = 'ACCEPTED' ORDER BY inspected_on DESC, id DESC LIMIT 1) i ON true
        WHERE NOT b.d_e_l_e_t_ AND (b.nota_estrutural IS DISTINCT FROM i.structural
           OR b.ultima_inspecao IS DISTINCT FROM i.inspected_on)`,
    )
    expect(rows[0]!.n).toBe(0)
  })

  it('answers the summary counted from the rows', async () => {
    const expected = [...(await expectedRegister(t)).values()]
    const res = await t.get('/api/inspections/summary', t.user)
    expectStatus(res, 200)
    const s = res.json<InspectionSummary>()
    const n = (st: string) => expected.filter((e) => e.status === st).length
    expect(s.layer).toBe('oae')
    expect(s.total).toBe(expected.length)
    expect([s.overdue, s.never, s.due30, s.due90, s.ok]).toEqual([
      n('OVERDUE'),
      n('NEVER'),
      n('DUE_30'),
      n('DUE_90'),
      n('OK'),
    ])
    for (const note of ['1', '2', '3', '4', '5'] as const) {
      expect(s.byWorstNote[note], note).toBe(
        expected.filter((e) => e.worst === Number(note)).length,
      )
    }
    expect(s.byWorstNote.none).toBe(n('NEVER'))
    const byType = new Map<string, number>()
    for (const e of expected) {
      if (e.status === 'OVERDUE')
        for (const ty of e.overdueTypes) byType.set(ty, (byType.get(ty) ?? 0) + 1)
    }
    expect(new Map(s.overdueByType.map((o) => [o.type, o.count]))).toEqual(byType)
    const { rows } = await t.db.query<{ year: number; n: number }>(
      `SELECT extract(year FROM inspected_on)::int AS year, count(*)::int AS n FROM app.inspections i
         JOIN data.oae b ON b.id = i.feature_id AND NOT b.d_e_l_e_t_
        WHERE i.status = 'ACCEPTED' AND i.deleted_at IS NULL GROUP BY 1 ORDER BY 1`,
    )
    expect(s.inspectionsByYear).toEqual(rows.map((r) => ({ year: r.year, count: r.n })))
    const { rows: p } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM app.inspections WHERE status = 'PENDING' AND deleted_at IS NULL`,
    )
    expect(s.pending).toBe(p[0]!.n)
    expect(s.pending).toBeGreaterThan(0)
  })

  it('lists the bridges by filter and status, paged and sorted, as the rows say', async () => {
    const expected = await expectedRegister(t)
    expectRowsMatch(await allBridges(t), expected)
    const overdue = await allBridges(t, { status: 'OVERDUE' })
    expect(overdue.length).toBe([...expected.values()].filter((e) => e.status === 'OVERDUE').length)
    const res = await t.post(
      '/api/inspections/bridges/search',
      { filter: and(rule('rodovia', 'eq', 'SP-280')), page: 1, size: 5, sort: '-km' },
      t.user,
    )
    expectStatus(res, 200)
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id::int AS id FROM data.oae WHERE rodovia = 'SP-280' AND NOT d_e_l_e_t_
        ORDER BY km DESC, id DESC`,
    )
    expect(res.headers['x-rowcount']).toBe(String(rows.length))
    expect(res.json<BridgeRow[]>().map((r) => r.featureId)).toEqual(
      rows.slice(5, 10).map((r) => r.id),
    )
    const bad = await t.post(
      '/api/inspections/bridges/search',
      { filter: and(rule('nao_existe', 'eq', 1)) },
      t.user,
    )
    expectStatus(bad, 400)
    expectStatus(await t.post('/api/inspections/bridges/search', { status: 'X' }, t.user), 400)
    expectStatus(await t.post('/api/inspections/bridges/search', { sort: 'geom' }, t.user), 400)
  })

  it('maps the readable bridges as GeoJSON points', async () => {
    const res = await t.get('/api/inspections/bridges.geojson', t.user)
    expectStatus(res, 200)
    const fc = res.json<BridgeFeatureCollection>()
    expect(fc.features.length).toBe((await expectedRegister(t)).size)
    const f = fc.features[0]!
    expect(f.geometry?.type).toBe('Point')
    expect(f.properties.featureId).toBe(f.id)
  })
})

describe('the due rule at its edges', () => {
  it('goes NEVER, then by the Rotineira due: yesterday, today, 30, 31, 90, 91 days', async () => {
    const today = await todayOf(t)
    const never = (await allBridges(t, { status: 'NEVER' }))[0]!
    const rotineira = await typeId(t, 'Rotineira')
    let id = 0
    for (const [days, status] of [
      [-1, 'OVERDUE'],
      [0, 'DUE_30'],
      [30, 'DUE_30'],
      [31, 'DUE_90'],
      [90, 'DUE_90'],
      [91, 'OK'],
    ] as const) {
      const due = await shift(t, today, days)
      const date = await shift(t, due, 0, -12)
      const body = inspection(never.featureId, rotineira, date)
      const res = id
        ? await t.put(`/api/inspections/${id}`, body, t.admin)
        : await t.post('/api/inspections', body, t.admin)
      expectStatus(res, id ? 200 : 201)
      id = res.json<{ id: number }>().id
      const detail = (
        await t.get(`/api/inspections/bridges/${never.featureId}`, t.user)
      ).json<BridgeDetail>()
      expect({ days, status: detail.status, nextDue: detail.nextDue }).toEqual({
        days,
        status,
        nextDue: due,
      })
      expect(detail.nextDueType).toBe('Rotineira')
      expect((await bridgeFields(t, never.featureId)).ultima_inspecao).toBe(date)
    }
  })
})

describe('the exports', () => {
  it('write the register as xlsx, read back with exceljs', async () => {
    const expected = await expectedRegister(t)
    const res = await fetch(`${t.baseUrl}/api/inspections/export.xlsx?token=${t.user}`)
    expect(res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    const ws = wb.worksheets[0]!
    expect(ws.name).toBe(msg('inspectionApi.exportSheet'))
    expect(ws.getRow(1).getCell(1).value).toBe(msg('inspectionApi.colCodigo'))
    expect(ws.getRow(1).getCell(15).value).toBe(msg('inspectionApi.colStatus'))
    expect(ws.rowCount - 1).toBe(expected.size)
    const overdue = await fetch(`${t.baseUrl}/api/inspections/export.xlsx?status=OVERDUE,NEVER`, {
      headers: { authorization: `Bearer ${t.user}` },
    })
    const wb2 = new ExcelJS.Workbook()
    await wb2.xlsx.load(await overdue.arrayBuffer())
    const statuses = new Set<string>()
    wb2.worksheets[0]!.eachRow((row, i) => {
      if (i > 1) statuses.add(String(row.getCell(15).value))
    })
    expect(statuses).toEqual(
      new Set([msg('inspectionApi.statusOVERDUE'), msg('inspectionApi.statusNEVER')]),
    )
    expect(wb2.worksheets[0]!.rowCount - 1).toBe(
      [...expected.values()].filter((e) => e.status === 'OVERDUE' || e.status === 'NEVER').length,
    )
    const bad = await fetch(`${t.baseUrl}/api/inspections/export.xlsx?status=X&token=${t.user}`)
    expect(bad.status).toBe(400)
  })

  it('write the KMZ padrão ARTESP only with artespKmz on', async () => {
    const url = `${t.baseUrl}/api/inspections/export.kmz?token=${t.user}`
    expect((await fetch(url)).status).toBe(404)
    t.config.modules = ['oaeInspections', 'artespKmz']
    try {
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/vnd.google-earth.kmz')
      const file = path.join(dir, 'oae.kmz')
      writeFileSync(file, Buffer.from(await res.arrayBuffer()))
      const kml = execFileSync('unzip', ['-p', file, 'doc.kml'], { encoding: 'utf8' })
      expect(kml).toContain(`<Folder><name>OAE</name>`)
      const placemarks = kml.match(/<Placemark>/g) ?? []
      expect(placemarks.length).toBe((await expectedRegister(t)).size)
      for (const name of [
        'codigo',
        'codigo_artesp',
        'rodovia',
        'km',
        'nota_estrutural',
        'ultima_inspecao',
        'situacao',
      ]) {
        expect(kml).toContain(`<Data name="${name}">`)
      }
      expect(kml).toContain('<Data name="data_geracao">')
    } finally {
      t.config.modules = undefined
    }
  })
})

describe('access', () => {
  it('401 anonymous, 404 with the module off, 404 for a caller who cannot read the layer', async () => {
    expectStatus(await t.get('/api/inspections/summary'), 401)
    expectStatus(await t.post('/api/inspections', {}), 401)
    expect((await fetch(`${t.baseUrl}/api/inspections/export.xlsx`)).status).toBe(401)
    t.config.modules = ['orbit']
    try {
      const off = await t.get('/api/inspections/summary', t.user)
      expectStatus(off, 404)
      expect(off.json().message).toBe(msg('imageryApi.moduleOff'))
      expectStatus(await t.get('/api/inspections/types', t.admin), 404)
    } finally {
      t.config.modules = undefined
    }
    const outsider = await userWithPermissions(t, 'insp.outro', { placas: ['readFeature'] })
    for (const url of [
      '/api/inspections/summary',
      '/api/inspections/bridges.geojson',
      '/api/inspections/bridges/1',
    ]) {
      expectStatus(await t.get(url, outsider), 404)
    }
    const [first] = await allBridges(t)
    expectStatus(await t.get(`/api/inspections/${first!.last!.id}`, outsider), 404)
    expectStatus(await t.get(`/api/inspections/${first!.last!.id}/history`, outsider), 404)
    expectStatus(await t.post('/api/inspections/bridges/search', {}, outsider), 404)
    // The types are the module's, not the layer's: any signed-in user reads them.
    expectStatus(await t.get('/api/inspections/types', outsider), 200)
  })
})
