import { beforeAll, describe, expect, it } from 'vitest'
import { fieldErrors, useTestApp } from '../../../test/harness'
import { and, or, rule } from '../../../test/filters'
import { budget } from '../../../test/slowdown'

const t = useTestApp()

/** The records this test writes: all from this application, in 2001, far from the seed's. */
const APP = 'teste-auditoria'
const SEEDED = [
  // [table, feature, action, user, at, address]
  ['oae', 1, 'I', 'ana', '2001-03-01T10:00:00Z', '10.0.0.1'],
  ['oae', 1, 'U', 'bruno', '2001-03-02T10:00:00Z', '10.0.0.2'],
  ['oae', 2, 'U', 'ana', '2001-03-03T10:00:00Z', '10.0.0.1'],
  ['marcos_km', 7, 'D', 'carla', '2001-03-04T10:00:00Z', '10.0.0.3'],
  ['marcos_km', 8, 'U', 'bruno', '2001-03-05T10:00:00Z', null],
  ['tabela_removida', 3, 'U', 'ana', '2001-03-06T10:00:00Z', '10.0.0.1'],
] as const

beforeAll(async () => {
  for (const [table, id, action, username, at, address] of SEEDED) {
    await t.db.query(
      `INSERT INTO app.audit_log (table_schema, table_name, feature_id, action, old_fields,
         current_fields, changed_fields, username, application, client_addr, client_port, at)
       VALUES ('data', $1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, 5000, $10)`,
      [
        table,
        id,
        action,
        action === 'I' ? null : JSON.stringify({ id, largura: 1 }),
        action === 'D' ? null : JSON.stringify({ id, largura: 2 }),
        action === 'U' ? JSON.stringify({ largura: 2 }) : '{}',
        username,
        APP,
        address,
        at,
      ],
    )
  }
})

type Rec = {
  id: number
  table: string
  tableTitle: string | null
  rowId: number
  user: string
  action: string
  timestamp: string
  changedFields: Record<string, unknown>
  previousFields: Record<string, unknown> | null
}

/** Only this test's records, and more. */
const ours = (...rules: unknown[]) => and(rule('application', 'eq', APP), ...rules)

const search = (filter: unknown, query = '', token = t.admin) =>
  t.post(`/api/audit/search${query}`, filter === undefined ? {} : { filter }, token)

async function found(filter: unknown, query = '') {
  const res = await search(filter, query)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json<{ results: Rec[]; rowCount: number }>()
  expect(res.headers['x-rowcount']).toBe(String(body.rowCount))
  return body
}
const users = (recs: Rec[]) => recs.map((r) => `${r.user}@${r.timestamp.slice(0, 10)}`)

