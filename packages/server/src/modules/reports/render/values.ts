import { formatBrNumber, t, VARIABLE_PATTERN, type RenderedFormat } from '@gis/shared'
import { wallClockIn } from '@gis/shared'
import { brazilianDate } from '../../export/export-values'
import type { RenderContext, RenderFeature } from './types'

const two = (n: number) => String(n).padStart(2, '0')
/** A text that is one variable and nothing else: `${km}`. */
const ONE_VARIABLE = /^\s*\$\{([^}]*)\}\s*$/

/** formatBrNumber, with a quick way for the common small numbers (reports format millions). */
function brNumber(n: number): string {
  const s = String(n)
  return Math.abs(n) < 1000 && !s.includes('e') ? s.replace('.', ',') : formatBrNumber(n)
}

/** Digits after the comma of a number as formatBrNumber writes it (every digit kept). */
function fractionDigits(n: number): number {
  const s = String(n)
  if (s.includes('e')) return formatBrNumber(n).split(',')[1]?.length ?? 0
  const dot = s.indexOf('.')
  return dot < 0 ? 0 : s.length - dot - 1
}

/** A cell's typed value and how it is shown (the format objects are shared). */
export interface Typed {
  value: number | string
  format: RenderedFormat
}

const DATE: RenderedFormat = { kind: 'date' }
const DATE_TIME: RenderedFormat = { kind: 'datetime' }
const NUMBER_FORMATS = new Map<number, RenderedFormat>()
function numberFormat(decimals: number): RenderedFormat {
  let format = NUMBER_FORMATS.get(decimals)
  if (!format) {
    format = { kind: 'number', decimals }
    NUMBER_FORMATS.set(decimals, format)
  }
  return format
}

