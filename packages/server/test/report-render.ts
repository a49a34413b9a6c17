import {
  DEFAULT_PRINTABLE,
  DEFAULT_STYLE,
  type TemplateCell,
  type TemplateTable,
} from '@gis/shared'
import type { RenderContext, RenderFeature } from '../src/modules/reports/render/types'

/** The report renderer's test helpers: a cell, a table of rows of cells, a context over a few features. */
export const cell = (value: string, extra: Partial<TemplateCell> = {}): TemplateCell => ({
  colSpan: 1,
  rowSpan: 1,
  value,
  ...extra,
})

export const table = (
  rows: TemplateCell[][],
  extra: Partial<TemplateTable> = {},
): TemplateTable => ({ type: 'NONE', rows: rows.map((cells) => ({ cells })), ...extra })

export const feature = (id: number, attributes: Record<string, unknown>, images: number[] = []) =>
  ({ id, attributes, images }) satisfies RenderFeature

export function context(
  grid: TemplateTable[],
  features: RenderFeature[],
  extra: Partial<RenderContext> = {},
): RenderContext {
  return {
    template: {
      name: 'Relatório',
      grid,
      styles: [{ name: 'Padrão', ...DEFAULT_STYLE }],
      printable: { ...DEFAULT_PRINTABLE },
      variables: [],
    },
    reportType: 'summary',
    layer: {
      name: 'lotes',
      title: 'Lotes',
      fields: [
        { name: 'nome', title: 'Nome', type: 'string' },
        { name: 'area', title: 'Área', type: 'number' },
        { name: 'ativo', title: 'Ativo', type: 'boolean' },
        { name: 'criado', title: 'Criado', type: 'date' },
        { name: 'visto', title: 'Visto', type: 'datetime' },
        { name: 'hora', title: 'Hora', type: 'time' },
      ],
    },
    features,
    variables: { layer: 'Lotes', data: '26/11/2026', usuario: 'ana', total: features.length },
    timeZone: 'America/Sao_Paulo',
    ...extra,
  }
}
