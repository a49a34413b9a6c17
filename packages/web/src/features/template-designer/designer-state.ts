import type { ReportTemplate } from '@gis/shared/reports'
import type { ReportSaveBody } from '@gis/shared'

/**
 * What the designer keeps in the workspace, so an unsaved template survives F5: the template,
 * its saved id and record fields, the page shown and the view switches.
 */
export interface TemplateBuilderState {
  template: ReportTemplate
  id?: number
  folder?: string
  reportType?: ReportSaveBody['reportType']
  parameters?: ReportSaveBody['parameters']
  page: number
  zoom: number
  titles: boolean
  gridLines: boolean
  printLines: boolean
}

/** Checks a restored state; anything malformed is an error (the window shows code 400). */
export function parseTemplateBuilderState(value: unknown): TemplateBuilderState | undefined {
  if (value === undefined || value === null) return undefined
  const s = value as TemplateBuilderState
  if (
    typeof s !== 'object' ||
    typeof s.template !== 'object' ||
    s.template === null ||
    !Array.isArray(s.template.grid) ||
    s.template.grid.length === 0 ||
    !Number.isInteger(s.page) ||
    typeof s.zoom !== 'number' ||
    (s.id !== undefined && !Number.isInteger(s.id))
  ) {
    throw new Error('invalid TemplateBuilder state')
  }
  return s
}

/** The downloaded .json: {template, parameters, reportType, folder}. */
export function templateFile(state: TemplateBuilderState) {
  return {
    template: state.template,
    parameters: state.parameters ?? [],
    reportType: state.reportType ?? 'summary',
    folder: state.folder ?? '',
  }
}
