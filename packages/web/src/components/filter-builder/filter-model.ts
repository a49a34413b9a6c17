import {
  defaultRuleValue,
  FILTER_COMBINATORS,
  FILTER_OPERATORS,
  OPERATORS_BY_TYPE,
  operatorTakesValue,
  type FilterCombinator,
  type FilterFieldType,
  type FilterGroup,
  type FilterNode,
  type FilterOperator,
} from '@gis/shared/filters'
import { brProblem, brText, brValue, isBrKind } from '../br-input/br-text'

/**
 * The filter builder's model (spec 3, sections 2, 4 and 5), pure and serialisable so that a
 * window keeps it in its saved state. Rules live in one numbered list (R1, R2, …); the logic is
 * a tree of groups that refer to rules by id. A rule the logic does not refer to is an orphan:
 * flagged, and left out of the serialised query.
 */

/**
 * A rule's value: the text the user typed for numbers, dates and times (read the Brazilian
 * way when the query is built: `1.234,5`, dd/mm/aaaa, decision 63), a boolean, or a text.
 * A number is a value kept from before the typed texts (a window's saved state).
 */
export type RuleValue = string | number | boolean | null

export interface BuilderRule {
  id: string
  field: string
  operator: FilterOperator
  value: RuleValue
}

export interface LogicGroup {
  kind: 'group'
  id: string
  operator: FilterCombinator
  children: LogicNode[]
}
export type LogicNode = LogicGroup | { kind: 'rule'; ruleId: string }

export type BuilderMode = 'basic' | 'advanced'

export interface FilterBuilderState {
  rules: BuilderRule[]
  logic: LogicGroup
  /** The next id given to a rule or a group (ids are never reused, so rule numbers are stable). */
  next: number
}

/** A field the builder offers: its name, title and the operator set of its type. */
export interface BuilderField {
  name: string
  title: string
  type: FilterFieldType
  /** Values of a value list (selectable domain), suggested first. */
  domain?: readonly (string | number)[]
  /** The only values, each with its label: the value is picked from a list (audit actions). */
  choices?: readonly { value: string; label: string }[]
}

export const EMPTY_FILTER: FilterBuilderState = {
  rules: [],
  logic: { kind: 'group', id: 'g0', operator: 'or', children: [] },
  next: 1,
}

/** The operator a rule keeps when its field changes: the same if allowed, else the first. */
export function operatorFor(type: FilterFieldType, current?: FilterOperator): FilterOperator {
  const allowed = OPERATORS_BY_TYPE[type]
  return current && allowed.includes(current) ? current : allowed[0]!
}

export function newRule(id: string, field: BuilderField): BuilderRule {
  const value = defaultRuleValue(field.type)
  return {
    id,
    field: field.name,
    operator: operatorFor(field.type),
    value:
      field.type === 'boolean' ? true : isBrKind(field.type) ? brText(field.type, value) : value,
  }
}

/** A rule's value as its input shows it: a number kept from a saved state the Brazilian way. */
export function ruleText(field: BuilderField, value: RuleValue): string {
  if (value === null) return ''
  return typeof value === 'number' && isBrKind(field.type)
    ? brText(field.type, value)
    : String(value)
}

/** A rule's value as the server takes it: the typed text of a number, date or time parsed. */
function ruleValue(field: BuilderField | undefined, value: RuleValue): RuleValue {
  if (!field || !isBrKind(field.type) || typeof value !== 'string') return value
  // What does not parse goes as typed: the server refuses it (filterProblems stops it first).
  return brValue(field.type, value) ?? value
}

/**
 * The rules of the logic whose typed value does not read as a value of their field's type
 * (`11.5` for a number, `31/02/2024` for a date), by rule id, each with its message: shown
 * under the input, and the query is not run while there is one.
 */
export function filterProblems(
  state: FilterBuilderState,
  fields: readonly BuilderField[],
): Map<string, string> {
  const used = ruleIdsInLogic(state.logic)
  const problems = new Map<string, string>()
  for (const rule of state.rules) {
    const field = fields.find((f) => f.name === rule.field)
    const problem = field && ruleProblem(field, rule)
    if (used.has(rule.id) && problem) problems.set(rule.id, problem)
  }
  return problems
}

