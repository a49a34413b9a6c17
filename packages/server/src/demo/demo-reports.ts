import {
  DEFAULT_PRINTABLE,
  DEFAULT_STYLE,
  type EnvironmentVariable,
  type ReportParameter,
  type ReportTemplate,
  type ReportType,
  type TemplateCell,
  type TemplateStyle,
  type TemplateTable,
} from '@gis/shared'
import type { Queryable } from '../db/types'
import { DEMO_LAYERS } from './demo-layer-defs'

// The demo report templates (spec 3 §3): shared, on the bridges layer (oae). Written in plain
// SQL like the rest of the seed, which sits below the modules it fills.

interface DemoReport {
  folder: string
  reportType: ReportType
  parameters: ReportParameter[]
  template: ReportTemplate
}

const style = (name: string, over: Partial<TemplateStyle> = {}): TemplateStyle => ({
  name,
  ...DEFAULT_STYLE,
  fontSize: 10,
  ...over,
})
const BORDERS = {
  borderTop: 'small',
  borderLeft: 'small',
  borderRight: 'small',
  borderBottom: 'small',
} as const
const STYLES: TemplateStyle[] = [
  style('Padrão'),
  style('Título', {
    fontSize: 14,
    fontBold: true,
    horizontalAlignment: 'center',
    backgroundColor: '#1f4e79',
    fontColor: '#ffffff',
  }),
  style('Subtítulo', { fontSize: 9, fontColor: '#333333' }),
  style('Rótulo', { fontBold: true, backgroundColor: '#dde7f0', ...BORDERS }),
  style('Cabeçalho', {
    fontBold: true,
    wrapText: true,
    horizontalAlignment: 'center',
    backgroundColor: '#dde7f0',
    ...BORDERS,
  }),
  style('Valor', BORDERS),
  style('Número', { ...BORDERS, horizontalAlignment: 'right' }),
  style('Centro', { ...BORDERS, horizontalAlignment: 'center' }),
  style('Rodapé', { fontSize: 8, fontItalic: true, fontColor: '#555555' }),
]

const cell = (value: string, styleName = 'Valor', over: Partial<TemplateCell> = {}) => ({
  colSpan: 1,
  rowSpan: 1,
  value,
  style: styleName,
  sizePolicy: 'NORMAL' as const,
  ...over,
})
const pair = (label: string, field: string, label2: string, field2: string) => ({
  cells: [
    cell(label, 'Rótulo'),
    cell(`\${${field}}`),
    cell(label2, 'Rótulo'),
    cell(`\${${field2}}`),
  ],
})
const LAYER: ReportParameter = {
  name: 'LAYER_NAME',
  type: 'LAYER_NAME',
  description: 'Layer do relatório',
  value: 'oae',
}
const OAE = DEMO_LAYERS.find((l) => l.name === 'oae')!
/** The bridges layer's fields as 'Associar Layer' makes them the template's variables. */
const OAE_VARIABLES: EnvironmentVariable[] = OAE.fields.map((f) => ({
  value: f.name,
  title: f.title,
}))
const template = (name: string, grid: ReportTemplate['grid']): ReportTemplate => ({
  name,
  grid,
  styles: STYLES,
  printable: { ...DEFAULT_PRINTABLE },
  variables: OAE_VARIABLES,
  layer: 'oae',
})

/** A list's column: its header, the cell of each row, its width (px) and its style. */
type Column = [header: string, value: string, width: number, style: string]

/**
 * A list page as an engineer hands it in: a title over the columns, a line saying who issued
 * it and when, a header row, then one row per feature (a row generator in a group spanning the
 * columns, so the rows line up under the headers).
 */
function listPage(title: string, heading: string, columns: Column[]): TemplateTable {
  const span = columns.length
  return {
    type: 'NONE',
    title,
    rows: [
      { cells: [cell(heading, 'Título', { colSpan: span, rowSize: 30 })] },
      {
        cells: [
          cell('Emitido por ${usuario} em ${data} às ${hora} · ${total} registros', 'Subtítulo', {
            colSpan: span,
          }),
        ],
      },
      {
        cells: columns.map(([header, , width]) =>
          cell(header, 'Cabeçalho', { colSize: width, rowSize: 32 }),
        ),
      },
      {
        cells: [
          cell('', 'Valor', {
            colSpan: span,
            child: {
              type: 'ROW_GENERATOR',
              title: null,
              rows: [{ cells: columns.map(([, value, , s]) => cell(value, s)) }],
            },
          }),
        ],
      },
    ],
  }
}