/** A number with a fixed count of decimals, the Brazilian way: `1.234,500`. */
export function brFixed(n: number, decimals: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return formatBrNumber(n)
  const [int = '', frac] = n.toFixed(decimals).split('.')
  const sign = int.startsWith('-') && /[1-9]/.test(int + (frac ?? '')) ? '-' : ''
  const grouped = int.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${sign}${grouped}${frac ? `,${frac}` : ''}`
}

/**
 * Formats values for people (pt-BR): 'Sim'/'Não', numbers grouped with a decimal comma (a
 * column's fixed decimals, else every digit), dd/mm/aaaa [hh:mm]; and gives the typed value of
 * a number, date or date-time, which the xlsx writes as such with the same look.
 */
export interface ValueFormatter {
  /** A feature's attribute, by the layer field's type (unknown fields by the value's kind). */
  field(name: string, value: unknown): string
  /** A parameter or system variable, by the value's kind. */
  plain(value: unknown): string
  /** The typed value of a feature's attribute, when it is a number, date or date-time. */
  typedField(name: string, value: unknown): Typed | null
  /** The typed value of a parameter or system variable (numbers and dates). */
  typedPlain(value: unknown): Typed | null
}

export function valueFormatter(ctx: RenderContext): ValueFormatter {
  const clock = wallClockIn(ctx.timeZone)
  const yes = t('common.yes')
  const no = t('common.no')
  const types = new Map(ctx.layer.fields.map((f) => [f.name, f.type]))
  const decimals = new Map(ctx.layer.fields.map((f) => [f.name, f.decimals ?? null]))
  const instant = (value: unknown): Date | null => {
    const date = value instanceof Date ? value : new Date(String(value))
    return Number.isNaN(date.getTime()) ? null : date
  }
  const wall = (date: Date) => clock(date.toISOString())
  const dateTime = (value: unknown): string => {
    const date = instant(value)
    if (!date) return String(value)
    const c = wall(date)
    return `${two(c.day)}/${two(c.month)}/${c.year} ${two(c.hour)}:${two(c.minute)}`
  }
  const isoDay = (value: unknown): string | null => {
    if (value instanceof Date) return value.toISOString().slice(0, 10)
    return /^\d{4}-\d{2}-\d{2}/.test(String(value)) ? String(value).slice(0, 10) : null
  }
  const numberOf = (value: unknown): number | null => {
    const n = typeof value === 'number' ? value : Number(value)
    return value !== '' && Number.isFinite(n) ? n : null
  }
  const plain = (value: unknown): string => {
    if (value === null || value === undefined) return ''
    if (typeof value === 'boolean') return value ? yes : no
    if (typeof value === 'number') return Number.isFinite(value) ? brNumber(value) : ''
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
        const n = numberOf(value)
        if (n === null) return String(value)
        const fixed = decimals.get(name)
        return fixed === null || fixed === undefined ? brNumber(n) : brFixed(n, fixed)
      }
      case 'date': {
        const day = isoDay(value)
        return day ? brazilianDate(day) : String(value)
      }
      case 'datetime':
        return dateTime(value)
      case 'geometry':
        return ''
      default:
        return plain(value)
    }
  }
  const typedNumber = (n: number, fixed: number | null | undefined): Typed => ({
    value: n,
    format: numberFormat(fixed ?? fractionDigits(n)),
  })
  const typedDateTime = (value: unknown): Typed | null => {
    const date = instant(value)
    if (!date) return null
    const c = wall(date)
    const day = `${c.year}-${two(c.month)}-${two(c.day)}`
    return { value: `${day}T${two(c.hour)}:${two(c.minute)}:${two(c.second)}`, format: DATE_TIME }
  }
  const typedField = (name: string, value: unknown): Typed | null => {
    if (value === null || value === undefined) return null
    switch (types.get(name)) {
      case 'number':
      case 'integer':
      case 'decimal': {
        const n = numberOf(value)
        return n === null ? null : typedNumber(n, decimals.get(name))
      }
      case 'date': {
        const day = isoDay(value)
        return day ? { value: day, format: DATE } : null
      }
      case 'datetime':
        return typedDateTime(value)
      default:
        return null
    }
  }
  const typedPlain = (value: unknown): Typed | null => {
    if (typeof value === 'number' && Number.isFinite(value)) return typedNumber(value, null)
    if (value instanceof Date) return typedDateTime(value)
    return null
  }
  return { field, plain, typedField, typedPlain }
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

/** The single variable a cell's text is (`${km}`, spaces around allowed), else null. */
export function singleVariable(text: string | null | undefined): string | null {
  const m = text ? ONE_VARIABLE.exec(text) : null
  return m ? m[1]!.trim() : null
}

/** Resolves `${name}` references of texts in a report (unknown names become empty). */
export class VariableResolver {
  /** Fields whose values have a type of their own in the xlsx (numbers, dates, date-times). */
  private readonly typedFields: ReadonlySet<string>

  constructor(
    private readonly ctx: RenderContext,
    private readonly format: ValueFormatter,
  ) {
    this.typedFields = new Set(
      ctx.layer.fields
        .filter((f) => ['number', 'integer', 'decimal', 'date', 'datetime'].includes(f.type))
        .map((f) => f.name),
    )
  }

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

  /**
   * The typed value of a cell that is the single variable `name` (singleVariable), when it
   * reads a number, date or date-time: the same value `value` formats, found the same way.
   * Ids and copy numbers (`id`, `indice`) name things, they are no quantities: they stay texts.
   */
  typed(name: string, scope: Scope): Typed | null {
    const dot = name.indexOf('.')
    if (dot > 0) {
      const item = scope.vars.get(name.slice(0, dot))
      if (item) return this.typedField(item, name.slice(dot + 1))
    }
    if (name === 'id' || (name === 'indice' && scope.index !== null)) return null
    const inContext = Object.prototype.hasOwnProperty.call(this.ctx.variables, name)
    const feature = scope.feature
    const inFeature = !!feature && Object.prototype.hasOwnProperty.call(feature.attributes, name)
    if (scope.itemFirst ? inFeature : inFeature && !inContext) {
      return this.typedField(feature!, name)
    }
    return inContext ? this.format.typedPlain(this.ctx.variables[name]) : null
  }

  private typedField(feature: RenderFeature, name: string): Typed | null {
    if (!this.typedFields.has(name)) return null
    if (!Object.prototype.hasOwnProperty.call(feature.attributes, name)) return null
    return this.format.typedField(name, feature.attributes[name])
  }
}
