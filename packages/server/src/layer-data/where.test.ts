import fc from 'fast-check'
import {
  FILTER_LIMITS,
  FILTER_OPERATORS,
  OPERATORS_BY_TYPE,
  type AttributeType,
  type FilterNode,
  type FilterOperator,
} from '@gis/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluate, type Row, type Value } from '../../test/filter-model'
import { openTestDb, type TestDb } from '../../test/harness'
import { rowValues, type RowValueLists } from '../../test/test-rows'
import { layerFields, type CatalogueLayer } from './model'
import { parseFieldValue, SQL_CAST } from './values'
import { compileFilter, FilterError, SqlParams } from './where'
import { budget } from '../../test/slowdown'

// A layer table of every attribute type, with values chosen so that filters match some rows
// and with NULLs everywhere; the compiled SQL must select exactly what an evaluation in
// JavaScript (SQL's three-valued logic) selects.
const FIELDS: { name: string; type: AttributeType; sql: string }[] = [
  { name: 's', type: 'string', sql: 'varchar(40)' },
  { name: 'n', type: 'number', sql: 'double precision' },
  { name: 'i', type: 'number', sql: 'integer' },
  { name: 'k', type: 'number', sql: 'numeric(12,3)' },
  { name: 'b', type: 'boolean', sql: 'boolean' },
  { name: 'd', type: 'date', sql: 'date' },
  { name: 'dt', type: 'datetime', sql: 'timestamptz' },
  { name: 'tm', type: 'time', sql: 'time' },
]
/** What the rows' values are made of (and the filters' values, with others). */
const LISTS: RowValueLists = {
  strings: ['ponte', 'Ponte', 'PONTE 2', 'viaduto', 'passa_rela', '50%', "o'clock", '', 'a\\b'],
  numbers: [-1.5, 0, 2, 10, 12.25, 1000000],
  ints: [-3, 0, 1, 2, 42],
  dates: ['2020-02-29', '2023-01-01', '2024-12-31', '1999-07-04'],
  datetimes: ['2024-03-01T10:00:00.000Z', '2024-03-01T10:00:00.500Z', '2021-06-15T23:59:59.000Z'],
  times: ['00:00:00', '08:30:00', '12:00:01', '23:59:59'],
}

const LAYER: CatalogueLayer = {
  id: 999,
  name: 'filtro_teste',
  title: 'Filtro',
  tableSchema: 'data',
  tableName: 'filtro_teste',
  geometryType: 'point',
  queryable: true,
  managed: true,
  attributes: FIELDS.map((f) => ({
    name: f.name,
    type: f.type,
    maxLength: null,
    title: f.name,
    tooltip: '',
  })),
  layout: [],
  fieldsFormat: [],
  domains: {},
  style: {},
  extent: null,
  displayField: null,
  public: false,
  dataVersion: 1,
  dataChangedAt: new Date(0),
  legendVersion: 1,
}

let t: TestDb
let rows: Row[]

