import type { Queryable } from '../db/types'

/** The owner of `app.layer_tree_nodes` (the map's layer tree). */

export interface TreeNodeWrite {
  parentId: number | null
  type: 'folder' | 'layer' | 'layerBase'
  name: string
  title: string
  layerId: number | null
  baseLayerId: number | null
  radioGroup: string | null
  sortOrder: number
  visible: boolean
  opacity: number
}

export interface TreeNodeRow {
  id: number
  parent_id: number | null
  type: 'folder' | 'layer' | 'layerBase'
  name: string
  title: string
  layer_id: number | null
  base_layer_id: number | null
  radio_group: string | null
  sort_order: number
  visible: boolean
  opacity: number
}

/** Every node of the tree, in order within its parent. */
export async function allTreeNodes(db: Queryable): Promise<TreeNodeRow[]> {
  const { rows } = await db.query<TreeNodeRow>(
    `SELECT id, parent_id, type, name, title, layer_id, base_layer_id, radio_group, sort_order,
            visible, opacity
       FROM app.layer_tree_nodes ORDER BY sort_order, id`,
  )
  return rows
}

/** A node's columns in the order the INSERT and the UPDATE number them. */
const nodeValues = (n: TreeNodeWrite) => [
  n.parentId,
  n.type,
  n.name,
  n.title,
  n.layerId,
  n.baseLayerId,
  n.radioGroup,
  n.sortOrder,
  n.visible,
  n.opacity,
]

export async function insertTreeNode(db: Queryable, n: TreeNodeWrite): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.layer_tree_nodes (parent_id, type, name, title, layer_id, base_layer_id,
       radio_group, sort_order, visible, opacity)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    nodeValues(n),
  )
  return rows[0]!.id
}

export async function updateTreeNode(db: Queryable, id: number, n: TreeNodeWrite): Promise<void> {
  await db.query(
    `UPDATE app.layer_tree_nodes SET parent_id = $2, type = $3, name = $4, title = $5,
            layer_id = $6, base_layer_id = $7, radio_group = $8, sort_order = $9, visible = $10,
            opacity = $11
      WHERE id = $1`,
    [id, ...nodeValues(n)],
  )
}

/** Removes every node but these (after the kept ones were moved where they belong). */
export async function deleteTreeNodesExcept(db: Queryable, keep: readonly number[]): Promise<void> {
  await db.query('DELETE FROM app.layer_tree_nodes WHERE NOT (id = ANY($1::bigint[]))', [keep])
}

/** The next sort order at the end of a folder (or of the root). */
async function endOf(db: Queryable, parentId: number | null): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT coalesce(max(sort_order), 0)::int + 1 AS n FROM app.layer_tree_nodes
      WHERE parent_id IS NOT DISTINCT FROM $1`,
    [parentId],
  )
  return rows[0]?.n ?? 1
}

/** Whether a node is a folder. */
export async function isFolder(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM app.layer_tree_nodes WHERE id = $1 AND type = 'folder'`,
    [id],
  )
  return rows.length > 0
}

/** Puts a layer at the end of a folder (or of the root), shown by default. */
export async function appendLayerNode(
  db: Queryable,
  layer: { id: number; name: string; title: string },
  parentId: number | null,
): Promise<number> {
  return insertTreeNode(db, {
    parentId,
    type: 'layer',
    name: layer.name,
    title: layer.title,
    layerId: layer.id,
    baseLayerId: null,
    radioGroup: null,
    sortOrder: await endOf(db, parentId),
    visible: true,
    opacity: 255,
  })
}

/**
 * Puts a new base layer in the tree beside the other base layers (their folder and radio
 * group), or at the root in a radio group of its own kind when there is none.
 */
export async function appendBaseLayerNode(
  db: Queryable,
  base: { id: number; name: string; visible: boolean },
): Promise<number> {
  const { rows } = await db.query<{ parent_id: number | null; radio_group: string | null }>(
    `SELECT parent_id, radio_group FROM app.layer_tree_nodes WHERE type = 'layerBase'
      ORDER BY sort_order, id LIMIT 1`,
  )
  const parentId = rows[0]?.parent_id ?? null
  return insertTreeNode(db, {
    parentId,
    type: 'layerBase',
    name: `base_${base.id}`,
    title: base.name,
    layerId: null,
    baseLayerId: base.id,
    radioGroup: rows[0] ? rows[0].radio_group : 'mapa-base',
    sortOrder: await endOf(db, parentId),
    visible: base.visible,
    opacity: 255,
  })
}

/** Renames the tree nodes of a layer or base layer that still carry its old title. */
export async function retitleNodes(
  db: Queryable,
  target: { layerId: number } | { baseLayerId: number },
  oldTitle: string,
  newTitle: string,
): Promise<void> {
  if (oldTitle === newTitle) return
  const [column, id] =
    'layerId' in target ? ['layer_id', target.layerId] : ['base_layer_id', target.baseLayerId]
  await db.query(`UPDATE app.layer_tree_nodes SET title = $3 WHERE ${column} = $1 AND title = $2`, [
    id,
    oldTitle,
    newTitle,
  ])
}

/** Makes one base layer's nodes the ones shown when the map opens (the others are not). */
export async function showOnlyBaseLayer(db: Queryable, baseLayerId: number): Promise<void> {
  await db.query(
    `UPDATE app.layer_tree_nodes SET visible = (base_layer_id = $1) WHERE type = 'layerBase'`,
    [baseLayerId],
  )
}
