import type { LayerAttribute, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' })
const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' })
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 })

/** An attribute's value as the drawer shows it: Sim/Não, '-' for none, dates in pt-BR. */
export function displayValue(value: unknown, type: LayerAttribute['type'] | undefined): string {
  if (value === null || value === undefined || value === '') return '-'
  switch (type) {
    case 'boolean':
      return value === true || value === 't' || value === 'true' ? t('common.yes') : t('common.no')
    case 'number':
      return typeof value === 'number' ? number.format(value) : String(value)
    case 'date': {
      const d = new Date(`${String(value).slice(0, 10)}T00:00:00Z`)
      return Number.isNaN(d.getTime()) ? String(value) : dateOnly.format(d)
    }
    case 'datetime': {
      const d = new Date(String(value))
      return Number.isNaN(d.getTime()) ? String(value) : dateTime.format(d)
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value)
  }
}

const SYSTEM = new Set(['id', 'uuid', 'geom', 'd_e_l_e_t_', 'm_o_d_i_f_'])

export interface AttributeRow {
  name: string
  title: string
  value: string
}

export interface AttributeGroup {
  title: string | null
  rows: AttributeRow[]
}

/**
 * A feature's attributes in the layer's layout groups (the fields no group shows come last,
 * without a title), the geometry left out.
 */
export function attributeGroups(
  description: LayerDescription | undefined,
  attributes: Record<string, unknown>,
): AttributeGroup[] {
  const types = new Map((description?.attributes ?? []).map((a) => [a.name, a]))
  const row = (name: string, title?: string): AttributeRow => ({
    name,
    title: title || types.get(name)?.title || name,
    value: displayValue(attributes[name], types.get(name)?.type),
  })
  const used = new Set<string>(['geom'])
  const groups: AttributeGroup[] = []
  for (const g of description?.layout ?? []) {
    const rows = g.fields
      .filter((f) => f.visible && f.name in attributes)
      .map((f) => {
        used.add(f.name)
        return row(f.name, f.title)
      })
    if (rows.length) groups.push({ title: g.title, rows })
  }
  // The id first, the layer's own fields, then the other system fields.
  const names = [...(description?.attributes ?? []).map((a) => a.name), ...Object.keys(attributes)]
  const ordered = [
    'id',
    ...names.filter((n) => !SYSTEM.has(n)),
    ...names.filter((n) => SYSTEM.has(n)),
  ].filter((name, i, all) => all.indexOf(name) === i)
  const rest = ordered.filter((n) => !used.has(n) && n in attributes).map((n) => row(n))
  if (rest.length) groups.push({ title: null, rows: rest })
  return groups
}

/** Whether an attachment shows as an image: by content type, or by the spec's extensions. */
export function isImage(a: { contentType: string; filename: string }): boolean {
  if (/^image\/(png|jpeg|gif|bmp|webp)$/i.test(a.contentType)) return true
  return /\.(bmp|jpe?g|gif|png)$/i.test(a.filename)
}