beforeAll(async () => {
  t = await openTestDb()
  await t.db.exec(`CREATE TABLE data.filtro_teste (
    id bigserial PRIMARY KEY, uuid uuid NOT NULL DEFAULT gen_random_uuid(),
    geom geometry(Point, 4326), d_e_l_e_t_ boolean NOT NULL DEFAULT false,
    m_o_d_i_f_ timestamptz NOT NULL DEFAULT now(),
    ${FIELDS.map((f) => `${f.name} ${f.sql}`).join(', ')})`)
  for (let i = 0; i < 60; i++) {
    await t.db.query(
      `INSERT INTO data.filtro_teste (geom, d_e_l_e_t_, s, n, i, k, b, d, dt, tm)
       VALUES (CASE WHEN $1::int % 7 = 0 THEN NULL ELSE ST_SetSRID(ST_MakePoint($1::int, 0), 4326) END,
               $1::int % 5 = 0, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [i, ...rowValues(i, LISTS)],
    )
  }
  const { rows: read } = await t.db.query<Record<string, unknown>>(
    `SELECT id, uuid::text AS uuid, geom IS NOT NULL AS has_geom, d_e_l_e_t_, s, n, i::float8 AS i,
            k::float8 AS k, b, d::text AS d,
            to_char(dt AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS dt, tm::text AS tm
       FROM data.filtro_teste ORDER BY id`,
  )
  rows = read as Row[]
})
afterAll(async () => {
  await t?.drop()
})

async function select(tree: unknown, opts: { internal?: boolean } = {}): Promise<number[]> {
  const params = new SqlParams()
  const where = compileFilter(LAYER, tree, params, opts)
  const { rows: got } = await t.db.query<{ id: number }>(
    `SELECT t.id FROM data.filtro_teste t WHERE ${where} ORDER BY t.id`,
    params.values,
  )
  return got.map((r) => r.id)
}

// ---- the evaluation in JavaScript (test/filter-model) ------------------------------------------

function columnValue(row: Row, field: string): Value {
  if (field === 'geom') return row.has_geom ? 'geom' : null
  return row[field] ?? null
}

const typeOf = (name: string) => layerFields(LAYER).find((f) => f.name === name)!.type

// ---- generators ------------------------------------------------------------------------------

const VALUES: Partial<Record<AttributeType, fc.Arbitrary<Value>>> = {
  string: fc.oneof(
    fc.constantFrom(...LISTS.strings, '%ont%', 'p_nte', '%\\%', 'PONTE%', '%'),
    fc.string({ maxLength: 6, unit: 'grapheme-ascii' }),
  ),
  number: fc.oneof(
    fc.constantFrom(...LISTS.numbers, ...LISTS.ints),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e7, max: 1e7 }),
    fc.constantFrom('2', '-1.5', '1e3'),
  ),
  boolean: fc.constantFrom(true, false, 'true', 'false', '1', '0'),
  date: fc.constantFrom(...LISTS.dates, '2020-03-01', '0001-01-01', '9999-12-31'),
  datetime: fc.oneof(
    fc.constantFrom(...LISTS.datetimes, '2024-03-01T07:00:00-03:00', '2024-03-01'),
    fc
      .date({ min: new Date('1990-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  ),
  time: fc.constantFrom(...LISTS.times, '08:30', '12:00:00.5'),
}

/** The layer's public fields and the four system fields a filter may name. */
const NAMED = layerFields(LAYER).filter(
  (f) => !f.internal && f.name !== 'uuid' && f.name !== 'm_o_d_i_f_',
)

const validRule: fc.Arbitrary<FilterNode> = fc.constantFrom(...NAMED).chain((field) =>
  fc.constantFrom(...OPERATORS_BY_TYPE[field.type]).chain((operator) =>
    operator === 'isnull' || operator === 'isnotnull'
      ? fc.constant<FilterNode>({ type: 'rule', field: field.name, operator })
      : VALUES[field.type]!.map((value): FilterNode => ({
          type: 'rule',
          field: field.name,
          operator,
          value,
        })),
  ),
)

const validTree = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    validRule,
    fc.record({
      type: fc.constant('group' as const),
      operator: fc.constantFrom('and' as const, 'or' as const),
      rules: fc.array(tie('node'), { maxLength: 4 }),
    }),
  ),
})).node

describe('compileFilter (the filter builder tree to SQL)', () => {
  it('selects exactly the rows an evaluation in JavaScript selects', async () => {
    let partial = 0
    await fc.assert(
      fc.asyncProperty(validTree, async (tree) => {
        const expected = rows
          .filter((r) => evaluate(tree, r, typeOf, columnValue) === true)
          .map((r) => r.id)
        if (expected.length > 0 && expected.length < rows.length) partial++
        expect(await select(tree)).toEqual(expected)
      }),
      { numRuns: 250 },
    )
    // The trees discriminate: most select some rows and leave others.
    expect(partial).toBeGreaterThan(100)
  })

  it('binds every value: no text of the client reaches the SQL', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('s', 'n', 'd', 'dt', 'tm', 'b'),
        fc.constantFrom<FilterOperator>(...FILTER_OPERATORS),
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom("'; DROP TABLE data.filtro_teste; --", "x' OR '1'='1", '$1', '\\'),
        ),
        async (field, operator, value) => {
          const params = new SqlParams()
          let where: string
          try {
            where = compileFilter(LAYER, { type: 'rule', field, operator, value }, params)
          } catch (err) {
            expect(err).toBeInstanceOf(FilterError)
            return
          }
          // Identifiers are quoted names of the catalogue; values are placeholders only.
          expect(where).toMatch(/^[\w."$:<>= ()]+$/)
          await t.db.query(`SELECT count(*) FROM data.filtro_teste t WHERE ${where}`, params.values)
        },
      ),
      { numRuns: 300 },
    )
    const { rows: n } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data.filtro_teste',
    )
    expect(n[0]!.n).toBe(60)
  })

  it('refuses unknown fields, internal fields, operators outside the type and bad values, in Portuguese', async () => {
    const refusal = (tree: unknown, opts: { internal?: boolean } = {}) => {
      try {
        compileFilter(LAYER, tree, new SqlParams(), opts)
      } catch (err) {
        expect(err).toBeInstanceOf(FilterError)
        return (err as FilterError).problem.path + ': ' + (err as Error).message
      }
      return 'accepted'
    }
    expect(refusal({ type: 'rule', field: 'nada', operator: 'eq', value: 1 })).toBe(
      'filter.field: Campo desconhecido: nada',
    )
    expect(refusal({ type: 'rule', field: 'd_e_l_e_t_', operator: 'eq', value: true })).toBe(
      'filter.field: Campo desconhecido: d_e_l_e_t_',
    )
    expect(
      refusal(
        { type: 'rule', field: 'd_e_l_e_t_', operator: 'eq', value: true },
        { internal: true },
      ),
    ).toBe('accepted')
    expect(refusal({ type: 'rule', field: 's', operator: 'lt', value: 'a' })).toBe(
      'filter.operator: O operador < não pode ser usado com o campo s.',
    )
    expect(refusal({ type: 'rule', field: 'geom', operator: 'eq', value: 'x' })).toBe(
      'filter.operator: O operador = não pode ser usado com o campo geom.',
    )
    expect(refusal({ type: 'rule', field: 'n', operator: 'like', value: '1%' })).toBe(
      'filter.operator: O operador ILIKE não pode ser usado com o campo n.',
    )
    expect(refusal({ type: 'rule', field: 'b', operator: 'gt', value: true })).toMatch(
      /O operador > não pode ser usado com o campo b/,
    )
    expect(
      refusal({
        type: 'group',
        operator: 'and',
        rules: [{ type: 'rule', field: 'd', operator: 'eq', value: '2023-02-30' }],
      }),
    ).toBe('filter.rules.0.value: Valor inválido para o campo d: Data inválida (use AAAA-MM-DD)')
    expect(refusal({ type: 'rule', field: 'n', operator: 'eq', value: 'dez' })).toBe(
      'filter.value: Valor inválido para o campo n: Informe um número',
    )
    expect(refusal({ type: 'rule', field: 'n', operator: 'eq' })).toBe(
      'filter.value: Informe um valor para o campo n.',
    )
    expect(refusal({ type: 'rule', field: 'n', operator: 'between', value: 1 })).toBe(
      'filter.operator: Operador desconhecido: between',
    )
    expect(refusal({ type: 'group', operator: 'xor', rules: [] })).toBe(
      'filter.operator: Filtro inválido.',
    )
    expect(refusal('s = 1')).toBe('filter: Filtro inválido.')
    try {
      compileFilter(
        LAYER,
        { type: 'rule', field: 'n', operator: 'eq', value: 'x' },
        new SqlParams(),
      )
    } catch (err) {
      const http = (err as FilterError).toHttpError()
      expect(http.statusCode).toBe(400)
      expect(http.errors).toEqual([
        { field: 'filter.value', message: 'Valor inválido para o campo n: Informe um número' },
      ])
    }
  })

  it('enforces the limits: depth, number of nodes, size of a value', () => {
    const nest = (depth: number): FilterNode =>
      depth === 1
        ? { type: 'rule', field: 'n', operator: 'isnull' }
        : { type: 'group', operator: 'and', rules: [nest(depth - 1)] }
    const compile = (tree: unknown) => compileFilter(LAYER, tree, new SqlParams())
    expect(() => compile(nest(FILTER_LIMITS.maxDepth))).not.toThrow()
    expect(() => compile(nest(FILTER_LIMITS.maxDepth + 1))).toThrow(
      'Filtro com níveis demais (máximo de 16).',
    )
    // A deeper tree than any stack could walk is refused as quickly.
    let deep: unknown = { type: 'rule', field: 'n', operator: 'isnull' }
    for (let i = 0; i < 100_000; i++) deep = { type: 'group', operator: 'or', rules: [deep] }
    expect(() => compile(deep)).toThrow(FilterError)
    const wide = (n: number) => ({
      type: 'group',
      operator: 'or',
      rules: Array.from({ length: n }, () => ({ type: 'rule', field: 'n', operator: 'isnull' })),
    })
    expect(() => compile(wide(FILTER_LIMITS.maxNodes - 1))).not.toThrow()
    expect(() => compile(wide(FILTER_LIMITS.maxNodes))).toThrow(
      'Filtro com regras e grupos demais (máximo de 256).',
    )
    const started = Date.now()
    expect(() => compile(wide(1_000_000))).toThrow(FilterError)
    expect(Date.now() - started).toBeLessThan(budget(1000))
    const value = (s: string) => compile({ type: 'rule', field: 's', operator: 'eq', value: s })
    expect(() => value('x'.repeat(FILTER_LIMITS.maxValueBytes))).not.toThrow()
    expect(() => value('é'.repeat(FILTER_LIMITS.maxValueBytes / 2 + 1))).toThrow(
      'Valor longo demais no filtro (máximo de 4096 bytes).',
    )
  })

  it('compiles through the one operator table: the SQL of each operator', () => {
    const sql = (field: string, operator: FilterOperator, value?: unknown) => {
      const params = new SqlParams()
      return [compileFilter(LAYER, { type: 'rule', field, operator, value }, params), params.values]
    }
    expect(sql('n', 'ge', '2')).toEqual(['t."n"::float8 >= $1::float8', [2]])
    expect(sql('s', 'ne', 'x')).toEqual(['t."s"::text <> $1::text', ['x']])
    expect(sql('s', 'like', '%x%')).toEqual(['t."s"::text ILIKE $1::text', ['%x%']])
    expect(sql('d', 'lt', '2024-01-02')).toEqual(['t."d" < $1::date', ['2024-01-02']])
    expect(sql('geom', 'isnotnull')).toEqual(['t."geom" IS NOT NULL', []])
    const params = new SqlParams()
    expect(
      compileFilter(
        LAYER,
        {
          type: 'group',
          operator: 'or',
          rules: [
            { type: 'rule', field: 'b', operator: 'eq', value: true },
            {
              type: 'group',
              operator: 'and',
              rules: [
                { type: 'rule', field: 'i', operator: 'gt', value: 1 },
                { type: 'rule', field: 'tm', operator: 'isnull' },
              ],
            },
          ],
        },
        params,
      ),
    ).toBe('(t."b" = $1::boolean OR (t."i"::float8 > $2::float8 AND t."tm" IS NULL))')
  })
})

describe('value rules (property)', () => {
  const TYPES = ['number', 'boolean', 'date', 'datetime', 'time', 'string'] as const
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.stringMatching(/^[0-9:TZ+. -]{0,30}$/),
    fc.constantFrom(
      '2024-02-29',
      '2023-02-29',
      '0000-01-01',
      '10000-01-01',
      '2024-13-01',
      '2024-01-01T24:00:00',
      '2024-01-01T23:59:60',
      '2024-01-01T10:00:00+15:00',
      '2024-01-01 10:00:00.123456789-03:00',
      '24:00:00',
      '23:59:59.999999',
      '1e400',
      '-0',
      '.5',
      'NaN',
      'Infinity',
      '\u0000',
    ),
  )

  it('accepts only what PostgreSQL accepts for the column type, so no bad value reaches it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TYPES),
        fc.oneof(text, fc.double(), fc.boolean(), fc.integer()),
        async (type, raw) => {
          const parsed = parseFieldValue(type, raw)
          if (!parsed.ok || parsed.value === null) return
          await t.db.query(`SELECT $1::${SQL_CAST[type]} AS v`, [parsed.value])
        },
      ),
      { numRuns: 600 },
    )
  })

  it('keeps the meaning of what it accepts', () => {
    expect(parseFieldValue('number', ' 12.5 ')).toEqual({ ok: true, value: 12.5 })
    expect(parseFieldValue('number', '')).toEqual({ ok: true, value: null })
    expect(parseFieldValue('number', 'doze')).toMatchObject({ ok: false, key: 'values.number' })
    expect(parseFieldValue('boolean', '0')).toEqual({ ok: true, value: false })
    expect(parseFieldValue('date', '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' })
    expect(parseFieldValue('date', '2023-02-29')).toMatchObject({ ok: false, key: 'values.date' })
    expect(parseFieldValue('datetime', '2024-03-01 10:00:00Z')).toEqual({
      ok: true,
      value: '2024-03-01T10:00:00Z',
    })
    expect(parseFieldValue('time', '25:00')).toMatchObject({ ok: false, key: 'values.time' })
    expect(parseFieldValue('string', 'abcdef', { maxLength: 5 })).toMatchObject({
      ok: false,
      key: 'values.tooLong',
      params: { max: 5 },
    })
    expect(parseFieldValue('string', '', { maxLength: 5 })).toEqual({ ok: true, value: '' })
  })
})
