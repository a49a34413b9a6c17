// The report template model of spec 3 §3 without zod: what the designer, the preview and the
// server's renderer share (`@gis/shared/reports`).

export const GENERATION_TYPES = ['NONE', 'ROW_GENERATOR', 'COLUMN_GENERATOR'] as const
export type GenerationType = (typeof GENERATION_TYPES)[number]
export const SIZE_POLICIES = ['NORMAL', 'FIRST_ONLY', 'DISTRIBUTED', 'ALL'] as const
export type SizePolicy = (typeof SIZE_POLICIES)[number]
export const IMAGE_LOCATIONS = ['CONTENT', 'ATTACHMENT', 'LOCAL'] as const
export type ImageLocation = (typeof IMAGE_LOCATIONS)[number]
export const TEXT_ORIENTATIONS = ['NORMAL', 'TURNUP', 'TURNDOWN'] as const
export const FONT_FAMILIES = ['ARIAL', 'CALIBRI'] as const
export const HORIZONTAL_ALIGNMENTS = ['left', 'center', 'right'] as const
export const VERTICAL_ALIGNMENTS = ['top', 'middle', 'bottom'] as const
/** none, small 1px, medium 2px, large 3px, dotted, double. */
export const BORDER_STYLES = ['none', 'small', 'medium', 'large', 'dotted', 'double'] as const
export type BorderStyle = (typeof BORDER_STYLES)[number]
export const PAPER_SIZES = {
  A4: { width: 21, height: 29.7 },
  A3: { width: 29.7, height: 42 },
} as const
export type PaperSize = keyof typeof PAPER_SIZES
/** Cell kinds of the cell editor: text (TEXTO), image (IMAGE) and group (GRUPO). */
export const CELL_KINDS = ['TEXT', 'IMAGE', 'GROUP'] as const
export type CellKind = (typeof CELL_KINDS)[number]

/** Report kinds of the tree (spec 3 §3): a record report repeats its pages per feature. */
export const REPORT_TYPES = ['record', 'summary', 'simple', 'GENERIC'] as const
export type ReportType = (typeof REPORT_TYPES)[number]
export const PARAMETER_TYPES = [
  'LAYER_NAME',
  'BOOL',
  'NUMBER',
  'TEXT',
  'NUMBER_PICKER',
  'TEXT_PICKER',
  'MULTIPICKER',
] as const
export type ParameterType = (typeof PARAMETER_TYPES)[number]

export interface TemplateImage {
  marginTop: number | null
  marginRight: number | null
  marginBottom: number | null
  marginLeft: number | null
  location: ImageLocation
  /**
   * CONTENT: the id of an image of the report image library (tag 'reports/imagens');
   * ATTACHMENT: which image attachment of the current feature, 1-based ('1' when empty);
   * LOCAL: a data: URL kept in the template.
   */
  value?: string | null
}

export interface TemplateTooltip {
  type: 'WARNING' | 'error'
  text: string
}

export interface TemplateCell {
  colSpan: number
  rowSpan: number
  /** Text with ${variable} references. */
  value?: string | null
  /** Column width in px this cell defines (null: the default 64 px). */
  colSize?: number | null
  /** Row height in px this cell defines (null: the default 20 px). */
  rowSize?: number | null
  sizePolicy?: SizePolicy
  rowExpand?: boolean
  rowExpandSize?: number | null
  /** 'col:row' of the cell on its page, filled by the designer. */
  cellPosition?: string | null
  /** Name of a style of the template. */
  style?: string | null
  image?: TemplateImage | null
  /** A nested table (GRUPO). */
  child?: TemplateTable | null
  tooltip?: TemplateTooltip | null
}

export interface TemplateRow {
  cells: TemplateCell[]
}

/**
 * A page (or a group's nested table). NONE is static; ROW_GENERATOR repeats its rows once per
 * data item one below another, COLUMN_GENERATOR side by side. The data items are the report's
 * features; inside a generator `${field}` (or `${var.field}` when var is set) reads the item.
 */
export interface TemplateTable {
  type: GenerationType
  title?: string | null
  value?: string | null
  var?: string | null
  rows: TemplateRow[]
}

