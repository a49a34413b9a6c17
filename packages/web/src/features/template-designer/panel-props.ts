import type { ReportTemplate } from '@gis/shared/reports'
import type { CellRef } from './designer-ops'

/** What every tab of the properties panel receives. */
export interface PanelProps {
  template: ReportTemplate
  page: number
  selected: CellRef | null
  edit: (fn: (template: ReportTemplate) => ReportTemplate) => void
  select: (ref: CellRef | null) => void
  setPage: (page: number) => void
}