describe('POST /api/audit/search', () => {
  it('is for administrators: 401 without a session, 403 for an ordinary user', async () => {
    expect((await search(ours(), '', '')).statusCode).toBe(401)
    const res = await search(ours(), '', t.user)
    expect(res.statusCode).toBe(403)
    expect((await t.get('/api/audit/history', t.user)).statusCode).toBe(403)
  })

  it('filters by action, newest first by default', async () => {
    const { results, rowCount } = await found(ours(rule('action', 'eq', 'U')))
    expect(rowCount).toBe(4)
    expect(users(results)).toEqual([
      'ana@2001-03-06',
      'bruno@2001-03-05',
      'ana@2001-03-03',
      'bruno@2001-03-02',
    ])
    const notU = await found(ours(rule('action', 'ne', 'U')))
    expect(notU.results.map((r) => r.action).sort()).toEqual(['D', 'I'])
  })

  it('filters by layer (its name; a removed layer by its table) and shows its title', async () => {
    const oae = await found(ours(rule('table', 'eq', 'oae')))
    expect(oae.rowCount).toBe(3)
    expect(oae.results[0]!.tableTitle).toBe('Obras de arte especiais (pontes e viadutos)')
    const gone = await found(ours(rule('table', 'eq', 'tabela_removida')))
    expect(gone.results.map((r) => [r.table, r.tableTitle])).toEqual([['tabela_removida', null]])
    const others = await found(ours(rule('table', 'ne', 'oae')))
    expect(others.results.map((r) => r.table)).toEqual([
      'tabela_removida',
      'marcos_km',
      'marcos_km',
    ])
  })

  it('filters by user, address, feature and timestamp range, with and/or nesting', async () => {
    expect((await found(ours(rule('user', 'eq', 'ana')))).rowCount).toBe(3)
    expect((await found(ours(rule('user', 'like', 'b%')))).rowCount).toBe(2)
    expect((await found(ours(rule('clientAddress', 'isnull')))).rowCount).toBe(1)
    expect((await found(ours(rule('rowId', 'ge', 7)))).rowCount).toBe(2)
    const range = await found(
      ours(rule('timestamp', 'ge', '2001-03-02T00:00:00Z'), rule('timestamp', 'lt', '2001-03-04')),
    )
    expect(users(range.results)).toEqual(['ana@2001-03-03', 'bruno@2001-03-02'])
    const nested = await found(
      ours(or(rule('user', 'eq', 'carla'), and(rule('user', 'eq', 'ana'), rule('rowId', 'eq', 2)))),
    )
    expect(users(nested.results)).toEqual(['carla@2001-03-04', 'ana@2001-03-03'])
  })

  it('pages and sorts: page size 20 by default, any audit field either way', async () => {
    const first = await found(ours(), '?limit=2')
    expect(first.rowCount).toBe(6)
    expect(users(first.results)).toEqual(['ana@2001-03-06', 'bruno@2001-03-05'])
    const second = await found(ours(), '?limit=2&page=1')
    expect(users(second.results)).toEqual(['carla@2001-03-04', 'ana@2001-03-03'])
    const oldest = await found(ours(), '?sort=timestamp&limit=1')
    expect(users(oldest.results)).toEqual(['ana@2001-03-01'])
    const byUser = await found(ours(), '?sort=user')
    expect(byUser.results.map((r) => r.user)).toEqual([
      'ana',
      'ana',
      'ana',
      'bruno',
      'bruno',
      'carla',
    ])
    const byRow = await found(ours(), '?sort=rowId&order=desc')
    expect(byRow.results.map((r) => r.rowId)).toEqual([8, 7, 3, 2, 1, 1])
    const all = await found(undefined)
    expect(all.results.length).toBe(Math.min(20, all.rowCount))
    expect(all.rowCount).toBeGreaterThanOrEqual(6)
    const bad = await search(ours(), '?sort=old_fields')
    expect(bad.statusCode).toBe(400)
    expect(fieldErrors(bad).sort).toBeTruthy()
    expect((await search(ours(), '?limit=101')).statusCode).toBe(400)
  })

  it('answers 400 in Portuguese for a rule on an unknown field, a wrong operator or value', async () => {
    // The rule after ours(): the second of the filter's group.
    const cases: [unknown, 'field' | 'operator' | 'value', string][] = [
      [rule('old_fields', 'eq', 'x'), 'field', 'Campo desconhecido: old_fields'],
      [
        rule('action', 'like', 'U'),
        'operator',
        'O operador ILIKE não pode ser usado com o campo action.',
      ],
      [
        rule('table', 'lt', 'oae'),
        'operator',
        'O operador < não pode ser usado com o campo table.',
      ],
      [
        rule('action', 'eq', 'X'),
        'value',
        'Valor inválido para o campo action: use um destes valores: I, U, D',
      ],
      [rule('timestamp', 'ge', 'ontem'), 'value', ''],
      [rule('rowId', 'eq', 'um'), 'value', ''],
      [rule('user', 'eq'), 'value', 'Informe um valor para o campo user.'],
    ]
    for (const [invalid, part, message] of cases) {
      const filter = ours(invalid)
      const field = `filter.rules.1.${part}`
      const res = await search(filter)
      expect(res.statusCode, JSON.stringify(filter)).toBe(400)
      const errors = fieldErrors(res)
      expect(Object.keys(errors)).toEqual([field])
      if (message) expect(errors[field]).toBe(message)
      else expect(errors[field]).toMatch(/^Valor inválido para o campo/)
    }
  })

  it('refuses trees past the limits fast: depth over 16, over 256 nodes, values over 4 KB', async () => {
    let deep: unknown = rule('user', 'eq', 'ana')
    for (let i = 0; i < 1000; i++) deep = and(deep)
    const wide = or(...Array.from({ length: 10_000 }, () => rule('user', 'eq', 'ana')))
    const started = Date.now()
    const answers = await Promise.all([
      search(deep),
      search(wide),
      search(ours(rule('user', 'eq', 'x'.repeat(4097)))),
      search({ type: 'grupo', rules: [] }),
    ])
    expect(Date.now() - started).toBeLessThan(budget(5000))
    const messages = answers.map((res) => {
      expect(res.statusCode).toBe(400)
      return Object.values(fieldErrors(res))[0]
    })
    expect(messages).toEqual([
      'Filtro com níveis demais (máximo de 16).',
      'Filtro com regras e grupos demais (máximo de 256).',
      'Valor longo demais no filtro (máximo de 4096 bytes).',
      'Filtro inválido.',
    ])
    let sixteen: unknown = rule('user', 'eq', 'ana')
    for (let i = 0; i < 15; i++) sixteen = and(sixteen)
    expect((await search(and(rule('application', 'eq', APP), sixteen))).statusCode).toBe(400)
    expect((await found(sixteen)).rowCount).toBeGreaterThanOrEqual(3)
    const extra = await t.post(
      '/api/audit/search',
      { filter: ours(), sql: 'DROP TABLE app.audit_log' },
      t.admin,
    )
    expect(extra.statusCode).toBe(400)
  })

  it('finds a real edit with who made it and the attribute it changed', async () => {
    const loaded = await t.get('/api/features/oae/13', t.admin)
    const before = loaded.json().attributes.largura
    const res = await t.put(
      '/api/features/oae/13',
      { version: loaded.json().version, attributes: { largura: 42.5 } },
      t.admin,
    )
    expect(res.statusCode, res.body).toBe(200)
    const { results } = await found(
      and(rule('table', 'eq', 'oae'), rule('rowId', 'eq', 13), rule('action', 'eq', 'U')),
    )
    const last = results[0]!
    expect(last.user).toBe('admin')
    expect(last.changedFields).toEqual({ largura: 42.5 })
    expect(last.previousFields?.largura).toBe(before)
    expect(Date.now() - Date.parse(last.timestamp)).toBeLessThan(60_000)
  })
})

