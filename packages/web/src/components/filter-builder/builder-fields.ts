import type { LayerDescription } from '@gis/shared'
import type { FilterFieldType } from '@gis/shared/filters'
import type { BuilderField } from './filter-model'

/** The soft-delete flag: a system field no one filters on. */
export const DELETED_FIELD = 'd_e_l_e_t_'

/**
 * The fields a layer offers to the builder (search, reports, file association) and the
 * results table: its attributes, the soft-delete flag out.
 */
export function builderFields(layer: LayerDescription | undefined): BuilderField[] {
  return (layer?.attributes ?? [])
    .filter((a) => a.name !== DELETED_FIELD)
    .map((a) => {
      const domain = layer?.domains[a.name]
      return {
        name: a.name,
        title: a.title || a.name,
        type: a.type as FilterFieldType,
        ...(domain?.type === 'selectable' ? { domain: domain.values } : {}),
      }
    })
}
