import type { LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { attributeText } from '../../components/attribute-text'

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
  pending: Readonly<Record<string, unknown>> = {},
): AttributeGroup[] {
  const types = new Map((description?.attributes ?? []).map((a) => [a.name, a]))
  const row = (name: string, title?: string): AttributeRow => {
    const type = types.get(name)?.type
    const current = attributeText(attributes[name], type)
    return {
      name,
      title: title || types.get(name)?.title || name,
      // A value sent for review beside the current one (issue 42).
      value:
        name in pending
          ? t('approvals.currentAndPending', {
              current,
              value: attributeText(pending[name], type),
            })
          : current,
    }
  }
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