describe('GET /api/audit/search/samples/{field}', () => {
  const samples = (field: string, query = '', token = t.admin) =>
    t.get(`/api/audit/search/samples/${field}${query}`, token)

  it('suggests the values of an audit field, most frequent first, for administrators', async () => {
    const res = await samples('user', '?filter=AN')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toContain('ana')
    expect(res.json()).not.toContain('bruno')
    const layers = await samples('table', '?filter=removida')
    expect(layers.json()).toEqual(['tabela_removida'])
    expect((await samples('timestamp')).statusCode).toBe(400)
    expect(fieldErrors(await samples('old_fields')).field).toBe('Campo desconhecido: old_fields')
    expect((await samples('user', '', t.user)).statusCode).toBe(403)
  })
})

describe('GET /api/audit/history', () => {
  it('lists every record newest first, paged, with the total in x-rowcount', async () => {
    const res = await t.get('/api/audit/history?limit=3', t.admin)
    expect(res.statusCode).toBe(200)
    const rows = res.json<Rec[]>()
    expect(rows).toHaveLength(3)
    const total = Number(res.headers['x-rowcount'])
    expect(total).toBeGreaterThanOrEqual(6)
    const times = rows.map((r) => Date.parse(r.timestamp))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const last = await t.get(`/api/audit/history?limit=1&page=${total - 1}`, t.admin)
    expect(last.json<Rec[]>()).toHaveLength(1)
    const oldest = await t.get('/api/audit/history?limit=1&sort=timestamp', t.admin)
    expect(oldest.json<Rec[]>()[0]!.id).toBe(last.json<Rec[]>()[0]!.id)
  })
})
