import type { FilterGroup, FilterNode, FilterRule } from '@gis/shared/filters'
import { t, tn, type MessageKey } from '@gis/shared/i18n'
import { attributeText } from '../attribute-text'
import type { BuilderField } from './filter-model'

/**
 * How a query's rules combine, said in words (issue 42): a basic search joins its rules with OU
 * (spec 3 §4), and a user who meant E must not be able to miss it. One rule, every rule (E),
 * any of them (OU), or a nesting written out with its parentheses.
 */
export type Combination =
  | { kind: 'none' }
  | { kind: 'one'; rules: string[] }
  | { kind: 'any' | 'all'; rules: string[] }
  | { kind: 'nested'; text: string }

const word = (op: 'and' | 'or') => t(op === 'and' ? 'filterBuilder.and' : 'filterBuilder.or')

/** A group's expression, its subgroups in parentheses (`(R1 E R2) OU R3`). */
function expression(group: FilterGroup, ruleText: (rule: FilterRule) => string): string {
  return group.rules
    .map((n: FilterNode) =>
      n.type === 'rule'
        ? ruleText(n)
        : n.rules.length > 1
          ? `(${expression(n, ruleText)})`
          : expression(n, ruleText),
    )
    .join(` ${word(group.operator)} `)
}

/** How the rules of `query` combine; `ruleText` names one rule (R1, or the rule in words). */
export function combination(
  query: FilterGroup | undefined,
  ruleText: (rule: FilterRule) => string,
): Combination {
  if (!query || query.rules.length === 0) return { kind: 'none' }
  if (query.rules.some((n) => n.type === 'group')) {
    return { kind: 'nested', text: expression(query, ruleText) }
  }
  const rules = (query.rules as FilterRule[]).map(ruleText)
  if (rules.length === 1) return { kind: 'one', rules }
  return { kind: query.operator === 'and' ? 'all' : 'any', rules }
}

const SENTENCES: Record<Combination['kind'], MessageKey> = {
  none: 'filterBuilder.says.none',
  one: 'filterBuilder.says.one',
  any: 'filterBuilder.says.any',
  all: 'filterBuilder.says.all',
  nested: 'filterBuilder.says.nested',
}

/** The builder's sentence: 'A busca traz os registros que atendem a qualquer uma das regras (R1 OU R2).' */
export function combinationSentence(c: Combination): string {
  if (c.kind === 'none') return t(SENTENCES.none)
  const rules =
    c.kind === 'nested' ? c.text : c.rules.join(` ${word(c.kind === 'all' ? 'and' : 'or')} `)
  return t(SENTENCES[c.kind], { rules })
}

/** A rule in words, as the export dialog says it: 'Comprimento maior que 30,5'. */
export function ruleInWords(rule: FilterRule, fields: readonly BuilderField[]): string {
  const field = fields.find((f) => f.name === rule.field)
  const title = field?.title ?? rule.field
  const op =
    rule.operator === 'like'
      ? t('filterBuilder.opShort.like')
      : t(`filterBuilder.op.${rule.operator}` as MessageKey)
  if (rule.operator === 'isnull' || rule.operator === 'isnotnull') return `${title} ${op}`
  const choice = field?.choices?.find((c) => c.value === rule.value)?.label
  const type = field?.type === 'layer' || field?.type === 'audit-action' ? 'string' : field?.type
  return `${title} ${op} ${choice ?? attributeText(rule.value, type)}`
}

const EXPORT_LOGIC: Record<Exclude<Combination['kind'], 'none'>, MessageKey> = {
  one: 'export.logic.one',
  any: 'export.logic.any',
  all: 'export.logic.all',
  nested: 'export.logic.nested',
}

/**
 * What an export of a search takes, said with its count and its logic in words: 'Serão
 * exportados 53 registros, que atendem a qualquer uma das regras: Comprimento maior que 30,5
 * OU Tipo igual a ponte.'
 */
export function exportScopeSentence(
  query: FilterGroup | undefined,
  fields: readonly BuilderField[],
  count: number,
): string {
  const c = combination(query, (r) => ruleInWords(r, fields))
  if (c.kind === 'none') {
    return tn('export.scopeEverything.one', 'export.scopeEverything.other', count)
  }
  const rules =
    c.kind === 'nested' ? c.text : c.rules.join(` ${word(c.kind === 'all' ? 'and' : 'or')} `)
  return tn('export.scopeRules.one', 'export.scopeRules.other', count, {
    logic: t(EXPORT_LOGIC[c.kind], { rules }),
  })
}
