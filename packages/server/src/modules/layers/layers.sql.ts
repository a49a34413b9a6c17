import type { Queryable } from '../../db/types'
import type { TreeNodeRow as StoredNodeRow } from '../../layer-data/layer-tree.sql'

/** A stored node with its layer's name and its base layer's state, as the map reads it. */
export interface TreeNodeRow extends Omit<StoredNodeRow, 'layer_id' | 'sort_order'> {
  layer_name: string | null
  base_active: boolean | null
}

export async function treeNodes(db: Queryable): Promise<TreeNodeRow[]> {
  const { rows } = await db.query<TreeNodeRow>(
    `SELECT n.id, n.parent_id, n.type, n.name, n.title, l.name AS layer_name, n.base_layer_id,
            b.active AS base_active, n.radio_group, n.visible, n.opacity
       FROM app.layer_tree_nodes n
       LEFT JOIN app.layers l ON l.id = n.layer_id
       LEFT JOIN app.base_layers b ON b.id = n.base_layer_id
      ORDER BY n.sort_order, n.id`,
  )
  return rows
}