export interface TemplateStyle {
  name: string
  wrapText: boolean
  textOrientation: (typeof TEXT_ORIENTATIONS)[number]
  horizontalAlignment: (typeof HORIZONTAL_ALIGNMENTS)[number]
  verticalAlignment: (typeof VERTICAL_ALIGNMENTS)[number]
  fontSize: number
  fontFamily: (typeof FONT_FAMILIES)[number]
  fontBold: boolean
  fontItalic: boolean
  fontUnderline: boolean
  borderTop: BorderStyle
  borderLeft: BorderStyle
  borderRight: BorderStyle
  borderBottom: BorderStyle
  /** #rrggbb */
  backgroundColor: string
  fontColor: string
}

export interface Printable {
  landscape: boolean
  scale: number
  /** Margins in cm. */
  marginTop: number
  marginRight: number
  marginBottom: number
  marginLeft: number
  paperSize: PaperSize
}

/** An environment variable of the template: value is the identifier, title its description. */
export interface EnvironmentVariable {
  value: string
  title: string
}

export interface ReportTemplate {
  name: string
  grid: TemplateTable[]
  styles: TemplateStyle[]
  printable: Printable
  variables: EnvironmentVariable[]
  /** The layer associated with 'Associar Layer' (its fields became variables). */
  layer?: string | null
}

export interface ReportParameter {
  name: string
  type: ParameterType
  description?: string | null
  /** Default value; for pickers the list of options. */
  value?: unknown
  postValue?: unknown
  debug?: boolean
  disabled?: boolean
}

export const DEFAULT_PRINTABLE: Printable = {
  landscape: false,
  scale: 100,
  marginTop: 2,
  marginRight: 1.3,
  marginBottom: 2,
  marginLeft: 1.3,
  paperSize: 'A4',
}

export const DEFAULT_STYLE: Omit<TemplateStyle, 'name'> = {
  wrapText: false,
  textOrientation: 'NORMAL',
  horizontalAlignment: 'left',
  verticalAlignment: 'middle',
  fontSize: 12,
  fontFamily: 'ARIAL',
  fontBold: false,
  fontItalic: false,
  fontUnderline: false,
  borderTop: 'none',
  borderLeft: 'none',
  borderRight: 'none',
  borderBottom: 'none',
  backgroundColor: '#ffffff',
  fontColor: '#000000',
}

/** Page coordinate scale (px per cm), default column width and row height (px). */
export const PX_PER_CM = 35.2272
export const DEFAULT_COLUMN_WIDTH = 64
export const DEFAULT_ROW_HEIGHT = 20
/** Designer paper (cm) and zoom (percent). */
export const DESIGNER_PAPER = { width: 29.7, height: 21 }
export const ZOOM_MIN = 10
export const ZOOM_MAX = 400
export const ZOOM_STEP = 10
/** Repository paginator: limit 30 by created descending, options 30, 50, 100. */
export const REPOSITORY_PAGE_SIZES = [30, 50, 100]
export const REPOSITORY_DEFAULT_LIMIT = 30
/** Image picker: pages of 30 images tagged 'reports/imagens'. */
export const IMAGE_PICKER_PAGE_SIZE = 30
export const REPORT_IMAGE_TAG = 'reports/imagens'
/** The category of an uploaded .json template. */
export const CUSTOM_TEMPLATE_CATEGORY = 'customTemplate'
export const REPORT_JOB_TYPE = 'report'
/** The job type of the search's exports (the repository lists both). */
export const EXPORT_JOB_TYPE = 'export'
/** A record report renders at most this many features; the preview at most PREVIEW_FEATURES. */
export const REPORT_MAX_FEATURES = 5000
export const PREVIEW_FEATURES = 20
/** Groups nest at most this deep (a page's own group is level 1): the renderer draws no deeper. */
export const MAX_GROUP_DEPTH = 16

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A saved template's JSON nests at most this deep: enough for MAX_GROUP_DEPTH groups (five
 * levels each), far past it for anything else (parameters' values are free JSON).
 */
export const MAX_TEMPLATE_JSON_DEPTH = 128

/** How deep a JSON value nests (a scalar 0), without recursion; stops counting past `limit`. */
export function jsonDepth(value: unknown, limit = MAX_TEMPLATE_JSON_DEPTH): number {
  const stack: Array<[unknown, number]> = [[value, 0]]
  let max = 0
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (typeof item !== 'object' || item === null) continue
    max = Math.max(max, depth + 1)
    if (max > limit) return max
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return max
}

/**
 * How deep the groups of a template nest, read from the template as it arrives (any JSON)
 * without recursion, so that a template too deep for the recursive validation is refused
 * before it runs. Stops counting past MAX_GROUP_DEPTH.
 */
export function groupDepth(template: unknown): number {
  const grid = isRecord(template) && Array.isArray(template.grid) ? template.grid : []
  const stack: Array<[unknown, number]> = grid.map((table) => [table, 0])
  let max = 0
  while (stack.length) {
    const [table, depth] = stack.pop()!
    if (!isRecord(table) || !Array.isArray(table.rows)) continue
    max = Math.max(max, depth)
    if (max > MAX_GROUP_DEPTH) return max
    for (const row of table.rows) {
      if (!isRecord(row) || !Array.isArray(row.cells)) continue
      for (const cell of row.cells) {
        if (isRecord(cell) && cell.child != null) stack.push([cell.child, depth + 1])
      }
    }
  }
  return max
}
/** Variables every report knows besides its parameters and the features' fields. */
export const SYSTEM_VARIABLES = ['layer', 'data', 'hora', 'usuario', 'total', 'indice'] as const

export const VARIABLE_PATTERN = /\$\{([^}]*)\}/g

