import { describe, expect, it } from 'vitest'
import { t } from '../i18n/messages'
import {
  COMBINATOR_SQL,
  defaultRuleValue,
  FILTER_LIMITS,
  OPERATOR_SQL,
  OPERATORS_BY_TYPE,
  operatorTakesValue,
} from './operators'
import { readFilterTree } from './tree'

describe('filter operator table (spec 3, section 5)', () => {
  it('offers the operators of each field type, word for word', () => {
    expect(OPERATORS_BY_TYPE).toEqual({
      string: ['eq', 'ne', 'like', 'isnull', 'isnotnull'],
      number: ['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'isnull', 'isnotnull'],
      datetime: ['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'isnull', 'isnotnull'],
      date: ['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'isnull', 'isnotnull'],
      time: ['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'isnull', 'isnotnull'],
      'audit-action': ['eq', 'ne'],
      layer: ['eq', 'ne'],
      boolean: ['eq', 'ne'],
      geometry: ['isnull', 'isnotnull'],
    })
    expect(Object.values(COMBINATOR_SQL)).toEqual(['AND', 'OR'])
    expect(Object.values(OPERATOR_SQL)).toEqual([
      '=',
      '<>',
      '<',
      '>',
      '<=',
      '>=',
      'ILIKE',
      'IS NULL',
      'IS NOT NULL',
    ])
    expect(operatorTakesValue('isnull')).toBe(false)
    expect(operatorTakesValue('like')).toBe(true)
    expect(defaultRuleValue('number')).toBe(0)
    expect(defaultRuleValue('string')).toBe('')
  })

  it('reads the serialised query, groups under rules or groups, within the limits', () => {
    const read = readFilterTree({
      type: 'group',
      id: 'g1',
      operator: 'and',
      rules: [{ type: 'rule', id: 'r1', field: 'km', operator: 'gt', value: 10 }],
      groups: [{ type: 'group', operator: 'or', rules: [] }],
    })
    expect(read).toEqual({
      ok: true,
      tree: {
        type: 'group',
        id: 'g1',
        operator: 'and',
        rules: [
          { type: 'rule', id: 'r1', field: 'km', operator: 'gt', value: 10 },
          { type: 'group', operator: 'or', rules: [] },
        ],
      },
    })
    const refused = readFilterTree({ type: 'rule', field: 'km', operator: 'gt' })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.problem.path).toBe('filter.value')
      expect(t(refused.problem.key, refused.problem.params)).toBe(
        'Informe um valor para o campo km.',
      )
    }
    const long = readFilterTree({
      type: 'rule',
      field: 'nome',
      operator: 'eq',
      value: 'x'.repeat(FILTER_LIMITS.maxValueBytes + 1),
    })
    expect(long.ok).toBe(false)
  })
})
