import { DEFAULT_STYLE, newTemplate, type ReportSaveBody, type ReportTemplate } from '@gis/shared'

/** A small template for the report tests: a title row and a ROW_GENERATOR page of two fields. */
export function sampleTemplate(name: string, layer = 'oae'): ReportTemplate {
  return {
    ...newTemplate(),
    name,
    layer,
    styles: [{ name: 'Padrão', ...DEFAULT_STYLE }],
    grid: [
      {
        type: 'NONE',
        title: 'Capa',
        rows: [{ cells: [{ colSpan: 1, rowSpan: 1, value: 'Relatório ${layer} (${total})' }] }],
      },
      {
        type: 'ROW_GENERATOR',
        title: 'Lista',
        rows: [
          {
            cells: [
              { colSpan: 1, rowSpan: 1, value: '${id}' },
              { colSpan: 1, rowSpan: 1, value: '${codigo}' },
            ],
          },
        ],
      },
    ],
  }
}

export function saveBody(name: string, over: Partial<ReportSaveBody> = {}): ReportSaveBody {
  return {
    folder: 'Testes',
    reportType: 'summary',
    visible: true,
    mine: false,
    parameters: [{ name: 'LAYER_NAME', type: 'LAYER_NAME', value: 'oae' }],
    template: sampleTemplate(name),
    ...over,
  }
}
