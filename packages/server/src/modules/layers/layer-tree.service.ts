import {
  MAX_TREE_DEPTH,
  MAX_TREE_NODES,
  t,
  type LayerTreeInput,
  type LayerTreeNode,
} from '@gis/shared'
import type { Db } from '../../db/types'
import { badRequest, type FieldError } from '../../http/errors'
import { freshCatalogue } from '../../layer-data/catalogue'
import * as tree from '../../layer-data/layer-tree.sql'
import { treeNodeOf } from './tree-node'
import { allBaseLayers } from '../baselayers/baselayers.service'

/** A folder's stored name: its title in lower case without accents, as an identifier. */
function folderName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return slug.slice(0, 60) || 'pasta'
}

/**
 * Every node of the layer tree, as the administrator edits it: empty folders, inactive base
 * layers and every layer included (GET /api/mapconfig/layerlayout?all=true).
 */
export async function fullTree(db: Db): Promise<LayerTreeNode[]> {
  const [rows, layers] = await Promise.all([tree.allTreeNodes(db), freshCatalogue(db)])
  const byId = new Map(layers.map((l) => [l.id, l]))
  const nodes = new Map<number, LayerTreeNode>()
  for (const r of rows) {
    const layer = r.layer_id === null ? undefined : byId.get(r.layer_id)
    nodes.set(r.id, {
      id: r.id,
      ...treeNodeOf(r, layer),
    })
  }
  const roots: LayerTreeNode[] = []
  for (const r of rows) {
    const node = nodes.get(r.id)!
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

interface Placed {
  input: LayerTreeInput
  path: string
  parent: Placed | null
  sortOrder: number
  id?: number
}

/** Checks the tree a client sends; answers its nodes top-down, or throws every problem at once. */
async function checkTree(db: Db, nodes: LayerTreeInput[]): Promise<Placed[]> {
  const [rows, layers, bases] = await Promise.all([
    tree.allTreeNodes(db),
    freshCatalogue(db),
    allBaseLayers(db),
  ])
  const existing = new Map(rows.map((r) => [r.id, r]))
  const layerNames = new Set(layers.map((l) => l.name))
  const baseIds = new Set(bases.map((b) => b.id))
  const errors: FieldError[] = []
  const placed: Placed[] = []
  const seenIds = new Set<number>()
  const seenLayers = new Set<string>()
  const seenBases = new Set<number>()
  const walk = (list: LayerTreeInput[], parent: Placed | null, path: string, depth: number) => {
    list.forEach((input, i) => {
      const at = `${path}.${i}`
      const p: Placed = { input, path: at, parent, sortOrder: i + 1 }
      placed.push(p)
      if (placed.length > MAX_TREE_NODES) return
      if (depth > MAX_TREE_DEPTH) {
        errors.push({ field: at, message: t('admin.tree.tooDeep', { max: MAX_TREE_DEPTH }) })
        return
      }
      if (input.id !== undefined) {
        const row = existing.get(input.id)
        if (!row) {
          errors.push({ field: `${at}.id`, message: t('admin.tree.unknownNode', { id: input.id }) })
        } else if (row.type !== input.type) {
          errors.push({
            field: `${at}.type`,
            message: t('admin.tree.nodeTypeChanged', { id: input.id }),
          })
        }
        if (seenIds.has(input.id)) {
          errors.push({ field: `${at}.id`, message: t('admin.tree.nodeTwice', { id: input.id }) })
        }
        seenIds.add(input.id)
      }
      if (input.type === 'layer') {
        const name = input.layer ?? ''
        if (!layerNames.has(name)) {
          errors.push({ field: `${at}.layer`, message: t('admin.tree.unknownLayer', { name }) })
        } else if (seenLayers.has(name)) {
          errors.push({ field: `${at}.layer`, message: t('admin.tree.layerTwice', { name }) })
        }
        seenLayers.add(name)
      }
      if (input.type === 'layerBase') {
        const id = input.baseLayerId ?? 0
        if (!baseIds.has(id)) {
          errors.push({
            field: `${at}.baseLayerId`,
            message: t('admin.tree.unknownBaseLayer', { id }),
          })
        } else if (seenBases.has(id)) {
          errors.push({
            field: `${at}.baseLayerId`,
            message: t('admin.tree.baseLayerTwice', { id }),
          })
        }
        seenBases.add(id)
      }
      if (input.type !== 'folder' && input.children.length) {
        errors.push({ field: `${at}.children`, message: t('admin.tree.childrenOnlyInFolders') })
      }
      walk(input.children, p, `${at}.children`, depth + 1)
    })
  }
  walk(nodes, null, 'nodes', 1)
  if (placed.length > MAX_TREE_NODES) {
    throw badRequest([
      { field: 'nodes', message: t('admin.tree.tooMany', { max: MAX_TREE_NODES }) },
    ])
  }
  if (errors.length) throw badRequest(errors)
  return placed
}

/**
 * POST /api/mapconfig/layerlayout: the whole tree as the administrator arranged it (folders,
 * layers, base layers, radio groups, default visibility and opacity, order). Nodes keep their
 * ids; nodes left out are removed; layers left out are no longer on the map's tree.
 */
export async function saveTree(db: Db, nodes: LayerTreeInput[]): Promise<LayerTreeNode[]> {
  const placed = await checkTree(db, nodes)
  const [layers, rows] = await Promise.all([freshCatalogue(db), tree.allTreeNodes(db)])
  const layerIds = new Map(layers.map((l) => [l.name, l.id]))
  const names = new Map(rows.map((r) => [r.id, r.name]))
  await db.transaction(async (tx) => {
    const kept: number[] = []
    // Top-down: a new folder gets its id before its children are written.
    for (const p of placed) {
      const n = p.input
      const write: tree.TreeNodeWrite = {
        parentId: p.parent?.id ?? null,
        type: n.type,
        name:
          n.type === 'layer'
            ? n.layer!
            : n.type === 'layerBase'
              ? `base_${n.baseLayerId}`
              : ((n.id !== undefined ? names.get(n.id) : undefined) ?? folderName(n.title)),
        title: n.title,
        layerId: n.type === 'layer' ? layerIds.get(n.layer!)! : null,
        baseLayerId: n.type === 'layerBase' ? n.baseLayerId! : null,
        radioGroup: n.radioGroup,
        sortOrder: p.sortOrder,
        visible: n.visibility,
        opacity: n.opacity,
      }
      if (n.id !== undefined) {
        await tree.updateTreeNode(tx, n.id, write)
        p.id = n.id
      } else {
        p.id = await tree.insertTreeNode(tx, write)
      }
      kept.push(p.id)
    }
    await tree.deleteTreeNodesExcept(tx, kept)
  })
  return fullTree(db)
}
