import ExcelJS from 'exceljs'
import type { ExportJob, RenderedReport, ReportRecord } from '@gis/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, startTestApp, type TestApp } from '../../../test/harness'
import { createTestLayer } from '../search/search.fixture'
import { sampleTemplate, saveBody } from './reports.fixture'

let t: TestApp
let admin: string
let user: string
let report: ReportRecord

const PONTES = { type: 'group', operator: 'and', rules: [rule('tipo', 'eq', 'ponte')] }
function rule(field: string, operator: string, value: unknown) {
  return { type: 'rule', field, operator, value }
}

beforeAll(async () => {
  t = await startTestApp()
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
  const res = await t.api({
    method: 'POST',
    url: '/api/reports/templates',
    token: admin,
    payload: saveBody('Lista de OAE', {
      parameters: [
        { name: 'LAYER_NAME', type: 'LAYER_NAME', value: 'oae' },
        { name: 'fileOutput', type: 'TEXT', value: 'obras' },
      ],
    }),
  })
  expect(res.statusCode).toBe(201)
  report = res.json()
})
afterAll(async () => {
  await t?.close()
})

const run = (id: number, token: string, body: unknown) =>
  t.api({ method: 'POST', url: `/api/reports/${id}`, token, payload: body })
const reportJobs = async () =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM app.jobs WHERE type = 'report'"))
    .rows[0]!.n

