import ExcelJS from 'exceljs'
import type { ExportJob, RenderedReport, ReportRecord } from '@gis/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { signIn, useTestApp } from '../../../test/harness'
import { sheetTexts } from '../../../test/xlsx'
import { expectFileOnlyWhileReading, waitForJob as waitJob } from '../../../test/jobs'
import { createTestLayer } from '../../../test/test-layer'
import { sampleTemplate, saveBody } from '../../../test/reports'
import { and, rule } from '../../../test/filters'

const t = useTestApp()
let report: ReportRecord

const PONTES = and(rule('tipo', 'eq', 'ponte'))

beforeAll(async () => {
  const res = await t.post(
    '/api/reports/templates',
    saveBody('Lista de OAE', {
      parameters: [
        { name: 'LAYER_NAME', type: 'LAYER_NAME', value: 'oae' },
        { name: 'fileOutput', type: 'TEXT', value: 'obras' },
      ],
    }),
    t.admin,
  )
  expect(res.statusCode).toBe(201)
  report = res.json()
})

const run = (id: number, token: string, body: unknown) => t.post(`/api/reports/${id}`, body, token)
const reportJobs = async () =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM app.jobs WHERE type = 'report'"))
    .rows[0]!.n

const waitForJob = (id: number, token: string) => waitJob(t, id, token)

async function workbookOf(jobId: number, token: string) {
  const file = await fetch(`${t.baseUrl}/api/report/${jobId}?token=${token}`)
  expect(file.status).toBe(200)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ExcelJS.Buffer)
  return { wb, headers: file.headers }
}

const texts = sheetTexts

