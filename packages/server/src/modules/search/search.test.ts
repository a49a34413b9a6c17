import fc from 'fast-check'
import {
  OPERATORS_BY_TYPE,
  type AttributeType,
  type FilterNode,
  type FilterOperator,
} from '@gis/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { evaluate, type Row, type Value } from '../../../test/filter-model'
import { useTestApp } from '../../../test/harness'
import {
  createTestLayer,
  TEST_DATES,
  TEST_DATETIMES,
  TEST_FIELDS,
  TEST_INTS,
  TEST_NUMBERS,
  TEST_STRINGS,
  TEST_TIMES,
} from '../../../test/test-layer'
import { budget } from '../../../test/slowdown'

const t = useTestApp()
let rows: Row[]

beforeAll(async () => {
  await createTestLayer(t.db, 'busca_teste')
  const res = await t.post('/api/features/busca_teste/search?limit=1000', {}, t.admin)
  expect(res.statusCode).toBe(200)
  rows = res.json().results
  expect(rows).toHaveLength(60)
})

const search = (layer: string, body: unknown, query = '', token = t.admin) =>
  t.post(`/api/features/${layer}/search${query}`, body, token)

// ---- the evaluation in JavaScript (SQL's three-valued logic) --------------------------------

const TYPES: Record<string, AttributeType> = {
  id: 'number',
  geom: 'geometry',
  d_e_l_e_t_: 'boolean',
  ...Object.fromEntries(TEST_FIELDS.map((f) => [f.name, f.type])),
}

/** Whether a rule's value is one the server refuses (then the whole search is a 400). */
function refused(node: FilterNode): boolean {
  if (node.type === 'group') return node.rules.some(refused)
  if (node.operator === 'isnull' || node.operator === 'isnotnull') return false
  const v = node.value
  if (typeof v === 'string' && v.includes('\u0000')) return true
  const type = TYPES[node.field]!
  if (type === 'number' && typeof v === 'string')
    return !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim())
  return false
}

const typeOf = (field: string) => TYPES[field]!

// ---- generators ------------------------------------------------------------------------------

const nasty = fc.constantFrom(
  "'",
  "''",
  '\\',
  '\\\\',
  '%',
  '_',
  '\\%',
  "x' OR '1'='1",
  "'; DROP TABLE data.busca_teste; --",
  '$1',
  '"s"',
  'a\u0000b',
  '/* */',
)
const VALUES: Partial<Record<AttributeType, fc.Arbitrary<Value>>> = {
  string: fc.oneof(
    fc.constantFrom(...TEST_STRINGS, '%ont%', 'p_nte', '%\\%', 'PONTE%', '%', '%\\_%', "%'%"),
    fc.string({ maxLength: 6, unit: 'grapheme-ascii' }),
    nasty,
    fc
      .tuple(nasty, fc.string({ maxLength: 3, unit: 'grapheme-ascii' }), nasty)
      .map((p) => p.join('')),
  ),
  number: fc.oneof(
    fc.constantFrom(...TEST_NUMBERS, ...TEST_INTS),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e7, max: 1e7 }),
    fc.constantFrom('2', '-1.5', '1e3', '1; DROP TABLE x'),
  ),
  boolean: fc.constantFrom(true, false, 'true', 'false', '1', '0'),
  date: fc.constantFrom(...TEST_DATES, '2020-03-01', '0001-01-01', '9999-12-31'),
  datetime: fc.oneof(
    fc.constantFrom(...TEST_DATETIMES, '2024-03-01T07:00:00-03:00', '2024-03-01'),
    fc
      .date({ min: new Date('1990-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  ),
  time: fc.constantFrom(...TEST_TIMES, '08:30', '12:00:00.5'),
}

const NAMED = ['id', 'geom', 'd_e_l_e_t_', ...TEST_FIELDS.map((f) => f.name)]

const rule: fc.Arbitrary<FilterNode> = fc.constantFrom(...NAMED).chain((name) => {
  const type = TYPES[name]!
  return fc
    .constantFrom(...OPERATORS_BY_TYPE[type])
    .chain((operator: FilterOperator) =>
      operator === 'isnull' || operator === 'isnotnull'
        ? fc.constant<FilterNode>({ type: 'rule', field: name, operator })
        : (name === 'id' ? fc.integer({ min: -1, max: 70 }) : VALUES[type]!).map(
            (value): FilterNode => ({ type: 'rule', field: name, operator, value }),
          ),
    )
})

const tree = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    rule,
    fc.record({
      type: fc.constant('group' as const),
      operator: fc.constantFrom('and' as const, 'or' as const),
      rules: fc.array(tie('node'), { maxLength: 4 }),
    }),
  ),
})).node