export const DEMO_REPORTS: DemoReport[] = [
  {
    folder: 'Obras de Arte',
    reportType: 'record',
    parameters: [LAYER],
    template: template('Ficha da Obra de Arte', [
      {
        type: 'NONE',
        title: 'Ficha ${codigo}',
        rows: [
          {
            cells: [cell('FICHA DA OBRA DE ARTE ESPECIAL', 'Título', { colSpan: 4, rowSize: 30 })],
          },
          {
            cells: [
              cell('Código', 'Rótulo', { colSize: 150 }),
              cell('${codigo}', 'Valor', { colSize: 170 }),
              cell('Código ARTESP', 'Rótulo', { colSize: 150 }),
              cell('${codigo_artesp}', 'Valor', { colSize: 170 }),
            ],
          },
          pair('Tipo', 'tipo', 'Rodovia', 'rodovia'),
          pair('Km', 'km', 'Sentido', 'sentido'),
          pair('Comprimento (m)', 'comprimento', 'Largura (m)', 'largura'),
          pair('Nota estrutural', 'nota_estrutural', 'Nota funcional', 'nota_funcional'),
          pair('Nota de durabilidade', 'nota_durabilidade', 'Última inspeção', 'ultima_inspecao'),
          { cells: [cell('Foto', 'Rótulo', { colSpan: 4 })] },
          {
            cells: [
              cell('', 'Valor', {
                colSpan: 4,
                rowSize: 260,
                image: {
                  location: 'ATTACHMENT',
                  value: '1',
                  marginTop: 4,
                  marginRight: 4,
                  marginBottom: 4,
                  marginLeft: 4,
                },
              }),
            ],
          },
          {
            cells: [cell('Emitido por ${usuario} em ${data} às ${hora}', 'Rodapé', { colSpan: 4 })],
          },
        ],
      },
    ]),
  },
  {
    folder: 'Rodovias',
    reportType: 'summary',
    parameters: [LAYER],
    template: template('Resumo por Rodovia', [
      {
        type: 'NONE',
        title: 'Resumo',
        rows: [
          { cells: [cell('RESUMO POR RODOVIA', 'Título', { colSpan: 4, rowSize: 30 })] },
          {
            cells: [
              cell('Layer', 'Rótulo', { colSize: 140 }),
              cell('${layer}', 'Valor', { colSpan: 3 }),
            ],
          },
          {
            cells: [cell('Total de feições', 'Rótulo'), cell('${total}', 'Valor', { colSpan: 3 })],
          },
          {
            cells: [cell('Emitido em', 'Rótulo'), cell('${data} ${hora}', 'Valor', { colSpan: 3 })],
          },
        ],
      },
      listPage('Feições', 'OBRAS DE ARTE POR RODOVIA', [
        ['Rodovia', '${rodovia}', 80, 'Centro'],
        ['Km', '${km}', 75, 'Número'],
        ['Código', '${codigo}', 145, 'Valor'],
        ['Tipo', '${tipo}', 80, 'Valor'],
        ['Sentido', '${sentido}', 70, 'Centro'],
      ]),
    ]),
  },
  {
    folder: 'Obras de Arte',
    reportType: 'simple',
    parameters: [LAYER],
    template: template('Lista de Obras de Arte', [
      listPage('Obras de arte', 'LISTA DE OBRAS DE ARTE ESPECIAIS', [
        // widths fit an A4 page upright (about 648 px between the margins)
        ['Código', '${codigo}', 145, 'Valor'],
        ['Tipo', '${tipo}', 70, 'Valor'],
        ['Rodovia', '${rodovia}', 60, 'Centro'],
        ['Km', '${km}', 65, 'Número'],
        ['Sentido', '${sentido}', 55, 'Centro'],
        ['Comprimento (m)', '${comprimento}', 95, 'Número'],
        ['Largura (m)', '${largura}', 70, 'Número'],
        ['Última inspeção', '${ultima_inspecao}', 85, 'Centro'],
      ]),
    ]),
  },
]

/**
 * Adds the demo templates that are missing (a shared template of the same name in the same
 * folder), when the demo layer exists; answers how many it added.
 */
export async function seedDemoReports(db: Queryable): Promise<number> {
  const { rows: layer } = await db.query("SELECT 1 FROM app.layers WHERE name = 'oae'")
  if (layer.length === 0) return 0
  let added = 0
  for (const r of DEMO_REPORTS) {
    const { rowCount } = await db.query(
      `INSERT INTO app.report_templates (name, folder, report_type, visible, parameters, template)
       SELECT $1, $2, $3, true, $4::text::jsonb, $5::text::jsonb
        WHERE NOT EXISTS (SELECT 1 FROM app.report_templates
                           WHERE owner_id IS NULL AND name = $1 AND folder = $2)`,
      [
        r.template.name,
        r.folder,
        r.reportType,
        JSON.stringify(r.parameters),
        JSON.stringify(r.template),
      ],
    )
    added += rowCount
  }
  return added
}
