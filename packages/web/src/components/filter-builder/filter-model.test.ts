import { describe, expect, it } from 'vitest'
import {
  addGroup,
  addRule,
  autoLogic,
  detachRule,
  EMPTY_FILTER,
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
]
const [id, nome, ativo, geom] = fields as [BuilderField, BuilderField, BuilderField, BuilderField]

describe('filter builder model', () => {
  it('starts a rule with the first operator of its type and the default value', () => {
    const s = addRule(addRule(addRule(EMPTY_FILTER, id), nome), geom)
    expect(s.rules.map((r) => [r.operator, r.value])).toEqual([
      ['eq', 0],
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
