import { t, VARIABLE_PATTERN } from '@gis/shared'
import { brazilianDate, decimalComma, wallClockIn } from '../../export/export-values'
import type { RenderContext, RenderFeature } from './types'

const two = (n: number) => String(n).padStart(2, '0')

/** Formats values for people (pt-BR): 'Sim'/'Não', decimal commas, dd/mm/aaaa [hh:mm]. */
export interface ValueFormatter {
  /** A feature's attribute, by the layer field's type (unknown fields by the value's kind). */
  field(name: string, value: unknown): string
  /** A parameter or system variable, by the value's kind. */
  plain(value: unknown): string
}

export function valueFormatter(ctx: RenderContext): ValueFormatter {
  const clock = wallClockIn(ctx.timeZone)
  const yes = t('common.yes')
  const no = t('common.no')
  const types = new Map(ctx.layer.fields.map((f) => [f.name, f.type]))
  const dateTime = (value: unknown): string => {
    const date = value instanceof Date ? value : new Date(String(value))
    if (Number.isNaN(date.getTime())) return String(value)
    const c = clock(date.toISOString())
    return `${two(c.day)}/${two(c.month)}/${c.year} ${two(c.hour)}:${two(c.minute)}`
  }
  const plain = (value: unknown): string => {
    if (value === null || value === undefined) return ''
    if (typeof value === 'boolean') return value ? yes : no
    if (typeof value === 'number') return Number.isFinite(value) ? decimalComma(value) : ''
    if (value instanceof Date) return dateTime(value)
    if (Array.isArray(value)) return value.map(plain).join(', ')
    if (typeof value === 'object') return JSON.stringify(value)
    return String(value)
  }
  const field = (name: string, value: unknown): string => {
    if (value === null || value === undefined) return ''
    switch (types.get(name)) {
      case 'boolean':
        return value === true || value === 'true' ? yes : no
      case 'number':
      case 'integer':
      case 'decimal': {
        const n = Number(value)
        return Number.isFinite(n) ? decimalComma(n) : String(value)
      }
      case 'date':
        if (value instanceof Date) return brazilianDate(value.toISOString().slice(0, 10))
        return /^\d{4}-\d{2}-\d{2}/.test(String(value))
          ? brazilianDate(String(value).slice(0, 10))
          : String(value)
      case 'datetime':
        return dateTime(value)
      case 'geometry':
        return ''
      default:
        return plain(value)
    }
  }
  return { field, plain }
}

/** Where a text is rendered: the current item (feature) of a generator or record, if any. */
export interface Scope {
  /** The feature `${field}`, `${id}` read; null when there is none. */
  feature: RenderFeature | null
  /** 1-based index of the current copy (or feature of a record report); null outside. */
  index: number | null
  /** `${var.field}`: the items of the enclosing generators that set `var`. */
  vars: ReadonlyMap<string, RenderFeature>
  /** True inside a generator or a record report: the feature's fields win over variables. */
  itemFirst: boolean
  /** The items a generator met in this scope iterates. */
  items: readonly RenderFeature[]
}

/** Resolves `${name}` references of texts in a report (unknown names become empty). */
export class VariableResolver {
  constructor(
    private readonly ctx: RenderContext,
    private readonly format: ValueFormatter,
  ) {}

  private featureValue(feature: RenderFeature, name: string): string | undefined {
    if (name === 'id') return String(feature.id)
    if (Object.prototype.hasOwnProperty.call(feature.attributes, name)) {
      return this.format.field(name, feature.attributes[name])
    }
    return undefined
  }

  private contextValue(name: string): string | undefined {
    if (Object.prototype.hasOwnProperty.call(this.ctx.variables, name)) {
      return this.format.plain(this.ctx.variables[name])
    }
    return undefined
  }

  value(name: string, scope: Scope): string {
    const dot = name.indexOf('.')
    if (dot > 0) {
      const item = scope.vars.get(name.slice(0, dot))
      if (item) return this.featureValue(item, name.slice(dot + 1)) ?? ''
    }
    if (name === 'indice' && scope.index !== null) return String(scope.index)
    const feature = scope.feature
    if (scope.itemFirst) {
      return (feature && this.featureValue(feature, name)) ?? this.contextValue(name) ?? ''
    }
    return this.contextValue(name) ?? (feature && this.featureValue(feature, name)) ?? ''
  }

  resolve(text: string | null | undefined, scope: Scope): string {
    if (!text) return ''
    if (!text.includes('${')) return text
    return text.replace(VARIABLE_PATTERN, (_, name: string) => this.value(name.trim(), scope))
  }
}
