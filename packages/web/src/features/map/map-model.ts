import type { BaseLayer, LayerDescription } from '@gis/shared'
import type { BaseLayerEntry } from '../../map/use-base-layers'
import type { DataLayerEntry } from '../../map/use-data-layers'
import { leaves, type ViewNode } from '../../map/layer-tree'

/** Data layers draw above base layers, the top of the tree on top. */
const DATA_Z = 100

/** The vector-tile layers to draw: the tree's layers with a geometry, in the tree's order. */
export function dataLayerEntries(
  tree: readonly ViewNode[],
  descriptions: ReadonlyMap<string, LayerDescription>,
): DataLayerEntry[] {
  const layers = leaves(tree).filter((n) => n.node.type === 'layer' && n.node.managedName)
  return layers.flatMap((n, i) => {
    const d = descriptions.get(n.node.managedName!)
    if (!d || d.geometryType === 'TABULAR') return []
    return [
      {
        name: n.name,
        layer: d.name,
        geometryType: d.geometryType,
        style: d.style,
        dataVersion: n.node.dataVersion ?? d.dataVersion,
        visible: n.visible,
        opacity: n.opacity,
        zIndex: DATA_Z + layers.length - i,
      },
    ]
  })
}

/** The base layers to draw, below every data layer, the top of the tree on top. */
export function baseLayerEntries(
  tree: readonly ViewNode[],
  records: ReadonlyMap<number, BaseLayer>,
): BaseLayerEntry[] {
  const bases = leaves(tree).filter((n) => n.node.type === 'layerBase' && n.node.baseLayerId)
  return bases.flatMap((n, i) => {
    const record = records.get(n.node.baseLayerId!)
    if (!record) return []
    return [
      {
        name: n.name,
        record,
        visible: n.visible,
        opacity: n.opacity,
        zIndex: bases.length - i,
      },
    ]
  })
}

/** The data layers a query may ask the WFS for: shown, queryable, offered by the WFS. */
export function queryableLayers(
  tree: readonly ViewNode[],
  descriptions: ReadonlyMap<string, LayerDescription>,
  wfsTypes: ReadonlySet<string> | null,
): string[] {
  return leaves(tree)
    .filter((n) => n.visible && n.node.type === 'layer' && n.node.managedName)
    .map((n) => n.node.managedName!)
    .filter((name) => {
      const d = descriptions.get(name)
      return !!d && d.queryable && d.geometryType !== 'TABULAR' && (!wfsTypes || wfsTypes.has(name))
    })
}