describe('running reports', () => {
  it('runs a report into a job whose xlsx lists the features the filter picks', async () => {
    const { rows: expected } = await t.db.query<{ id: number; codigo: string }>(
      "SELECT id::int AS id, codigo FROM data.oae WHERE tipo = 'ponte' AND NOT d_e_l_e_t_ ORDER BY id",
    )
    expect(expected.length).toBeGreaterThan(1)
    const res = await run(report.id, t.user, { layerName: 'oae', filter: PONTES })
    expect(res.statusCode).toBe(202)
    const job = await waitForJob(res.json().id, t.user)
    expect(job).toMatchObject({
      status: 'COMPLETE',
      type: 'report',
      title: 'Lista de OAE',
      filename: 'obras.xlsx',
      rows: expected.length,
    })
    const { wb, headers } = await workbookOf(job.id, t.user)
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
    const repo = await t.get('/api/reports/jobs', t.user)
    expect(repo.json<ExportJob[]>().map((j) => j.id)).toContain(job.id)
    const status = await t.get(`/api/reports/${job.id}/status`, t.user)
    expect(status.json().status).toBe('COMPLETE')
    // nobody else downloads it
    const other = await signIn(t.api, { username: 'campo', password: 'campo1234' })
    expect((await fetch(`${t.baseUrl}/api/report/${job.id}?token=${other}`)).status).toBe(404)
  })

  it('gives the report file only while the user still reads its layer', async () => {
    const res = await run(report.id, t.user, { layerName: 'oae', filter: PONTES })
    const job = await waitForJob(res.json().id, t.user)
    expect(job.status).toBe('COMPLETE')
    // Through the administration: every group of the user stops reading oae.
    await expectFileOnlyWhileReading(t, job.id, 'oae')
  })

  it('runs a selection of ids, and previews at most 20 features at once', async () => {
    const { rows } = await t.db.query<{ id: number; codigo: string }>(
      'SELECT id::int AS id, codigo FROM data.oae WHERE NOT d_e_l_e_t_ ORDER BY id LIMIT 3',
    )
    const res = await run(report.id, t.user, { layerName: 'oae', ids: rows.map((r) => r.id) })
    const job = await waitForJob(res.json().id, t.user)
    expect(job.rows).toBe(3)
    const list = texts((await workbookOf(job.id, t.user)).wb.worksheets[1]!)
    for (const r of rows) expect(list).toContain(r.codigo)

    const preview = await t.post(`/api/reports/${report.id}/preview`, { layerName: 'oae' }, t.user)
    expect(preview.statusCode).toBe(200)
    const rendered = preview.json<RenderedReport>()
    expect(rendered.features).toBe(20)
    expect(rendered.pages).toHaveLength(2)
  })

  it('refuses a layer the user may not read, a bad filter, a disabled or unreadable template, and queues nothing', async () => {
    const before = await reportJobs()
    const denied = await run(report.id, t.user, { layerName: 'ocorrencias' })
    const missing = await run(report.id, t.user, { layerName: 'nao_existe' })
    expect(denied.statusCode).toBe(404)
    expect(denied.body).toBe(missing.body)

    const badFilter = and(rule('senha', 'eq', 1))
    const bad = await run(report.id, t.user, { layerName: 'oae', filter: badFilter })
    const search = await t.post('/api/features/oae/search', { filter: badFilter }, t.user)
    expect(bad.statusCode).toBe(400)
    expect(search.statusCode).toBe(400)
    expect(bad.json().message).toBe(search.json().message)

    const disabled = await t.post(
      '/api/reports/templates',
      saveBody('Desativado', { parameters: [] }),
      t.admin,
    )
    const off = await run(disabled.json().id, t.user, { layerName: 'oae' })
    expect(off.statusCode).toBe(400)
    expect(off.json().message).toBe(
      'RELATORIO DESATIVADO, CONSULTE O ADMINISTRADOR PARA MAIS INFORMAÇÕES',
    )

    const own = await t.post(
      '/api/reports/templates',
      saveBody('Do administrador', { mine: true }),
      t.admin,
    )
    const notMine = await run(own.json().id, t.user, { layerName: 'oae' })
    expect(notMine.statusCode).toBe(404)
    expect(notMine.json().message).toBe('Relatório não encontrado.')
    const previewDenied = await t.post(
      `/api/reports/${report.id}/preview`,
      { layerName: 'ocorrencias' },
      t.user,
    )
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
    const saved = await t.post(
      '/api/reports/templates',
      saveBody('Ficha teste', { reportType: 'record', template }),
      t.admin,
    )
    const { rows } = await t.db.query<{ id: number; codigo: string }>(
      `SELECT o.id::int AS id, o.codigo FROM data.oae o
        WHERE NOT o.d_e_l_e_t_ AND EXISTS (SELECT 1 FROM app.attachments a
          WHERE a.layer_name = 'oae' AND a.feature_id = o.id)
        ORDER BY o.id LIMIT 2`,
    )
    expect(rows).toHaveLength(2)
    const res = await run(saved.json().id, t.user, { layerName: 'oae', ids: rows.map((r) => r.id) })
    const job = await waitForJob(res.json().id, t.user)
    expect(job.status).toBe('COMPLETE')
    expect(job.filename).toBe('Ficha teste.xlsx')
    const { wb } = await workbookOf(job.id, t.user)
    expect(wb.worksheets).toHaveLength(2)
    rows.forEach((r, i) => expect(texts(wb.worksheets[i]!)).toContain(`Código: ${r.codigo}`))
    expect(wb.worksheets[0]!.getImages()).toHaveLength(1)
  })

  it('fails a job past 5000 features, or whose user lost the layer meanwhile, in Portuguese and without a file', async () => {
    await createTestLayer(t.db, 'rel_muitos', { count: 1 })
    await t.db.query(
      "INSERT INTO data.rel_muitos (d_e_l_e_t_, s) SELECT false, 'x' FROM generate_series(1, 5001)",
    )
    const big = await run(report.id, t.admin, { layerName: 'rel_muitos' })
    expect(big.statusCode).toBe(202)
    const failed = await waitForJob(big.json().id, t.admin)
    expect(failed.status).toBe('ERROR')
    expect(failed.message).toBe('O relatório passa de 5.000 feições: refine o filtro.')
    expect((await fetch(`${t.baseUrl}/api/report/${failed.id}?token=${t.admin}`)).status).toBe(404)

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
    const own = await run(report.id, t.user, { layerName: 'oae', ids: [1] })
    await waitForJob(own.json().id, t.user)
    const gone = await waitForJob(rows[0]!.id, t.user)
    expect(gone.status).toBe('ERROR')
    expect(gone.message).toBe('O layer não existe mais ou você não tem mais permissão de leitura.')
  })
})