describe('POST /api/features/{layer}/search', () => {
  it('answers exactly the rows an evaluation in JavaScript selects, for every operator and type', async () => {
    let partial = 0
    let refusals = 0
    await fc.assert(
      fc.asyncProperty(tree, async (filter) => {
        const res = await search('busca_teste', { filter }, '?limit=1000')
        if (refused(filter)) {
          refusals++
          expect(res.statusCode).toBe(400)
          expect(res.json().errors[0].message).toMatch(/[áéíóúãõçÁÉ]|Informe|Valor|Campo/)
          return
        }
        expect(res.statusCode, res.body).toBe(200)
        const expected = rows.filter((r) => evaluate(filter, r, typeOf) === true).map((r) => r.id)
        if (expected.length > 0 && expected.length < rows.length) partial++
        const got = res.json()
        expect(got.results.map((r: Row) => r.id)).toEqual(expected)
        expect(got.rowCount).toBe(expected.length)
      }),
      { numRuns: 200 },
    )
    expect(partial).toBeGreaterThan(60)
    expect(refusals).toBeGreaterThan(0)
    // Nothing the generated values carried reached the SQL: the table is whole.
    const { rows: n } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data.busca_teste',
    )
    expect(n[0]!.n).toBe(60)
  })

  it('pages and sorts with page, limit, sort (- descends) and order, nulls last, then by id', async () => {
    const all = await search('busca_teste', {}, '?limit=1000&sort=n')
    const ns = all.json().results.map((r: Row) => r.n)
    const filled = ns.filter((v: Value) => v !== null)
    expect(filled).toEqual([...filled].sort((a: number, b: number) => a - b))
    expect(ns.slice(filled.length).every((v: Value) => v === null)).toBe(true)
    const desc = await search('busca_teste', {}, '?limit=1000&sort=-n')
    const descOrder = await search('busca_teste', {}, '?limit=1000&sort=n&order=desc')
    expect(desc.json().results.map((r: Row) => r.id)).toEqual(
      descOrder.json().results.map((r: Row) => r.id),
    )
    expect(desc.json().results[0].n).toBe(1000000)
    const page = await search('busca_teste', {}, '?page=2&limit=7&sort=s')
    expect(page.statusCode).toBe(200)
    expect(page.headers['x-rowcount']).toBe('60')
    expect(page.json().rowCount).toBe(60)
    const bySAll = await search('busca_teste', {}, '?limit=1000&sort=s')
    expect(page.json().results.map((r: Row) => r.id)).toEqual(
      bySAll
        .json()
        .results.slice(14, 21)
        .map((r: Row) => r.id),
    )
    const beyond = await search('busca_teste', {}, '?page=100&limit=20')
    expect(beyond.json()).toEqual({ results: [], rowCount: 60 })
  })

  it('answers every field typed, the geometry as its type and deleted rows marked', async () => {
    const res = await search('busca_teste', { ids: [2, 6] }, '?sort=id')
    const [a, b] = res.json().results
    expect(Object.keys(a)).toEqual([
      'id',
      'uuid',
      'geom',
      'd_e_l_e_t_',
      'm_o_d_i_f_',
      ...TEST_FIELDS.map((f) => f.name),
    ])
    expect(a).toMatchObject({ id: 2, geom: 'POINT', d_e_l_e_t_: false, b: false })
    expect(b).toMatchObject({ id: 6, d_e_l_e_t_: true })
    expect(a.m_o_d_i_f_).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    const one = rows.find((r) => r.dt !== null && r.d !== null && r.tm !== null)!
    expect(one.dt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(one.d).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(one.tm).toMatch(/^\d{2}:\d{2}:\d{2}$/)
    expect(rows.find((r) => r.id === 8)!.geom).toBeNull()
  })

  it('searches a selection of ids together with the filter', async () => {
    const res = await search('busca_teste', {
      ids: [1, 2, 3, 4, 5],
      filter: { type: 'rule', field: 'd_e_l_e_t_', operator: 'eq', value: false },
    })
    expect(res.json().results.map((r: Row) => r.id)).toEqual([2, 3, 4, 5])
  })

  it('refuses what cannot be searched with Portuguese 400s that change nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ filter: { type: 'rule', field: 'nada', operator: 'eq', value: 1 } }, '', 'filter.field'],
      [
        { filter: { type: 'rule', field: 'n', operator: 'like', value: '1' } },
        '',
        'filter.operator',
      ],
      [
        { filter: { type: 'rule', field: 'd', operator: 'eq', value: '2023-02-30' } },
        '',
        'filter.value',
      ],
      [{ filter: 'n = 1' }, '', 'filter'],
      [{ ids: ['1'] }, '', 'ids.0'],
      [{ ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, '', 'ids'],
      [{ other: 1 }, '', 'other'],
      [{}, '?sort=nada', 'sort'],
      [{}, '?sort=geom', 'sort'],
      [{}, '?order=up', 'order'],
      [{}, '?limit=0', 'limit'],
      [{}, '?page=-1', 'page'],
    ]
    for (const [body, query, field] of cases) {
      const res = await search('busca_teste', body, query)
      expect(res.statusCode, JSON.stringify(body) + query).toBe(400)
      expect(res.json().errors[0].field).toBe(field)
      expect(res.json().errors[0].message).not.toMatch(/[Ii]nvalid|[Ee]xpected|[Rr]equired/)
    }
    const sortGeom = await search('busca_teste', {}, '?sort=geom')
    expect(sortGeom.json().errors[0].message).toBe('A geometria não pode ser usada para ordenar.')
  })

  it('refuses a 1,000-deep tree and 10,000 sibling rules at once', async () => {
    let deep: unknown = { type: 'rule', field: 'n', operator: 'isnull' }
    for (let i = 0; i < 1000; i++) deep = { type: 'group', operator: 'or', rules: [deep] }
    const wide = {
      type: 'group',
      operator: 'or',
      rules: Array.from({ length: 10_000 }, () => ({
        type: 'rule',
        field: 'n',
        operator: 'isnull',
      })),
    }
    for (const [filter, message] of [
      [deep, 'Filtro com níveis demais (máximo de 16).'],
      [wide, 'Filtro com regras e grupos demais (máximo de 256).'],
    ] as const) {
      const started = performance.now()
      const res = await search('busca_teste', { filter })
      expect(performance.now() - started).toBeLessThan(budget(1000))
      expect(res.statusCode).toBe(400)
      expect(res.json().errors[0].message).toBe(message)
    }
  })

  it('answers a layer the user may not read exactly as one that does not exist', async () => {
    const denied = await search('ocorrencias', {}, '', t.user)
    const missing = await search('nao_existe', {}, '', t.user)
    expect(denied.statusCode).toBe(404)
    expect(denied.body).toBe(missing.body)
    expect(denied.json().message).toBe('Layer não encontrada ou sem permissão de leitura.')
    // ...even when the filter would be refused: nothing about the layer's fields leaks.
    const probing = await search(
      'ocorrencias',
      { filter: { type: 'rule', field: 'vitimas', operator: 'gt', value: 'x' } },
      '?sort=vitimas',
      t.user,
    )
    expect(probing.statusCode).toBe(404)
    expect((await search('ocorrencias', {}, '', t.admin)).statusCode).toBe(200)
    const anonymous = await t.post('/api/features/oae/search', {})
    expect(anonymous.statusCode).toBe(401)
  })

  it('searches the demo layers as a user who reads them', async () => {
    const res = await search(
      'oae',
      {
        filter: {
          type: 'group',
          operator: 'and',
          rules: [
            { type: 'rule', field: 'tipo', operator: 'eq', value: 'ponte' },
            { type: 'rule', field: 'km', operator: 'ge', value: 10 },
          ],
        },
      },
      '?sort=-km&limit=5',
      t.user,
    )
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.rowCount).toBeGreaterThan(5)
    expect(body.results).toHaveLength(5)
    for (const r of body.results) {
      expect(r.tipo).toBe('ponte')
      expect(r.km).toBeGreaterThanOrEqual(10)
    }
    const kms = body.results.map((r: Row) => r.km)
    expect(kms).toEqual([...kms].sort((a, b) => b - a))
  })
})