/** The problem of one rule's typed value, or undefined. */
export function ruleProblem(field: BuilderField, rule: Pick<BuilderRule, 'operator' | 'value'>) {
  if (!operatorTakesValue(rule.operator) || !isBrKind(field.type)) return undefined
  if (typeof rule.value !== 'string') return undefined
  return brProblem(field.type, rule.value)
}

/** Every rule id the logic refers to. */
export function ruleIdsInLogic(node: LogicNode, into = new Set<string>()): Set<string> {
  if (node.kind === 'rule') into.add(node.ruleId)
  else for (const child of node.children) ruleIdsInLogic(child, into)
  return into
}

/** Rules the logic does not refer to (flagged, and dropped at search). */
export function orphanRules(state: FilterBuilderState): BuilderRule[] {
  const used = ruleIdsInLogic(state.logic)
  return state.rules.filter((r) => !used.has(r.id))
}

/** The logic of the auto-generated basic mode: every rule in one OR group. */
export function autoLogic(state: FilterBuilderState): FilterBuilderState {
  return {
    ...state,
    logic: {
      kind: 'group',
      id: state.logic.id,
      operator: 'or',
      children: state.rules.map((r) => ({ kind: 'rule', ruleId: r.id })),
    },
  }
}

/** Adds a rule on `field` to the group `groupId` (the root by default). */
export function addRule(
  state: FilterBuilderState,
  field: BuilderField,
  groupId = state.logic.id,
): FilterBuilderState {
  const rule = newRule(`r${state.next}`, field)
  return {
    rules: [...state.rules, rule],
    logic: mapGroup(state.logic, groupId, (g) => ({
      ...g,
      children: [...g.children, { kind: 'rule', ruleId: rule.id }],
    })),
    next: state.next + 1,
  }
}

export function addGroup(state: FilterBuilderState, parentId: string): FilterBuilderState {
  const group: LogicGroup = { kind: 'group', id: `g${state.next}`, operator: 'and', children: [] }
  return {
    ...state,
    logic: mapGroup(state.logic, parentId, (g) => ({ ...g, children: [...g.children, group] })),
    next: state.next + 1,
  }
}

/** Removes a group with the rules inside it. */
export function removeGroup(state: FilterBuilderState, groupId: string): FilterBuilderState {
  let removed: LogicNode | undefined
  const strip = (g: LogicGroup): LogicGroup => ({
    ...g,
    children: g.children
      .filter((c) => {
        if (c.kind === 'group' && c.id === groupId) {
          removed = c
          return false
        }
        return true
      })
      .map((c) => (c.kind === 'group' ? strip(c) : c)),
  })
  const logic = strip(state.logic)
  if (!removed) return state
  const gone = ruleIdsInLogic(removed)
  return { ...state, logic, rules: state.rules.filter((r) => !gone.has(r.id)) }
}

export function removeRule(state: FilterBuilderState, ruleId: string): FilterBuilderState {
  return {
    ...state,
    rules: state.rules.filter((r) => r.id !== ruleId),
    logic: detach(state.logic, ruleId),
  }
}

/** Takes a rule out of the logic (it stays in the list, as an orphan). */
export function detachRule(state: FilterBuilderState, ruleId: string): FilterBuilderState {
  return { ...state, logic: detach(state.logic, ruleId) }
}

export function attachRule(
  state: FilterBuilderState,
  ruleId: string,
  groupId = state.logic.id,
): FilterBuilderState {
  return {
    ...state,
    logic: mapGroup(state.logic, groupId, (g) => ({
      ...g,
      children: [...g.children, { kind: 'rule', ruleId }],
    })),
  }
}

export function setCombinator(
  state: FilterBuilderState,
  groupId: string,
  operator: FilterCombinator,
): FilterBuilderState {
  return { ...state, logic: mapGroup(state.logic, groupId, (g) => ({ ...g, operator })) }
}

