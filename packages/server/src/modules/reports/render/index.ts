import {
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_ROW_HEIGHT,
  REPORT_MAX_FEATURES,
  t,
  type RenderedPage,
  type RenderedReport,
  type TemplateTable,
} from '@gis/shared'
import type { Block } from './block'
import { MAX_PAGE_COLUMNS, MAX_PAGE_ROWS, MAX_REPORT_CELLS } from './layout'
import { renderTable, type TableRenderer } from './table'
import type { RenderContext } from './types'
import { valueFormatter, VariableResolver, type Scope } from './values'

export type { ImageLoader, RenderContext, RenderFeature, RenderField } from './types'
export { MAX_PAGE_COLUMNS, MAX_PAGE_ROWS, MAX_REPORT_CELLS } from './layout'
export { writeXlsx } from './xlsx'

/** A block as a page: default sizes filled in, cut at MAX_PAGE_ROWS × MAX_PAGE_COLUMNS. */
function toPage(title: string, block: Block): RenderedPage {
  const rows = block.rows.slice(0, MAX_PAGE_ROWS).map((h) => h ?? DEFAULT_ROW_HEIGHT)
  const columns = block.cols.slice(0, MAX_PAGE_COLUMNS).map((w) => w ?? DEFAULT_COLUMN_WIDTH)
  const cells = []
  for (const cell of block.cells) {
    if (cell.row >= rows.length || cell.col >= columns.length) continue
    cells.push({
      ...cell,
      rowSpan: Math.min(cell.rowSpan, rows.length - cell.row),
      colSpan: Math.min(cell.colSpan, columns.length - cell.col),
    })
  }
  return { title, columns, rows, cells }
}

/**
 * Resolves a report's variables and expands its generators (spec 3 §3, §4). A record report
 * renders its pages once per feature (at most REPORT_MAX_FEATURES); the other kinds once, their
 * generators iterating every feature and their static parts reading the first one.
 */
export function renderReport(ctx: RenderContext): RenderedReport {
  const { template } = ctx
  const resolver = new VariableResolver(ctx, valueFormatter(ctx))
  const renderer: TableRenderer = {
    ctx,
    resolver,
    styles: new Map(template.styles.map((s) => [s.name, s])),
    budget: { cells: MAX_REPORT_CELLS },
  }
  const pageTitle = (page: TemplateTable, n: number, scope: Scope) =>
    resolver.resolve(page.title, scope).trim() || t('designer.page', { n })
  const pages: RenderedPage[] = []
  let features = ctx.features.length
  if (ctx.reportType === 'record') {
    const list = ctx.features.slice(0, REPORT_MAX_FEATURES)
    features = 0
    for (const [i, feature] of list.entries()) {
      if (renderer.budget.cells <= 0) break
      features++
      const scope: Scope = {
        feature,
        index: i + 1,
        vars: new Map(),
        itemFirst: true,
        items: [feature],
      }
      template.grid.forEach((page, p) => {
        const title = `${pageTitle(page, p + 1, scope)} – ${feature.id}`
        pages.push(toPage(title, renderTable(renderer, page, scope)))
      })
    }
  } else {
    const first = ctx.features[0] ?? null
    const scope: Scope = {
      feature: first,
      index: first ? 1 : null,
      vars: new Map(),
      itemFirst: false,
      items: ctx.features,
    }
    template.grid.forEach((page, p) => {
      pages.push(toPage(pageTitle(page, p + 1, scope), renderTable(renderer, page, scope)))
    })
  }
  return {
    name: template.name,
    styles: template.styles,
    printable: template.printable,
    pages,
    features,
  }
}