async function waitForJob(id: number, token: string) {
  for (;;) {
    const res = await t.api({ url: `/api/reports/jobs/${id}`, token })
    expect(res.statusCode).toBe(200)
    const job = res.json<ExportJob>()
    if (job.status === 'COMPLETE' || job.status === 'ERROR') return job
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

async function workbookOf(jobId: number, token: string) {
  const file = await fetch(`${t.baseUrl}/api/report/${jobId}?token=${token}`)
  expect(file.status).toBe(200)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ExcelJS.Buffer)
  return { wb, headers: file.headers }
}

const texts = (ws: ExcelJS.Worksheet) => {
  const out: string[] = []
  ws.eachRow((row) =>
    row.eachCell((cell) => {
      // a merged cell's own value is its master's; read each value once
      if (cell.master === cell) out.push(String(cell.value ?? ''))
    }),
  )
  return out
}

describe('running reports', () => {
  it('runs a report into a job whose xlsx lists the features the filter picks', async () => {
    const { rows: expected } = await t.db.query<{ id: number; codigo: string }>(
      "SELECT id::int AS id, codigo FROM data.oae WHERE tipo = 'ponte' AND NOT d_e_l_e_t_ ORDER BY id",
    )
    expect(expected.length).toBeGreaterThan(1)
    const res = await run(report.id, user, { layerName: 'oae', filter: PONTES })
    expect(res.statusCode).toBe(202)
    const job = await waitForJob(res.json().id, user)
    expect(job).toMatchObject({
      status: 'COMPLETE',
      type: 'report',
      title: 'Lista de OAE',
      filename: 'obras.xlsx',
      rows: expected.length,
    })
    const { wb, headers } = await workbookOf(job.id, user)
    expect(headers.get('content-type')).toContain('spreadsheetml')
    expect(wb.worksheets).toHaveLength(2)
    const cover = texts(wb.worksheets[0]!)
    expect(cover).toContain(
      `Relatório Obras de arte especiais (pontes e viadutos) (${expected.length})`,
    )
    const list = texts(wb.worksheets[1]!)
    for (const f of expected) expect(list).toContain(f.codigo)
    const { rows: viadutos } = await t.db.query<{ codigo: string }>(
      "SELECT codigo FROM data.oae WHERE tipo = 'viaduto' LIMIT 1",
    )
    expect(list).not.toContain(viadutos[0]!.codigo)

    // the repository shows it to its user; the status route too
    const repo = await t.api({ url: '/api/reports/jobs', token: user })
    expect(repo.json<ExportJob[]>().map((j) => j.id)).toContain(job.id)
    const status = await t.api({ url: `/api/reports/${job.id}/status`, token: user })
    expect(status.json().status).toBe('COMPLETE')
    // nobody else downloads it
    const other = await signIn(t.api, { username: 'campo', password: 'campo1234' })
    expect((await fetch(`${t.baseUrl}/api/report/${job.id}?token=${other}`)).status).toBe(404)
  })

  it('gives the report file only while the user still reads its layer', async () => {
    const res = await run(report.id, user, { layerName: 'oae', filter: PONTES })
    const job = await waitForJob(res.json().id, user)
    expect(job.status).toBe('COMPLETE')
    const download = () => fetch(`${t.baseUrl}/api/report/${job.id}?token=${user}`)
    expect((await download()).status).toBe(200)
    // Through the administration: every group of the user stops reading oae.
    const { rows: groups } = await t.db.query<{ group_id: number }>(
      `SELECT DISTINCT p.group_id FROM app.group_layer_permissions p
         JOIN app.user_groups ug ON ug.group_id = p.group_id
         JOIN app.users u ON u.id = ug.user_id
        WHERE u.username = 'demo' AND p.layer_name = 'oae' AND p.read_feature`,
    )
    expect(groups.length).toBeGreaterThan(0)
    const saved = new Map<number, { layer: string; title?: string }[]>()
    const put = async (group: number, rows: { layer: string; title?: string }[]) =>
      expect(
        (
          await t.api({
            method: 'PUT',
            url: `/api/groups/${group}/permissions`,
            token: admin,
            payload: rows.map(({ title: _t, ...r }) => r),
          })
        ).statusCode,
      ).toBe(200)
    for (const { group_id: group } of groups) {
      const rows = (await t.api({ url: `/api/groups/${group}/permissions`, token: admin })).json()
      saved.set(group, rows)
      await put(
        group,
        rows.map((r: { layer: string }) => (r.layer === 'oae' ? { ...r, readFeature: false } : r)),
      )
    }
    try {
      const refused = await download()
      expect(refused.status).toBe(404)
      expect(((await refused.json()) as { message: string }).message).toBe(
        (await t.api({ url: '/api/features/nao_existe/1', token: user })).json().message,
      )
    } finally {
      for (const [group, rows] of saved) await put(group, rows)
    }
    expect((await download()).status).toBe(200)
  })

  it('runs a selection of ids, and previews at most 20 features at once', async () => {
    const { rows } = await t.db.query<{ id: number; codigo: string }>(
      'SELECT id::int AS id, codigo FROM data.oae WHERE NOT d_e_l_e_t_ ORDER BY id LIMIT 3',
    )
    const res = await run(report.id, user, { layerName: 'oae', ids: rows.map((r) => r.id) })
    const job = await waitForJob(res.json().id, user)
    expect(job.rows).toBe(3)
    const list = texts((await workbookOf(job.id, user)).wb.worksheets[1]!)
    for (const r of rows) expect(list).toContain(r.codigo)

    const preview = await t.api({
      method: 'POST',
      url: `/api/reports/${report.id}/preview`,
      token: user,
      payload: { layerName: 'oae' },
    })
    expect(preview.statusCode).toBe(200)
    const rendered = preview.json<RenderedReport>()
    expect(rendered.features).toBe(20)
    expect(rendered.pages).toHaveLength(2)
  })

  it('refuses a layer the user may not read, a bad filter, a disabled or unreadable template, and queues nothing', async () => {
    const before = await reportJobs()
    const denied = await run(report.id, user, { layerName: 'ocorrencias' })
    const missing = await run(report.id, user, { layerName: 'nao_existe' })
    expect(denied.statusCode).toBe(404)
    expect(denied.body).toBe(missing.body)

    const badFilter = { type: 'group', operator: 'and', rules: [rule('senha', 'eq', 1)] }
    const bad = await run(report.id, user, { layerName: 'oae', filter: badFilter })
    const search = await t.api({
      method: 'POST',
      url: '/api/features/oae/search',
      token: user,
      payload: { filter: badFilter },
    })
    expect(bad.statusCode).toBe(400)
    expect(search.statusCode).toBe(400)
    expect(bad.json().message).toBe(search.json().message)

    const disabled = await t.api({
      method: 'POST',
      url: '/api/reports/templates',
      token: admin,
      payload: saveBody('Desativado', { parameters: [] }),
    })
    const off = await run(disabled.json().id, user, { layerName: 'oae' })
    expect(off.statusCode).toBe(400)
    expect(off.json().message).toBe(
      'RELATORIO DESATIVADO, CONSULTE O ADMINISTRADOR PARA MAIS INFORMAÇÕES',
    )

    const own = await t.api({
      method: 'POST',
      url: '/api/reports/templates',
      token: admin,
      payload: saveBody('Do administrador', { mine: true }),
    })
    const notMine = await run(own.json().id, user, { layerName: 'oae' })
    expect(notMine.statusCode).toBe(404)
    expect(notMine.json().message).toBe('Relatório não encontrado.')
    const previewDenied = await t.api({
      method: 'POST',
      url: `/api/reports/${report.id}/preview`,
      token: user,
      payload: { layerName: 'ocorrencias' },
    })
    expect(previewDenied.statusCode).toBe(404)
    expect(await reportJobs()).toBe(before)
  })

  it('writes a record report per feature with its attachment photo', async () => {
    const template = sampleTemplate('Ficha teste')
    template.grid = [
      {
        type: 'NONE',
        title: 'Ficha',
        rows: [
          { cells: [{ colSpan: 1, rowSpan: 1, value: 'Código: ${codigo}' }] },
          {
            cells: [
              {
                colSpan: 1,
                rowSpan: 1,
                rowSize: 120,
                colSize: 160,
                image: {
                  location: 'ATTACHMENT',
                  value: '1',
                  marginTop: 0,
                  marginRight: 0,
                  marginBottom: 0,
                  marginLeft: 0,
                },
              },
            ],
          },
        ],
      },
    ]
    const saved = await t.api({
      method: 'POST',
      url: '/api/reports/templates',
      token: admin,
      payload: saveBody('Ficha teste', { reportType: 'record', template }),
    })
    const { rows } = await t.db.query<{ id: number; codigo: string }>(
      `SELECT o.id::int AS id, o.codigo FROM data.oae o
        WHERE NOT o.d_e_l_e_t_ AND EXISTS (SELECT 1 FROM app.attachments a
          WHERE a.layer_name = 'oae' AND a.feature_id = o.id)
        ORDER BY o.id LIMIT 2`,
    )
    expect(rows).toHaveLength(2)
    const res = await run(saved.json().id, user, { layerName: 'oae', ids: rows.map((r) => r.id) })
    const job = await waitForJob(res.json().id, user)
    expect(job.status).toBe('COMPLETE')
    expect(job.filename).toBe('Ficha teste.xlsx')
    const { wb } = await workbookOf(job.id, user)
    expect(wb.worksheets).toHaveLength(2)
    rows.forEach((r, i) => expect(texts(wb.worksheets[i]!)).toContain(`Código: ${r.codigo}`))
    expect(wb.worksheets[0]!.getImages()).toHaveLength(1)
  })

  it('fails a job past 5000 features, or whose user lost the layer meanwhile, in Portuguese and without a file', async () => {
    await createTestLayer(t.db, 'rel_muitos', { count: 1 })
    await t.db.query(
      "INSERT INTO data.rel_muitos (d_e_l_e_t_, s) SELECT false, 'x' FROM generate_series(1, 5001)",
    )
    const big = await run(report.id, admin, { layerName: 'rel_muitos' })
    expect(big.statusCode).toBe(202)
    const failed = await waitForJob(big.json().id, admin)
    expect(failed.status).toBe('ERROR')
    expect(failed.message).toBe('O relatório passa de 5.000 feições: refine o filtro.')
    expect((await fetch(`${t.baseUrl}/api/report/${failed.id}?token=${admin}`)).status).toBe(404)

    const { rows: demo } = await t.db.query<{ id: number }>(
      "SELECT id::int AS id FROM app.users WHERE username = 'demo'",
    )
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO app.jobs (type, payload, user_id) VALUES ('report', $1::text::jsonb, $2)
       RETURNING id::int AS id`,
      [
        JSON.stringify({
          reportId: report.id,
          title: report.name,
          layerName: 'ocorrencias',
          parameters: {},
        }),
        demo[0]!.id,
      ],
    )
    // wake the queue with a job of the user's own
    const own = await run(report.id, user, { layerName: 'oae', ids: [1] })
    await waitForJob(own.json().id, user)
    const gone = await waitForJob(rows[0]!.id, user)
    expect(gone.status).toBe('ERROR')
    expect(gone.message).toBe('A layer não existe mais ou você não tem mais permissão de leitura.')
  })
})
