import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { ReportRecord, ReportTemplate } from '@gis/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, signIn, startTestApp, type TestApp } from '../../../test/harness'
import { healthProbe } from '../../../test/health-probe'
import { waitForJob as waitJob } from '../../../test/jobs'
import { createTestLayer } from '../../../test/test-layer'
import { sampleTemplate, saveBody } from '../../../test/reports'
import { budget } from '../../../test/slowdown'

/**
 * Reports are rendered and written in the CPU worker pool (workers/cpu-pool.ts): a report of a
 * million cells takes seconds of processor time, and the server keeps answering meanwhile.
 */

const FEATURES = 5000
const ROWS = 10
const COLUMNS = 20
/**
 * The longest the server's event loop may stall while the report runs. Rendered on the main
 * thread, the report stalled it for seconds (docs/decisions.md, 69); in the pool, what stays
 * on the main thread (reading the features, handing them over, storing the file) stalls it for
 * tens of milliseconds, a few hundred on a busy machine.
 */
const MAX_STALL_MS = 2000

/** A record template of ROWS × COLUMNS cells: texts, numbers, dates and the id of each feature. */
function bigTemplate(name: string): ReportTemplate {
  const values = [
    '${id}',
    '${s}',
    '${n}',
    '${i}',
    '${k}',
    '${b}',
    '${d}',
    '${dt}',
    '${tm}',
    'Km ${k} de ${s}',
  ]
  return {
    ...sampleTemplate(name, 'rel_mil'),
    grid: [
      {
        type: 'NONE',
        title: 'Ficha',
        rows: Array.from({ length: ROWS }, (_, r) => ({
          cells: Array.from({ length: COLUMNS }, (_, c) => ({
            colSpan: 1,
            rowSpan: 1,
            value: r === 0 && c === 0 ? 'Feição ${id}' : values[(r * COLUMNS + c) % values.length]!,
            style: 'Padrão',
          })),
        })),
      },
    ],
  }
}

const waitForJob = (t: TestApp, id: number, token: string) => waitJob(t, id, token, 50)

async function saveTemplate(t: TestApp, token: string, template: ReportTemplate) {
  const res = await t.post(
    '/api/reports/templates',
    saveBody(template.name, {
      reportType: 'record',
      parameters: [{ name: 'LAYER_NAME', type: 'LAYER_NAME', value: template.layer }],
      template,
    }),
    token,
  )
  expect(res.statusCode).toBe(201)
  return res.json<ReportRecord>()
}

/** The layer of the big report: FEATURES features, inserted by one statement. */
async function bigLayer(t: TestApp) {
  await createTestLayer(t.db, 'rel_mil', { count: 0 })
  await t.db.query(
    `INSERT INTO data.rel_mil (geom, d_e_l_e_t_, s, n, i, k, b, d, dt, tm)
     SELECT ST_SetSRID(ST_MakePoint(-47 - g / 10000.0, -23 + g / 10000.0), 4326), false,
            'ponte ' || g, g * 1.5, g, g / 8.0, g % 2 = 0, DATE '2024-01-01' + g % 365,
            TIMESTAMPTZ '2024-03-01T10:00:00Z' + g * INTERVAL '1 hour', TIME '08:30'
       FROM generate_series(1, ${FEATURES}) AS g`,
  )
}

/** The workbook's sheets, read as a stream (five thousand of them): their count and names. */
async function readSheets(bytes: Buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  })
  const firstRows: string[][] = []
  let count = 0
  for await (const sheet of reader) {
    count++
    if (firstRows.length >= 2) continue
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      firstRows.push((row.values as unknown[]).slice(1, 4).map((v) => String(v)))
      break
    }
  }
  return { count, firstRows }
}

