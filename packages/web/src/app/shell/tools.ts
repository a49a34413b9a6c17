import type { MessageKey } from '@gis/shared'
import type { MapTool } from '../../state/map-slice'

export interface Tool {
  label: MessageKey
  /** The workspace window the tool opens (its key in the menu when it is a map tool). */
  windowType: string
  /** A tool of the map page instead of a window: the menu turns it on and shows the map. */
  mapTool?: MapTool
  admin?: boolean
  module?: string
}

/** The FERRAMENTAS menu of spec section 2, in its order, with its visibility rules. */
export const TOOLS: readonly Tool[] = [
  { label: 'tools.search', windowType: 'SearchFeatures' },
  { label: 'tools.createFeature', windowType: 'FeatureCreator', mapTool: 'editor' },
  { label: 'tools.auditor', windowType: 'Auditor', admin: true },
  { label: 'tools.dataLoader', windowType: 'DataLoader' },
  { label: 'tools.fileAssociation', windowType: 'FileAssociation', admin: true },
  { label: 'tools.report', windowType: 'ReportBuilder' },
  { label: 'tools.approvals', windowType: 'Approvals', admin: true },
  { label: 'tools.smmcad', windowType: 'Smmcad', module: 'smmcad' },
]

/** Tools the user may see: admin and module rules, and only those whose window exists yet. */
export function visibleTools(
  admin: boolean,
  modules: readonly string[],
  hasWindow: (type: string) => boolean,
): Tool[] {
  return TOOLS.filter(
    (tool) =>
      (!tool.admin || admin) &&
      (!tool.module || modules.includes(tool.module)) &&
      (tool.mapTool !== undefined || hasWindow(tool.windowType)),
  )
}

export interface NavItem {
  label: MessageKey
  to: string
  admin?: boolean
  module?: string
}

/** Main items of the top bar. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'nav.map', to: '/' },
  { label: 'nav.workspace', to: '/workspace' },
  { label: 'nav.documents', to: '/documents', module: 'documents' },
  { label: 'nav.orbit', to: '/orbit', module: 'orbit' },
  { label: 'nav.inspection', to: '/inspection', module: 'oaeInspections' },
  { label: 'nav.dashboard', to: '/dashboard', admin: true },
]

export function visibleNavItems(admin: boolean, modules: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter(
    (item) => (!item.admin || admin) && (!item.module || modules.includes(item.module)),
  )
}
