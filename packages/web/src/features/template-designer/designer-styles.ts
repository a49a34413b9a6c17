import { t } from '@gis/shared/i18n'
import {
  DEFAULT_STYLE,
  type ReportTemplate,
  type TemplateStyle,
  type TemplateTable,
} from '@gis/shared/reports'
import { COPY_SUFFIX } from './designer-ops'

/** The style a cell shows: its named style, else the template's first one. */
export function styleNamed(template: ReportTemplate, name: string | null | undefined) {
  return template.styles.find((s) => s.name === name) ?? template.styles[0]
}

function freeName(template: ReportTemplate, wanted: (n: number) => string): string {
  const names = new Set(template.styles.map((s) => s.name))
  for (let n = 1; ; n++) {
    const name = wanted(n)
    if (!names.has(name)) return name
  }
}

/** A new style 'Estilo N' (a copy of `base`'s settings, else the defaults). */
export function addStyle(template: ReportTemplate, base?: TemplateStyle) {
  const name = freeName(template, (n) => t('designer.styleDefault', { n }))
  const style: TemplateStyle = { ...(base ?? { ...DEFAULT_STYLE, name }), name }
  return { template: { ...template, styles: [...template.styles, style] }, name }
}

/** A copy of a style named with the '_Copia' suffix. */
export function duplicateStyle(template: ReportTemplate, name: string) {
  const style = template.styles.find((s) => s.name === name)
  if (!style) return { template, name }
  const copy = freeName(template, (n) => `${name}${COPY_SUFFIX}${n > 1 ? n : ''}`)
  return {
    template: { ...template, styles: [...template.styles, { ...style, name: copy }] },
    name: copy,
  }
}

export function updateStyle(
  template: ReportTemplate,
  name: string,
  change: Partial<Omit<TemplateStyle, 'name'>>,
): ReportTemplate {
  if (!template.styles.some((s) => s.name === name)) return template
  return {
    ...template,
    styles: template.styles.map((s) => (s.name === name ? { ...s, ...change } : s)),
  }
}

function renameIn(table: TemplateTable, from: string, to: string): TemplateTable {
  return {
    ...table,
    rows: table.rows.map((row) => ({
      cells: row.cells.map((cell) => ({
        ...cell,
        style: cell.style === from ? to : cell.style,
        child: cell.child ? renameIn(cell.child, from, to) : cell.child,
      })),
    })),
  }
}

/** Renames a style and every cell using it; an empty or taken name changes nothing. */
export function renameStyle(template: ReportTemplate, from: string, to: string): ReportTemplate {
  const name = to.trim()
  if (!name || name === from || template.styles.some((s) => s.name === name)) return template
  if (!template.styles.some((s) => s.name === from)) return template
  return {
    ...template,
    styles: template.styles.map((s) => (s.name === from ? { ...s, name } : s)),
    grid: template.grid.map((page) => renameIn(page, from, name)),
  }
}
