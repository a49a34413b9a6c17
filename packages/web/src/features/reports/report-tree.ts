import type { ReportNode } from '@gis/shared'

/** The nodes of the open folder: the root's when the path no longer exists. */
export function folderNodes(tree: readonly ReportNode[], path: readonly string[]): ReportNode[] {
  let nodes: readonly ReportNode[] = tree
  for (const id of path) {
    const next = nodes.find((n) => n.id === id && n.type === 'directory')
    if (!next) return [...tree]
    nodes = next.children
  }
  return [...nodes]
}

/** The folders of a path that still exist, from the root (for the breadcrumb). */
export function folderTrail(tree: readonly ReportNode[], path: readonly string[]): ReportNode[] {
  const trail: ReportNode[] = []
  let nodes: readonly ReportNode[] = tree
  for (const id of path) {
    const next = nodes.find((n) => n.id === id && n.type === 'directory')
    if (!next) return []
    trail.push(next)
    nodes = next.children
  }
  return trail
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/**
 * 'Buscar relatório': the reports whose name holds the text (accents and case ignored), in
 * the folders that lead to them; folders whose own name matches keep everything inside.
 */
export function filterTree(tree: readonly ReportNode[], text: string): ReportNode[] {
  const needle = fold(text.trim())
  if (!needle) return [...tree]
  const out: ReportNode[] = []
  for (const node of tree) {
    if (fold(node.name).includes(needle)) out.push(node)
    else if (node.type === 'directory') {
      const children = filterTree(node.children, text)
      if (children.length) out.push({ ...node, children })
    }
  }
  return out
}

/** Every report of a tree, depth first (the search results). */
export function reportsOf(tree: readonly ReportNode[]): ReportNode[] {
  return tree.flatMap((n) => (n.type === 'report' ? [n] : reportsOf(n.children)))
}

/** Folders first, then reports, each by name in Portuguese order. */
export function sortNodes(nodes: readonly ReportNode[]): ReportNode[] {
  return [...nodes].sort(
    (a, b) =>
      (a.type === 'directory' ? 0 : 1) - (b.type === 'directory' ? 0 : 1) ||
      a.name.localeCompare(b.name, 'pt-BR'),
  )
}
