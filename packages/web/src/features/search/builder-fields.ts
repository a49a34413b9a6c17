import type { LayerDescription } from '@gis/shared'
import type { FilterFieldType } from '@gis/shared/filters'
import type { BuilderField } from '../../components/filter-builder'

const INTERNAL = 'd_e_l_e_t_'

/** The fields a layer offers to the builder and the table: its attributes, internal ones out. */
export function builderFields(layer: LayerDescription | undefined): BuilderField[] {
  return (layer?.attributes ?? [])
    .filter((a) => a.name !== INTERNAL)
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
