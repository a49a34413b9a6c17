import { describe, expect, it } from 'vitest'
import { br, runImport, sameNames } from '../../../test/dataloader'
import { useTestApp } from '../../../test/harness'
import { healthProbe, percentile } from '../../../test/health-probe'
import { budget } from '../../../test/slowdown'

/**
 * The largest import the suite makes (issue 43): 1,000,000 csv rows into a new table, from
 * upload to COMPLETE, with the server's memory flat (the file is streamed to storage and read
 * as a stream; batches are bounded) and /healthz answering all along. Two columns keep it
 * short; the rules of the rows are the 200,000-row tests' (dataloader-scale.test.ts).
 */

// On disk as a real server's embedded database (an in-memory one would count its tables as growth).
const t = useTestApp({ pgliteOnDisk: true })
const ROWS = 1_000_000

describe('a 1,000,000-row import', { timeout: budget(1_200_000) }, () => {
  it('completes with memory and /healthz bounded', async () => {
    const lines = ['codigo;valor']
    for (let i = 0; i < ROWS; i++) lines.push(`M-${i};${br(i / 7)}`)
    const file = new Blob([lines.join('\n') + '\n'])
    lines.length = 0

    const rssBefore = process.memoryUsage().rss
    let rssMax = rssBefore
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, process.memoryUsage().rss)
    }, 100)
    const probe = healthProbe(t.baseUrl)
    await probe.ready()
    const started = Date.now()
    const done = await runImport(t, t.admin, 'milhao.csv', file, {
      destinyType: 1,
      layerName: 'milhao',
      layerTitle: 'Um milhão',
      mappings: sameNames('codigo', 'valor'),
      spatializeType: 'none',
      spatializeMode: 'none',
    })
    const seconds = (Date.now() - started) / 1000
    const health = await probe.stop()
    clearInterval(sampler)
    const report = {
      seconds: Math.round(seconds * 10) / 10,
      probes: health.length,
      p50: Math.round(percentile(health, 50)),
      p99: Math.round(percentile(health, 99)),
      max: Math.round(Math.max(...health)),
      rssGrowthMb: Math.round((rssMax - rssBefore) / 1024 / 1024),
    }
    console.log(`1,000,000-row import (${t.db.kind}): ${JSON.stringify(report)}`)

    expect(done.status).toMatchObject({
      status: 'COMPLETE',
      counts: { read: ROWS, validated: ROWS, written: ROWS, errors: 0 },
    })
    expect(done.report).toMatchObject({ created: ROWS, errors: 0 })
    const { rows } = await t.db.query<{ n: number; v: number }>(
      `SELECT count(*)::int AS n, max(valor) AS v FROM data.milhao`,
    )
    expect(rows[0]!.n).toBe(ROWS)
    expect(rows[0]!.v).toBeCloseTo(Math.round(((ROWS - 1) / 7) * 100) / 100, 6)
    expect(report.probes).toBeGreaterThan(10)
    expect(report.p99).toBeLessThan(budget(100))
    // The bound of docs/ops.md: the server's memory grows by less than 300 MB, whatever the size.
    expect(report.rssGrowthMb).toBeLessThan(300)
  })
})