describe('reports in the CPU worker pool', () => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    t = await startTestApp()
    admin = await signIn(t.api, DEMO.admin)
    await bigLayer(t)
  })
  afterAll(async () => {
    await t?.close()
  })

  it(
    'writes a report of a million cells while the event loop keeps turning and /healthz answers',
    async () => {
      const report = await saveTemplate(t, admin, bigTemplate('Ficha grande'))
      const { rows: ids } = await t.db.query<{ id: number }>(
        'SELECT id::int AS id FROM data.rel_mil ORDER BY id LIMIT 2',
      )

      const loop = monitorEventLoopDelay({ resolution: 10 })
      const probe = healthProbe(t.baseUrl)
      await probe.ready()
      const started = performance.now()
      loop.enable()
      const res = await t.post(`/api/reports/${report.id}`, { layerName: 'rel_mil' }, admin)
      expect(res.statusCode).toBe(202)
      const job = await waitForJob(t, res.json().id, admin)
      loop.disable()
      const elapsed = performance.now() - started
      const health = await probe.stop()
      const maxStall = loop.max / 1e6
      console.info(
        `1M-cell report: ${Math.round(elapsed)} ms; event loop max ${Math.round(maxStall)} ms, ` +
          `p99 ${Math.round(loop.percentile(99) / 1e6)} ms; /healthz ${health.length} answers, ` +
          `max ${Math.round(Math.max(...health))} ms`,
      )
      expect(job).toMatchObject({ status: 'COMPLETE', rows: FEATURES })
      expect(health.length).toBeGreaterThan(10)
      expect(maxStall).toBeLessThan(MAX_STALL_MS)
      expect(Math.max(...health)).toBeLessThan(MAX_STALL_MS)

      const file = await fetch(`${t.baseUrl}/api/report/${job.id}?token=${admin}`)
      expect(file.status).toBe(200)
      const { count, firstRows } = await readSheets(Buffer.from(await file.arrayBuffer()))
      expect(count).toBe(FEATURES)
      expect(firstRows[0]![0]).toBe(`Feição ${ids[0]!.id}`)
      expect(firstRows[1]![0]).toBe(`Feição ${ids[1]!.id}`)
    },
    budget(240_000),
  )
})

describe('a report past the worker threads’ memory', () => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    // Enough for a small report, far too little for a million cells.
    t = await startTestApp({ config: { cpuWorkers: 1, cpuWorkerMemoryMb: 64 } })
    admin = await signIn(t.api, DEMO.admin)
    await bigLayer(t)
  })
  afterAll(async () => {
    await t?.close()
  })

  it(
    'fails in Portuguese, the server goes on, and the next report is written by a new thread',
    async () => {
      const big = await saveTemplate(t, admin, bigTemplate('Ficha pesada'))
      const res = await t.post(`/api/reports/${big.id}`, { layerName: 'rel_mil' }, admin)
      expect(res.statusCode).toBe(202)
      const failed = await waitForJob(t, res.json().id, admin)
      expect(failed).toMatchObject({
        status: 'ERROR',
        message:
          'O relatório precisou de mais memória que o limite de 64 MB: refine o filtro ou simplifique a template.',
      })
      expect((await fetch(`${t.baseUrl}/api/report/${failed.id}?token=${admin}`)).status).toBe(404)
      expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200)

      const small = await t.post('/api/reports/templates', saveBody('Lista pequena'), admin)
      const next = await t.post(`/api/reports/${small.json().id}`, { layerName: 'oae' }, admin)
      const done = await waitForJob(t, next.json().id, admin)
      expect(done.status).toBe('COMPLETE')
      const file = await fetch(`${t.baseUrl}/api/report/${done.id}?token=${admin}`)
      expect(file.status).toBe(200)
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ExcelJS.Buffer)
      expect(wb.worksheets).toHaveLength(2)

      // the preview runs in the same pool, on a new thread as well
      const preview = await t.post(
        `/api/reports/${big.id}/preview`,
        { layerName: 'rel_mil' },
        admin,
      )
      expect(preview.statusCode).toBe(200)
      expect(preview.json().features).toBe(20)
    },
    budget(120_000),
  )
})
