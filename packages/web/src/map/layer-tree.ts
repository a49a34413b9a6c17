import type { LayerTreeNode } from '@gis/shared'

/**
 * The layer tree as the user sees it: the server's tree (GET /api/mapconfig/layerlayout) with
 * the user's own changes from the map slice (visibility, opacity, order) applied. Pure
 * functions: the layer manager draws it, the map draws its layers in its order.
 */

export interface TreeOverrides {
  visibility: Record<string, boolean>
  opacity: Record<string, number>
  order: Record<string, string[]>
}

export interface ViewNode {
  node: LayerTreeNode
  name: string
  /** The parent's name, '' at the root. */
  parent: string
  /** A layer or base layer: shown on the map. A folder: every leaf below is shown. */
  visible: boolean
  /** Folders: some but not all leaves below are shown. */
  partial: boolean
  opacity: number
  children: ViewNode[]
}

/** Children in the user's order: the names it lists first, then the rest in the server's order. */
export function ordered<T extends { name: string }>(
  items: readonly T[],
  order?: readonly string[],
): T[] {
  if (!order?.length) return [...items]
  const rank = new Map(order.map((name, i) => [name, i]))
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => {
      const ra = rank.get(a.item.name)
      const rb = rank.get(b.item.name)
      if (ra !== undefined && rb !== undefined) return ra - rb
      if (ra !== undefined) return -1
      if (rb !== undefined) return 1
      return a.i - b.i
    })
    .map(({ item }) => item)
}

/**
 * The tree with each node's effective state. A leaf is shown when the user said so, else when
 * it and every folder above it are visible by default.
 */
export function viewTree(tree: readonly LayerTreeNode[], o: TreeOverrides): ViewNode[] {
  const build = (nodes: readonly LayerTreeNode[], parent: string, ancestors: boolean): ViewNode[] =>
    ordered(nodes, o.order[parent]).map((node) => {
      const byDefault = ancestors && node.visibility
      if (node.type === 'folder') {
        const children = build(node.children, node.name, byDefault)
        const leaves = children.flatMap(leafStates)
        const on = leaves.filter(Boolean).length
        return {
          node,
          name: node.name,
          parent,
          visible: leaves.length > 0 && on === leaves.length,
          partial: on > 0 && on < leaves.length,
          opacity: 255,
          children,
        }
      }
      return {
        node,
        name: node.name,
        parent,
        visible: o.visibility[node.name] ?? byDefault,
        partial: false,
        opacity: o.opacity[node.name] ?? node.opacity,
        children: [],
      }
    })
  return build(tree, '', true)
}

function leafStates(n: ViewNode): boolean[] {
  return n.node.type === 'folder' ? n.children.flatMap(leafStates) : [n.visible]
}

/** Every layer and base layer, top of the tree first (drawn on top). */
export function leaves(tree: readonly ViewNode[]): ViewNode[] {
  return tree.flatMap((n) => (n.node.type === 'folder' ? leaves(n.children) : [n]))
}

export function findNode(tree: readonly ViewNode[], name: string): ViewNode | undefined {
  for (const n of tree) {
    if (n.name === name) return n
    const inner = findNode(n.children, name)
    if (inner) return inner
  }
  return undefined
}

/** The other members of a node's radio group (anywhere in the tree). */
export function radioPeers(tree: readonly ViewNode[], name: string): string[] {
  const all = leaves(tree)
  const group = all.find((n) => n.name === name)?.node.radioGroup
  if (!group) return []
  return all.filter((n) => n.node.radioGroup === group && n.name !== name).map((n) => n.name)
}

/**
 * What a folder's select-all does. Off: every leaf below. On: every leaf, except that a radio
 * group keeps one member on (the one already on, else its first).
 */
export function selectAll(
  folder: ViewNode,
  visible: boolean,
): { names: string[]; radioPeers: string[] } {
  const below = leaves(folder.children)
  if (!visible) return { names: below.map((n) => n.name), radioPeers: [] }
  const names: string[] = []
  const peers: string[] = []
  const groups = new Map<string, ViewNode[]>()
  for (const n of below) {
    const g = n.node.radioGroup
    if (!g) names.push(n.name)
    else groups.set(g, [...(groups.get(g) ?? []), n])
  }
  for (const members of groups.values()) {
    const keep = members.find((m) => m.visible) ?? members[0]!
    names.push(keep.name)
    peers.push(...members.filter((m) => m !== keep).map((m) => m.name))
  }
  return { names, radioPeers: peers }
}

/** Lower-case text without accents, for the layer search. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/**
 * The tree narrowed to a search: nodes whose title (or layer name) contains the text, with
 * their folders; a folder that matches keeps all its children.
 */
export function filterTree(tree: readonly ViewNode[], query: string): ViewNode[] {
  const q = fold(query.trim())
  if (!q) return [...tree]
  const walk = (nodes: readonly ViewNode[]): ViewNode[] =>
    nodes.flatMap((n) => {
      const hit = fold(n.node.title).includes(q) || fold(n.node.managedName ?? '').includes(q)
      if (hit) return [n]
      const children = walk(n.children)
      return children.length ? [{ ...n, children }] : []
    })
  return walk(tree)
}

/** Names of the shown layers and base layers (the URL's `l`). */
export function visibleNames(tree: readonly ViewNode[]): string[] {
  return leaves(tree)
    .filter((n) => n.visible)
    .map((n) => n.name)
}

/** Moves `name` to `index` among its siblings: the siblings' new order. */
export function moveSibling(siblings: readonly string[], name: string, index: number): string[] {
  const rest = siblings.filter((s) => s !== name)
  const at = Math.max(0, Math.min(index, rest.length))
  return [...rest.slice(0, at), name, ...rest.slice(at)]
}

/** A stored opacity (0–255, as the spec keeps it) as the percentage the screens show. */
export function opacityPercent(opacity: number): number {
  return Math.round((opacity / 255) * 100)
}
