import { describe, expect, it } from 'vitest'
import {
  addGroup,
  addRule,
  autoLogic,
  detachRule,
  EMPTY_FILTER,
  filterProblems,
  orphanRules,
  parseFilterBuilderState,
  removeGroup,
  setCombinator,
  toFilterTree,
  updateRule,
  type BuilderField,
} from './filter-model'

const fields: BuilderField[] = [
  { name: 'id', title: 'Id', type: 'number' },
  { name: 'nome', title: 'Nome', type: 'string' },
  { name: 'ativo', title: 'Ativo', type: 'boolean' },
  { name: 'geom', title: 'Geometria', type: 'geometry' },
  { name: 'largura', title: 'Largura', type: 'number' },
  { name: 'data', title: 'Data', type: 'date' },
  { name: 'hora', title: 'Hora', type: 'time' },
  { name: 'quando', title: 'Quando', type: 'datetime' },
]
const [id, nome, ativo, geom, largura, data, hora, quando] = fields as BuilderField[] as [
  BuilderField,
  BuilderField,
  BuilderField,
  BuilderField,
  BuilderField,
  BuilderField,
  BuilderField,
  BuilderField,
]

describe('filter builder model', () => {
  it('starts a rule with the first operator of its type and the default value', () => {
    const s = addRule(addRule(addRule(EMPTY_FILTER, id), nome), geom)
    // A number's value is the text its input holds: the default 0 as typed.
    expect(s.rules.map((r) => [r.operator, r.value])).toEqual([
      ['eq', '0'],
      ['eq', ''],
      ['isnull', ''],
    ])
  })

  it('keeps the operator on a new field when the type allows it, else takes the first', () => {
    let s = addRule(EMPTY_FILTER, id)
    s = updateRule(s, 'r1', { operator: 'ne' }, fields)
    s = updateRule(s, 'r1', { field: 'nome' }, fields)
    expect(s.rules[0]).toMatchObject({ field: 'nome', operator: 'ne', value: '' })
    s = updateRule(s, 'r1', { operator: 'like' }, fields)
    s = updateRule(s, 'r1', { field: 'ativo' }, fields)
    expect(s.rules[0]).toMatchObject({ field: 'ativo', operator: 'eq', value: true })
  })

  it('auto-generates one OR group of every rule', () => {
    let s = addRule(addRule(EMPTY_FILTER, id), nome)
    s = autoLogic(setCombinator(detachRule(s, 'r1'), 'g0', 'and'))
    expect(toFilterTree(s, fields)).toEqual({
      type: 'group',
      id: 'g0',
      operator: 'or',
      rules: [
        { type: 'rule', id: 'r1', field: 'id', operator: 'eq', value: 0 },
        { type: 'rule', id: 'r2', field: 'nome', operator: 'eq', value: '' },
      ],
    })
  })

  it('flags rules outside the logic and leaves them out of the query', () => {
    const s = detachRule(addRule(addRule(EMPTY_FILTER, id), ativo), 'r2')
    expect(orphanRules(s).map((r) => r.id)).toEqual(['r2'])
    expect(toFilterTree(s, fields)?.rules).toHaveLength(1)
  })

  it('nests groups, drops empty ones, and removes a group with its rules', () => {
    let s = addRule(EMPTY_FILTER, id)
    s = addGroup(s, 'g0')
    s = addRule(s, nome, 'g2')
    s = addGroup(s, 'g0') // empty: left out
    const tree = toFilterTree(s, fields)
    expect(tree?.rules).toHaveLength(2)
    expect(tree?.rules[1]).toMatchObject({ type: 'group', rules: [{ field: 'nome' }] })
    s = removeGroup(s, 'g2')
    expect(s.rules.map((r) => r.id)).toEqual(['r1'])
  })

  it('gives no query without rules, and none for a field the layer lost', () => {
    expect(toFilterTree(EMPTY_FILTER, fields)).toBeUndefined()
    expect(toFilterTree(addRule(EMPTY_FILTER, id), fields.slice(1))).toBeUndefined()
  })

  it('sends typed numbers, dates and times parsed the Brazilian way (decision 63)', () => {
    let s = EMPTY_FILTER
    for (const f of [largura, largura, data, hora, quando, nome]) s = addRule(s, f)
    const typed = ['11,5', '1.234,56', '26/11/2026', '9:05', '26/11/2026 14:05:09', '1.234,5']
    typed.forEach((value, i) => (s = updateRule(s, `r${i + 1}`, { value }, fields)))
    s = autoLogic(s)
    expect(filterProblems(s, fields).size).toBe(0)
    expect(toFilterTree(s, fields)?.rules.map((r) => (r.type === 'rule' ? r.value : r))).toEqual([
      11.5,
      1234.56,
      '2026-11-26',
      '09:05:00',
      new Date(2026, 10, 26, 14, 5, 9).toISOString(),
      '1.234,5', // a text stays a text
    ])
  })

  it('flags a typed value that does not parse, only in rules of the logic', () => {
    let s = addRule(addRule(addRule(EMPTY_FILTER, largura), data), largura)
    s = updateRule(s, 'r1', { value: '11.5' }, fields)
    s = updateRule(s, 'r2', { value: '31/02/2024' }, fields)
    s = updateRule(s, 'r3', { value: 'abc' }, fields)
    s = updateRule(s, 'r3', { operator: 'isnull' }, fields)
    const problems = filterProblems(s, fields)
    expect([...problems.keys()]).toEqual(['r1', 'r2'])
    expect(problems.get('r1')).toBe('Número inválido: use vírgula para os decimais (ex.: 1.234,5)')
    expect(problems.get('r2')).toBe('Data inválida (use dd/mm/aaaa)')
    expect(filterProblems(detachRule(detachRule(s, 'r1'), 'r2'), fields).size).toBe(0)
  })

  it('keeps a number of a saved state a number', () => {
    const s = updateRule(addRule(EMPTY_FILTER, largura), 'r1', { value: 12.4 }, fields)
    expect(filterProblems(s, fields).size).toBe(0)
    expect(toFilterTree(s, fields)?.rules[0]).toMatchObject({ value: 12.4 })
  })

  it('refuses a malformed saved state', () => {
    expect(parseFilterBuilderState(addRule(EMPTY_FILTER, id))).toBeTruthy()
    expect(() => parseFilterBuilderState({ rules: 'x' })).toThrow()
    expect(() =>
      parseFilterBuilderState({
        ...EMPTY_FILTER,
        rules: [{ id: 'r1', field: 'a', operator: 'drop' }],
      }),
    ).toThrow()
  })
})