describe('GET /api/features/{layer}/samples/{field}', () => {
  const samples = (path: string, token = t.admin) => t.get(path, token)

  it('answers distinct values, most frequent first, at most limit, containing filter', async () => {
    const res = await samples('/api/features/busca_teste/samples/s?limit=40')
    expect(res.statusCode).toBe(200)
    const values = res.json<string[]>()
    expect(new Set(values).size).toBe(values.length)
    expect(values).not.toContain(null)
    const counts = new Map<string, number>()
    for (const r of rows)
      if (r.s !== null) counts.set(String(r.s), (counts.get(String(r.s)) ?? 0) + 1)
    expect(values.length).toBe(counts.size)
    for (let i = 1; i < values.length; i++) {
      expect(counts.get(values[i - 1]!)!).toBeGreaterThanOrEqual(counts.get(values[i]!)!)
    }
    const limited = await samples('/api/features/busca_teste/samples/s?limit=3')
    expect(limited.json()).toEqual(values.slice(0, 3))
    const pontes = await samples('/api/features/busca_teste/samples/s?filter=PONT')
    expect(pontes.json<string[]>().sort()).toEqual(['PONTE 2', 'Ponte', 'ponte'])
    // % and _ are themselves in the filter text, not patterns.
    expect((await samples('/api/features/busca_teste/samples/s?filter=%25')).json()).toEqual([
      '50%',
    ])
    expect((await samples('/api/features/busca_teste/samples/s?filter=_')).json()).toEqual([
      'passa_rela',
    ])
    const numbers = await samples('/api/features/busca_teste/samples/i')
    expect(numbers.json<number[]>().sort((a, b) => a - b)).toEqual(
      [...TEST_INTS].sort((a, b) => a - b),
    )
    const dates = await samples('/api/features/busca_teste/samples/d?limit=100')
    expect(dates.json<string[]>().sort()).toEqual([...TEST_DATES].sort())
  })

  it('refuses unknown fields, the geometry and bad limits; 404 for unreadable layers', async () => {
    const unknown = await samples('/api/features/busca_teste/samples/nada')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toEqual([{ field: 'field', message: 'Campo desconhecido: nada' }])
    const geom = await samples('/api/features/busca_teste/samples/geom')
    expect(geom.json().errors[0].message).toBe(
      'Não há amostras de valores para o campo de geometria.',
    )
    expect((await samples('/api/features/busca_teste/samples/s?limit=101')).statusCode).toBe(400)
    const denied = await samples('/api/features/ocorrencias/samples/tipo', t.user)
    const missing = await samples('/api/features/nao_existe/samples/tipo', t.user)
    expect(denied.statusCode).toBe(404)
    expect(denied.body).toBe(missing.body)
    expect(
      (await samples('/api/features/oae/samples/tipo', t.user)).json<string[]>().sort(),
    ).toEqual(['passarela', 'ponte', 'viaduto'])
  })
})

