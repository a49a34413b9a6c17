import type { ReportNode } from '@gis/shared'
import type { TemplateRow } from './templates.sql'

/** The root folder of the caller's own templates; it exists only when the caller has one. */
export const MY_REPORTS = 'Meus Relatórios'

/** A template's folder path as its parts ('a / b/' → ['a', 'b']). */
export function folderParts(folder: string): string[] {
  return folder
    .split('/')
    .map((p) => p.trim())
    .filter(Boolean)
}

function reportNode(row: TemplateRow, dir: string, parent: string | null): ReportNode {
  return {
    id: `report:${row.id}`,
    name: row.name,
    type: 'report',
    reportType: row.report_type as ReportNode['reportType'],
    dir,
    visible: row.visible,
    expansible: false,
    children: [],
    parent,
    reportId: row.id,
  }
}

/** Adds a template under its folders (created on the way) of `roots`. */
function place(roots: ReportNode[], row: TemplateRow, prefix: string[]): void {
  let level = roots
  let parent: string | null = null
  const path: string[] = []
  for (const part of [...prefix, ...folderParts(row.folder)]) {
    path.push(part)
    const id = `dir:${path.join('/')}`
    let dir = level.find((n) => n.type === 'directory' && n.id === id)
    if (!dir) {
      dir = {
        id,
        name: part,
        type: 'directory',
        reportType: 'folder',
        dir: path.join('/'),
        visible: true,
        expansible: true,
        children: [],
        parent,
      }
      level.push(dir)
    }
    parent = id
    level = dir.children
  }
  level.push(reportNode(row, path.join('/'), parent))
}

/** Folders first, then reports, each by name (pt-BR collation). */
function sortTree(nodes: ReportNode[]): ReportNode[] {
  nodes.sort(
    (a, b) =>
      (a.type === b.type ? 0 : a.type === 'directory' ? -1 : 1) ||
      a.name.localeCompare(b.name, 'pt-BR'),
  )
  for (const n of nodes) sortTree(n.children)
  return nodes
}

/**
 * The report tree (spec 3 §3): the shared templates in their '/'-separated folders, and the
 * caller's own under the root folder 'Meus Relatórios'.
 */
export function buildTree(rows: readonly TemplateRow[]): ReportNode[] {
  const roots: ReportNode[] = []
  for (const row of rows) place(roots, row, row.owner_id === null ? [] : [MY_REPORTS])
  return sortTree(roots)
}

/** Templates as a flat list of report nodes (custom and simple lists). */
export function flatNodes(rows: readonly TemplateRow[]): ReportNode[] {
  return rows.map((row) => reportNode(row, folderParts(row.folder).join('/'), null))
}
