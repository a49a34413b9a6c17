import { describe, expect, it } from 'vitest'
import { expectStatus, useTestApp } from '../../test/harness'
import { loadConfig } from '../config'

const SCRAPER = 'scraper-token-0123456789abcdef'

const t = useTestApp({ config: { metricsToken: SCRAPER } })

/** The value of one series of the text format (undefined when it is absent). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue
    const [series, value] = line.split(/ (?=[^ ]+$)/)
    const inside = series!.slice(name.length + 1, -1).split(',')
    if (wanted.every((w) => inside.includes(w))) return Number(value)
  }
  return undefined
}

const scrape = (token: string) => t.get('/metrics', token)

describe('GET /metrics', () => {
  it('refuses to start with a scraper token short enough to guess', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/24 characters/)
    expect(loadConfig({ METRICS_TOKEN: SCRAPER }).metricsToken).toBe(SCRAPER)
    expect(loadConfig({}).metricsToken).toBeUndefined()
  })

  it('is for administrators and the configured scraper only', async () => {
    expectStatus(await t.get('/metrics'), 401)
    expectStatus(await scrape(t.user), 403)
    expectStatus(await scrape(`${SCRAPER}x`), 401)
    expectStatus(await scrape(t.admin), 200)
    const res = await scrape(SCRAPER)
    expectStatus(res, 200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('counts requests by route pattern and status, with their latency', async () => {
    const before = (await scrape(SCRAPER)).body
    const route = '/api/features/:layer/:id'
    const count = (text: string, status: string) =>
      sample(text, 'http_requests_total', { method: 'GET', route, status }) ?? 0
    expectStatus(await t.get('/api/features/rodovias/1', t.admin), 200)
    expectStatus(await t.get('/api/features/rodovias/999999', t.admin), 404)
    expectStatus(await t.get('/api/features/rodovias/999998', t.admin), 404)
    const after = (await scrape(SCRAPER)).body
    expect(count(after, '200') - count(before, '200')).toBe(1)
    expect(count(after, '404') - count(before, '404')).toBe(2)
    // One series per route, never per path: the ids do not appear.
    expect(after).not.toMatch(/route="\/api\/features\/rodovias/)
    const observed = sample(after, 'http_request_duration_seconds_count', { method: 'GET', route })
    expect(observed).toBeGreaterThanOrEqual(3)
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",/m)
  })

  it('shows the job queue: jobs waiting and running by type, and the oldest one’s age', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO app.jobs (type, status, created_at, started_at, heartbeat_at, claimed_by)
       VALUES ('metrics.test', 'QUEUED', now() - interval '90 seconds', NULL, NULL, NULL),
              ('metrics.test', 'QUEUED', now() - interval '10 seconds', NULL, NULL, NULL),
              ('metrics.test', 'IN_PROGRESS', now() - interval '1 hour',
               now() - interval '30 seconds', now(), 'another-process')
       RETURNING id`,
    )
    try {
      const text = (await scrape(SCRAPER)).body
      const labels = (status: string) => ({ type: 'metrics.test', status })
      expect(sample(text, 'gis_jobs', labels('QUEUED'))).toBe(2)
      expect(sample(text, 'gis_jobs', labels('IN_PROGRESS'))).toBe(1)
      expect(sample(text, 'gis_jobs', { type: 'all', status: 'QUEUED' })).toBeGreaterThanOrEqual(2)
      const queuedAge = sample(text, 'gis_job_oldest_age_seconds', labels('QUEUED'))!
      expect(queuedAge).toBeGreaterThanOrEqual(89)
      expect(queuedAge).toBeLessThan(150)
      const runningAge = sample(text, 'gis_job_oldest_age_seconds', labels('IN_PROGRESS'))!
      expect(runningAge).toBeGreaterThanOrEqual(29)
      expect(runningAge).toBeLessThan(90)
    } finally {
      await t.db.query('DELETE FROM app.jobs WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)])
    }
    const text = (await scrape(SCRAPER)).body
    expect(sample(text, 'gis_jobs', { type: 'metrics.test', status: 'QUEUED' })).toBeUndefined()
  })

  it('shows the event loop’s lag, the process, and the database pool on PostgreSQL', async () => {
    const text = (await scrape(SCRAPER)).body
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d/m)
    if (t.db.kind === 'postgres') {
      expect(sample(text, 'gis_db_pool_connections', { state: 'max' })).toBeGreaterThan(0)
      expect(sample(text, 'gis_db_pool_connections', { state: 'total' })).toBeGreaterThan(0)
      expect(sample(text, 'gis_db_pool_connections', { state: 'waiting' })).toBe(0)
    } else {
      expect(text).not.toContain('gis_db_pool_connections')
    }
  })
})
