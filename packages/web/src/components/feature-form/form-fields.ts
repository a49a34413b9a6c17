import type { AttributeType, FeatureAttribute, FormFieldRule, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { brText, brValue, isBrKind } from '../br-input'

/** One input of the attribute form. */
export interface FormField extends FormFieldRule {
  title: string
  tooltip: string
  /** id, uuid, d_e_l_e_t_, m_o_d_i_f_ and the geometry: shown, never edited. */
  system: boolean
  /** A file or photo field: its value is the id of one of the feature's attachments. */
  attachment?: 'file' | 'photo'
}

export interface FormGroup {
  title: string
  fields: FormField[]
}

/** The special fields' labels (spec 1 section 3). */
const SYSTEM_TITLES: Record<string, string> = {
  id: t('layers.field.id'),
  uuid: t('layers.field.uuid'),
  geom: t('layers.field.geom'),
  d_e_l_e_t_: t('layers.field.deleted'),
  m_o_d_i_f_: t('layers.field.modified'),
}

/** Portuguese endings an untitled field name gets when shown ('situacao' → 'Situação'). */
export function humanize(name: string): string {
  const text = name
    .replace(/_/g, ' ')
    .replace(/cao\b/g, 'ção')
    .replace(/coes\b/g, 'ções')
    .replace(/sao\b/g, 'são')
    .trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The form's fields from the layer description (attributes, layout titles and visibility,
 * field formats, domains) and, when known, the server's attribute list (what is required).
 * Hidden layout fields are left out; the geometry is left to the geometry editor.
 */
export function formFields(
  layer: LayerDescription,
  attributes: readonly FeatureAttribute[] | undefined,
): FormField[] {
  const required = new Map((attributes ?? []).map((a) => [a.name, a.notNull]))
  const layoutTitle = new Map<string, string>()
  const hidden = new Set<string>()
  for (const group of layer.layout) {
    for (const f of group.fields) {
      if (f.title) layoutTitle.set(f.name, f.title)
      if (!f.visible) hidden.add(f.name)
    }
  }
  const formats = new Map(layer.fieldsFormat.map((f) => [f.name, f]))
  return layer.attributes
    .filter((a) => a.type !== 'geometry' && !hidden.has(a.name))
    .map((a) => {
      const system = a.name in SYSTEM_TITLES
      const domain = layer.domains[a.name]
      const format = formats.get(a.name)
      return {
        name: a.name,
        type: a.type as AttributeType,
        maxLength: a.maxLength,
        required: !system && (required.get(a.name) ?? false),
        title: system
          ? SYSTEM_TITLES[a.name]!
          : format?.title || layoutTitle.get(a.name) || a.title || humanize(a.name),
        tooltip: format?.tooltip || a.tooltip || '',
        system,
        ...(domain?.type === 'selectable' && domain.values.length > 0
          ? { options: domain.values }
          : {}),
        ...(domain && domain.type !== 'selectable' ? { attachment: domain.type } : {}),
      }
    })
}

/**
 * The vertical tabs: 'Todos' (every field, the system fields first) and one per layout group;
 * fields outside any group appear in 'Todos' only.
 */
export function formGroups(layer: LayerDescription, fields: readonly FormField[]): FormGroup[] {
  const byName = new Map(fields.map((f) => [f.name, f]))
  const groups = layer.layout
    .map((g) => ({
      title: g.title,
      fields: g.fields.flatMap((f) => {
        const field = byName.get(f.name)
        return field ? [field] : []
      }),
    }))
    .filter((g) => g.fields.length > 0)
  const grouped = groups.flatMap((g) => g.fields)
  const rest = fields.filter((f) => !grouped.includes(f) && !f.system)
  const all = [...fields.filter((f) => f.system), ...grouped, ...rest]
  return [{ title: t('features.form.all'), fields: all }, ...groups]
}

/** A value of the API as the text its input holds, the Brazilian way (`1.234,5`, dd/mm/aaaa). */
export function toText(field: Pick<FormField, 'type'>, value: unknown): string {
  if (field.type === 'boolean') return value === true || value === 't' ? 'true' : 'false'
  if (value === null || value === undefined) return ''
  return isBrKind(field.type) ? brText(field.type, value) : String(value)
}

/**
 * An input's text as the API takes it: empty is null, numbers are numbers, dates ISO, a
 * date-time the instant it is; a text that does not parse goes as typed (the server explains).
 */
export function fromText(field: Pick<FormField, 'type'>, text: string): unknown {
  const trimmed = text.trim()
  if (field.type === 'boolean') return trimmed === 'true'
  if (field.type === 'string') return text === '' ? null : text
  if (trimmed === '') return null
  return isBrKind(field.type) ? (brValue(field.type, trimmed) ?? trimmed) : trimmed
}

/** The form's texts for a feature's attributes (every field, system ones included). */
export function initialTexts(
  fields: readonly FormField[],
  attributes: Record<string, unknown> | undefined,
): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, toText(f, attributes?.[f.name])]))
}

/** The attributes the user changed, as the API takes them (system fields never). */
export function changedAttributes(
  fields: readonly FormField[],
  initial: Record<string, string>,
  current: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    if (f.system) continue
    const now = current[f.name] ?? ''
    if (now !== (initial[f.name] ?? '')) out[f.name] = fromText(f, now)
  }
  return out
}
