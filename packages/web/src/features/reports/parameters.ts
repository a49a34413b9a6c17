import type { ReportParameter } from '@gis/shared/reports'

export type ParameterValue = string | number | boolean | (string | number)[]

/** The options of a picker: its value when a list, else none. */
export function pickerOptions(p: Pick<ReportParameter, 'value'>): (string | number)[] {
  return Array.isArray(p.value)
    ? p.value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    : []
}

/**
 * An unset parameter's value by type (spec 3 §5): BOOL false, NUMBER 0, pickers their first
 * option, MULTIPICKER an empty list, otherwise the text (the default value when one is set).
 */
export function defaultValue(p: ReportParameter): ParameterValue {
  switch (p.type) {
    case 'BOOL':
      return typeof p.value === 'boolean' ? p.value : p.value === 'true'
    case 'NUMBER': {
      const n = Number(p.value)
      return p.value !== null && p.value !== '' && Number.isFinite(n) ? n : 0
    }
    case 'NUMBER_PICKER':
    case 'TEXT_PICKER':
      return pickerOptions(p)[0] ?? ''
    case 'MULTIPICKER':
      return []
    default:
      return typeof p.value === 'string' || typeof p.value === 'number' ? String(p.value) : ''
  }
}

/** The parameters the dialog shows: debug ones only in developer mode, the layer apart. */
export function shownParameters(
  parameters: readonly ReportParameter[],
  developer: boolean,
): ReportParameter[] {
  return parameters.filter((p) => p.type !== 'LAYER_NAME' && (developer || !p.debug))
}

/** The starting values of every parameter by name. */
export function initialValues(
  parameters: readonly ReportParameter[],
): Record<string, ParameterValue> {
  return Object.fromEntries(parameters.map((p) => [p.name, defaultValue(p)]))
}

/** The layer a LAYER_NAME parameter proposes (its value), if any. */
export function proposedLayer(parameters: readonly ReportParameter[]): string | null {
  const p = parameters.find((x) => x.type === 'LAYER_NAME')
  return typeof p?.value === 'string' && p.value ? p.value : null
}

/** What a MULTIPICKER shows: 'Nenhum', 'Todos' or the chosen options. */
export function multiLabel(
  chosen: readonly (string | number)[],
  options: readonly (string | number)[],
  none: string,
  all: string,
): string {
  if (chosen.length === 0) return none
  if (options.length > 0 && options.every((o) => chosen.includes(o))) return all
  return chosen.join(', ')
}
