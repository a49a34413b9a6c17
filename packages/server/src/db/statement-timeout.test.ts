import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { budget } from '../../test/slowdown'

const BUDGET_MS = 1500

// On disk: a statement past its budget restarts the embedded database's thread.
const t = useTestApp({
  config: { statementTimeoutMs: BUDGET_MS },
  pgliteOnDisk: true,
  signIn: false,
})

/** Milliseconds /healthz takes to answer. */
async function healthLatency(): Promise<number> {
  const started = performance.now()
  const res = await fetch(`${t.baseUrl}/healthz`)
  expect(res.status).toBe(200)
  return performance.now() - started
}

describe('statement time budget', () => {
  it('keeps the server answering while a slow statement runs, and cancels it at the budget', async () => {
    const started = performance.now()
    const slow = t.db.query('SELECT pg_sleep(5)').then(
      () => undefined,
      (err: unknown) => err,
    )
    await new Promise((r) => setTimeout(r, 300))
    for (let i = 0; i < 3; i++) expect(await healthLatency()).toBeLessThan(budget(1000))
    const err = (await slow) as { code?: string } | undefined
    const elapsed = performance.now() - started
    expect(err).toBeInstanceOf(Error)
    expect(err?.code).toBe('57014')
    expect(elapsed).toBeGreaterThanOrEqual(BUDGET_MS - 50)
    expect(elapsed).toBeLessThan(budget(4500))
  })

  it('keeps what was committed and rolls back the interrupted transaction', async () => {
    await t.db.query(`CREATE TABLE app.timeout_probe (n int)`)
    await t.db.query(`INSERT INTO app.timeout_probe VALUES (1)`)
    const failed = await t.db
      .transaction(async (tx) => {
        await tx.query(`INSERT INTO app.timeout_probe VALUES (2)`)
        await tx.query('SELECT pg_sleep(5)')
      })
      .then(
        () => undefined,
        (err: unknown) => err as { code?: string },
      )
    expect(failed?.code).toBe('57014')
    const { rows } = await t.db.query<{ n: number }>('SELECT n FROM app.timeout_probe ORDER BY n')
    expect(rows.map((r) => r.n)).toEqual([1])
    // And the API works again at once.
    const res = await fetch(`${t.baseUrl}/api/config`)
    expect(res.status).toBe(200)
  })

  it('answers a request whose statement ran past the budget with a clear 503, in JSON and in OGC', async () => {
    // Both reads made slow: every row of these views waits 3 s.
    await t.db.exec(`ALTER TABLE app.base_layers RENAME TO base_layers_real;
      CREATE VIEW app.base_layers AS
        SELECT * FROM app.base_layers_real WHERE pg_sleep(3)::text = '';
      ALTER TABLE data.oae RENAME TO oae_real;
      CREATE VIEW data.oae AS SELECT * FROM data.oae_real WHERE pg_sleep(3)::text = '';`)
    const login = await fetch(`${t.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    })
    const authorization = login.headers.get('authorization')!
    const started = performance.now()
    const res = await fetch(`${t.baseUrl}/api/base-layers/active`, { headers: { authorization } })
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      message:
        'A operação demorou mais que o tempo limite e foi cancelada. Tente novamente ou restrinja a consulta.',
    })
    expect(performance.now() - started).toBeLessThan(budget(6000))
    const ows = await fetch(
      `${t.baseUrl}/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=oae&COUNT=5`,
      { headers: { authorization } },
    )
    expect(ows.status).toBe(503)
    const body = await ows.text()
    expect(body).toContain('ExceptionReport')
    expect(body).toContain('demorou mais que o tempo limite')
  })
})
