import type { LayerTreeNode } from '@gis/shared'
import type { TreeNodeRow } from '../../layer-data/layer-tree.sql'
import type { CatalogueLayer } from '../../layer-data/model'

type NodeColumns = Pick<
  TreeNodeRow,
  'name' | 'title' | 'type' | 'visible' | 'opacity' | 'radio_group' | 'base_layer_id'
>

/** A stored node as the map reads it (without its id), with what its layer (if any) says. */
export function treeNodeOf(
  r: NodeColumns,
  layer: CatalogueLayer | undefined,
): Omit<LayerTreeNode, 'id'> {
  return {
    name: r.name,
    managedName: layer ? layer.name : null,
    title: r.title,
    type: r.type,
    managed: layer ? layer.managed : false,
    visibility: r.visible,
    opacity: r.opacity,
    extent: layer ? layer.extent : null,
    legendVersion: layer ? layer.legendVersion : 1,
    radioGroup: r.radio_group,
    geometryType: layer ? layer.geometryType : null,
    dataVersion: layer ? layer.dataVersion : null,
    baseLayerId: r.base_layer_id,
    children: [],
  }
}