/** Changes a rule: a new field keeps the operator if the new type allows it, else the first. */
export function updateRule(
  state: FilterBuilderState,
  ruleId: string,
  change: Partial<Omit<BuilderRule, 'id'>>,
  fields: readonly BuilderField[],
): FilterBuilderState {
  return {
    ...state,
    rules: state.rules.map((r) => {
      if (r.id !== ruleId) return r
      if (change.field !== undefined && change.field !== r.field) {
        const field = fields.find((f) => f.name === change.field)
        if (!field) return r
        const fresh = newRule(r.id, field)
        return { ...fresh, operator: operatorFor(field.type, r.operator) }
      }
      return { ...r, ...change }
    }),
  }
}

/** The rule's number as the builder shows it (R1, R2, …): its position in the list. */
export function ruleNumber(state: FilterBuilderState, ruleId: string): number {
  return state.rules.findIndex((r) => r.id === ruleId) + 1
}

function mapGroup(group: LogicGroup, id: string, fn: (g: LogicGroup) => LogicGroup): LogicGroup {
  const self = group.id === id ? fn(group) : group
  return {
    ...self,
    children: self.children.map((c) => (c.kind === 'group' ? mapGroup(c, id, fn) : c)),
  }
}

function detach(group: LogicGroup, ruleId: string): LogicGroup {
  return {
    ...group,
    children: group.children
      .filter((c) => !(c.kind === 'rule' && c.ruleId === ruleId))
      .map((c) => (c.kind === 'group' ? detach(c, ruleId) : c)),
  }
}

/**
 * The serialised query the server takes (groups `{type:'group', id, operator, rules}` and rules
 * `{type:'rule', id, field, operator, value}`): only what the logic refers to. Rules whose
 * field the layer no longer has and empty groups are left out; no rule at all gives undefined
 * (the search brings every row).
 */
export function toFilterTree(
  state: FilterBuilderState,
  fields: readonly BuilderField[],
): FilterGroup | undefined {
  const byId = new Map(state.rules.map((r) => [r.id, r]))
  const byName = new Map(fields.map((f) => [f.name, f]))
  const build = (group: LogicGroup): FilterGroup | undefined => {
    const rules: FilterNode[] = []
    for (const child of group.children) {
      if (child.kind === 'group') {
        const sub = build(child)
        if (sub) rules.push(sub)
        continue
      }
      const rule = byId.get(child.ruleId)
      if (!rule || !byName.has(rule.field)) continue
      rules.push(
        operatorTakesValue(rule.operator)
          ? {
              type: 'rule',
              id: rule.id,
              field: rule.field,
              operator: rule.operator,
              value: ruleValue(byName.get(rule.field), rule.value),
            }
          : { type: 'rule', id: rule.id, field: rule.field, operator: rule.operator },
      )
    }
    return rules.length
      ? { type: 'group', id: group.id, operator: group.operator, rules }
      : undefined
  }
  return build(state.logic)
}

/** Checks a restored builder state (a window's saved state); throws when it is malformed. */
export function parseFilterBuilderState(value: unknown): FilterBuilderState {
  const s = value as FilterBuilderState
  const okRule = (r: BuilderRule) =>
    typeof r === 'object' &&
    r !== null &&
    typeof r.id === 'string' &&
    typeof r.field === 'string' &&
    FILTER_OPERATORS.includes(r.operator) &&
    (r.value === null || ['string', 'number', 'boolean'].includes(typeof r.value))
  const okNode = (n: LogicNode, depth: number): boolean =>
    depth < 32 &&
    typeof n === 'object' &&
    n !== null &&
    (n.kind === 'rule'
      ? typeof n.ruleId === 'string'
      : n.kind === 'group' &&
        typeof n.id === 'string' &&
        FILTER_COMBINATORS.includes(n.operator) &&
        Array.isArray(n.children) &&
        n.children.every((c) => okNode(c, depth + 1)))
  if (
    typeof s !== 'object' ||
    s === null ||
    !Array.isArray(s.rules) ||
    !s.rules.every(okRule) ||
    !Number.isInteger(s.next) ||
    !okNode(s.logic, 0) ||
    s.logic.kind !== 'group'
  ) {
    throw new Error('filter builder state')
  }
  return s
}
