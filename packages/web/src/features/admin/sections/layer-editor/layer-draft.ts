import { SYSTEM_FIELD_NAMES, type LayerRecord, type LayerUpdate } from '@gis/shared'

/** The layer editor's working copy: what PUT /api/layers/{id} takes. */
export type Draft = LayerUpdate

/** What every tab of the editor gets: the draft, its setter and the server's field errors. */
export interface TabProps {
  draft: Draft
  set: (changes: Partial<Draft>) => void
  errors: Record<string, string>
  /** A field whose typed text does not parse (null when it is right again): SALVAR waits. */
  onProblem?: (field: string, problem: string | null) => void
}

/** The record's attributes include the system fields; PUT takes only the layer's own. */
export function draftOf(layer: LayerRecord): Draft {
  return {
    title: layer.title,
    queryable: layer.queryable,
    attributes: layer.attributes
      .filter((a) => !SYSTEM_FIELD_NAMES.includes(a.name))
      .map((a) => ({ name: a.name, title: a.title, tooltip: a.tooltip })),
    layout: layer.layout.map((g) => ({ title: g.title, fields: g.fields.map((f) => ({ ...f })) })),
    domains: { ...layer.domains },
    style: layer.style,
    displayField: layer.displayField,
    public: layer.public,
  }
}

/** The list with the item at `from` moved to `to` (unchanged when `to` is outside it). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  copy.splice(to, 0, item!)
  return copy
}
