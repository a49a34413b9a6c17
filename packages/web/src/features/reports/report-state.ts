import { t } from '@gis/shared/i18n'
import { REPOSITORY_DEFAULT_LIMIT, REPOSITORY_PAGE_SIZES } from '@gis/shared/reports'

/** Which tree the templates tab shows: the folder tree, 'Paineis' (all) or 'Relatório Simples'. */
export type ReportTreeKind = 'tree' | 'panels' | 'simple'

/**
 * What the reports window keeps in the workspace (spec 3 §2): the tab (template or
 * repository), the tree shown, the open folder (node ids from the root) and the repository's
 * paging.
 */
export interface ReportBuilderState {
  tab: 'template' | 'repository'
  tree: ReportTreeKind
  folder: string[]
  page: number
  limit: number
}

export const INITIAL_REPORTS: ReportBuilderState = {
  tab: 'template',
  tree: 'tree',
  folder: [],
  page: 0,
  limit: REPOSITORY_DEFAULT_LIMIT,
}

/** Checks a restored state; anything malformed is an error (the window shows code 400). */
export function parseReportBuilderState(value: unknown): ReportBuilderState | undefined {
  if (value === undefined || value === null) return undefined
  const s = value as ReportBuilderState
  const ok =
    typeof s === 'object' &&
    (s.tab === 'template' || s.tab === 'repository') &&
    (s.tree === 'tree' || s.tree === 'panels' || s.tree === 'simple') &&
    Array.isArray(s.folder) &&
    s.folder.every((id) => typeof id === 'string') &&
    Number.isInteger(s.page) &&
    s.page >= 0 &&
    REPOSITORY_PAGE_SIZES.includes(s.limit)
  if (!ok) throw new Error(t('workspace.invalidState'))
  return s
}