/** The names a text refers to with ${name}. */
export function variablesOf(text: string | null | undefined): string[] {
  if (!text) return []
  return [...text.matchAll(VARIABLE_PATTERN)].map((m) => m[1]!.trim())
}

/** The generator variables (`var`) of every table of the template. */
function generatorVars(template: ReportTemplate): Set<string> {
  const out = new Set<string>()
  const visit = (table: TemplateTable) => {
    if (table.var?.trim()) out.add(table.var.trim())
    for (const row of table.rows) for (const cell of row.cells) if (cell.child) visit(cell.child)
  }
  template.grid.forEach(visit)
  return out
}

/**
 * The ${names} of a text that are neither the template's variables (spec 3 §3: "a variable not
 * among the options is shown as invalid"; 'Associar Layer' makes a layer's fields variables),
 * nor the system ones, nor `${var.field}` of a generator's var. What the designer marks
 * 'Variável inválida'.
 */
export function invalidVariables(text: string | null | undefined, template: ReportTemplate) {
  const known = new Set<string>([
    ...SYSTEM_VARIABLES,
    ...template.variables.map((v) => v.value.trim()),
  ])
  const vars = generatorVars(template)
  return variablesOf(text).filter((name) => {
    if (known.has(name)) return false
    const dot = name.indexOf('.')
    return !(dot > 0 && vars.has(name.slice(0, dot)))
  })
}

/** invalidVariables of every cell text of a template (its nested groups too), each name once. */
export function templateInvalidVariables(template: ReportTemplate): string[] {
  const out = new Set<string>()
  const visit = (table: TemplateTable) => {
    for (const row of table.rows) {
      for (const cell of row.cells) {
        for (const name of invalidVariables(cell.value, template)) out.add(name)
        if (cell.child) visit(cell.child)
      }
    }
  }
  template.grid.forEach(visit)
  return [...out]
}

/** Spreadsheet column letters: A to Z, then AA, AB… */
export function columnLetters(index: number): string {
  let n = index + 1
  let out = ''
  while (n > 0) {
    const r = (n - 1) % 26
    out = String.fromCharCode(65 + r) + out
    n = Math.floor((n - 1) / 26)
  }
  return out
}

export function emptyCell(): TemplateCell {
  return { colSpan: 1, rowSpan: 1, value: '', sizePolicy: 'NORMAL' }
}

export function emptyPage(): TemplateTable {
  return { type: 'NONE', title: null, rows: [{ cells: [emptyCell()] }] }
}

/** A new template: 'Nova Template' with one empty page and the default print settings. */
export function newTemplate(): ReportTemplate {
  return {
    name: 'Nova Template',
    grid: [emptyPage()],
    styles: [{ name: 'Padrão', ...DEFAULT_STYLE }],
    printable: { ...DEFAULT_PRINTABLE },
    variables: [],
    layer: null,
  }
}

/** The kind of a cell, derived from the content present. */
export function cellKind(cell: TemplateCell): CellKind {
  if (cell.child) return 'GROUP'
  if (cell.image) return 'IMAGE'
  return 'TEXT'
}
