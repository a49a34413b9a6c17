import { t } from '@gis/shared/i18n'
import type { EnvironmentVariable, ReportTemplate } from '@gis/shared/reports'
import { EXPORT_HIDDEN_SYSTEM_FIELDS } from '@gis/shared/search'

const HIDDEN: ReadonlySet<string> = new Set(EXPORT_HIDDEN_SYSTEM_FIELDS)

/**
 * The 'Variáveis de Ambiente' dialog's rules: a new variable starts empty; on confirmation an
 * empty name becomes 'variable{n}' and an empty description 'Nova Variável {n}' (n: its place).
 */
export function normalizeVariables(variables: EnvironmentVariable[]): EnvironmentVariable[] {
  return variables.map((v, i) => ({
    value: v.value.trim() || t('designer.variableDefault', { n: i + 1 }),
    title: v.title.trim() || t('designer.variableTitleDefault', { n: i + 1 }),
  }))
}

export function addVariable(variables: EnvironmentVariable[]): EnvironmentVariable[] {
  return [...variables, { value: '', title: '' }]
}

export function removeVariable(
  variables: EnvironmentVariable[],
  index: number,
): EnvironmentVariable[] {
  return variables.filter((_, i) => i !== index)
}

export function editVariable(
  variables: EnvironmentVariable[],
  index: number,
  change: Partial<EnvironmentVariable>,
): EnvironmentVariable[] {
  return variables.map((v, i) => (i === index ? { ...v, ...change } : v))
}

/**
 * 'Associar Layer': the layer's fields become variables (names not already there; not the
 * geometry nor the hidden system columns uuid, d_e_l_e_t_, m_o_d_i_f_).
 */
export function associateLayer(
  variables: EnvironmentVariable[],
  fields: { name: string; title: string }[],
): EnvironmentVariable[] {
  const known = new Set(variables.map((v) => v.value.trim()))
  const added = fields
    .filter((f) => !known.has(f.name) && !HIDDEN.has(f.name))
    .map((f) => ({ value: f.name, title: f.title || f.name }))
  return [...variables, ...added]
}

/** The template with the dialog's variables and associated layer. */
export function withVariables(
  template: ReportTemplate,
  variables: EnvironmentVariable[],
  layer: string | null | undefined,
): ReportTemplate {
  return { ...template, variables: normalizeVariables(variables), layer: layer ?? null }
}
