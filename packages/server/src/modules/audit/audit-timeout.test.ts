import { describe, expect, it } from 'vitest'
import { DEMO, signIn, useTestApp } from '../../../test/harness'
import { and, rule } from '../../../test/filters'
import { budget } from '../../../test/slowdown'

const BUDGET_MS = 1500

// On disk: a statement past its budget restarts the embedded database's thread.
const t = useTestApp({
  config: { statementTimeoutMs: BUDGET_MS },
  pgliteOnDisk: true,
  signIn: false,
})

describe('audit search time budget', () => {
  it('answers a search that runs past the statement budget with the 503, and nothing hangs', async () => {
    const admin = await signIn(t.api, DEMO.admin)
    // The audit log made slow: every record read waits 3 s.
    await t.db.exec(`INSERT INTO app.audit_log (table_schema, table_name, feature_id, action)
        VALUES ('data', 'oae', 1, 'U');
      ALTER TABLE app.audit_log RENAME TO audit_log_real;
      CREATE VIEW app.audit_log AS
        SELECT * FROM app.audit_log_real WHERE pg_sleep(3)::text = '';`)
    const started = performance.now()
    const res = await t.post(
      '/api/audit/search',
      {
        filter: and(rule('action', 'eq', 'U')),
      },
      admin,
    )
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe(
      'A operação demorou mais que o tempo limite e foi cancelada. Tente novamente ou restrinja a consulta.',
    )
    expect(performance.now() - started).toBeLessThan(budget(6000))
    expect((await t.get('/api/config')).statusCode).toBe(200)
  })
})