describe('POST /api/debug/getquery/{layer}', () => {
  const getquery = (layer: string, body: unknown, token = t.admin) =>
    t.post(`/api/debug/getquery/${layer}`, body, token)

  /** A tree with a quote, a backslash and every kind of literal. */
  const QUOTED = {
    type: 'group',
    operator: 'or',
    rules: [
      { type: 'rule', field: 's', operator: 'like', value: "o'cl%\\" },
      {
        type: 'group',
        operator: 'and',
        rules: [
          { type: 'rule', field: 'n', operator: 'ge', value: -2.5 },
          { type: 'rule', field: 'd', operator: 'lt', value: '2024-01-02' },
          { type: 'rule', field: 'geom', operator: 'isnull' },
          { type: 'rule', field: 'b', operator: 'ne', value: true },
        ],
      },
    ],
  }

  it('shows administrators the WHERE clause with literal values', async () => {
    const res = await getquery('busca_teste', QUOTED)
    expect(res.statusCode).toBe(200)
    expect(res.json().sql).toBe(
      `("s"::text ILIKE E'o''cl%\\\\\\\\'::text OR ("n"::float8 >= (-2.5)::float8 AND "d" < E'2024-01-02'::date AND "geom" IS NULL AND "b" <> true::boolean))`,
    )
    // The displayed SQL runs and selects what the search selects.
    const where = res.json().sql as string
    const { rows: direct } = await t.db.query<{ id: number }>(
      `SELECT id FROM data.busca_teste WHERE ${where} ORDER BY id`,
    )
    const viaSearch = await search(
      'busca_teste',
      {
        filter: QUOTED,
      },
      '?limit=1000',
    )
    expect(direct.map((r) => r.id)).toEqual(viaSearch.json().results.map((r: Row) => r.id))
    expect(
      (await getquery('busca_teste', { type: 'group', operator: 'and', rules: [] })).json(),
    ).toEqual({
      sql: 'true',
    })
  })

  it('is a 404 for everyone else, and refuses bad trees with 400s', async () => {
    const asUser = await getquery(
      'oae',
      { type: 'rule', field: 'km', operator: 'gt', value: 1 },
      t.user,
    )
    expect(asUser.statusCode).toBe(404)
    expect(asUser.json().message).toBe('Recurso não encontrado.')
    const bad = await getquery('busca_teste', {
      type: 'rule',
      field: 'x',
      operator: 'eq',
      value: 1,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0]).toEqual({
      field: 'filter.field',
      message: 'Campo desconhecido: x',
    })
    expect(
      (await getquery('nao_existe', { type: 'group', operator: 'and', rules: [] })).statusCode,
    ).toBe(404)
  })
})
