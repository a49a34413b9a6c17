import type { Printable, TemplateStyle } from './template'

/**
 * A report after its variables were resolved and its generators expanded: what the preview
 * ('Visualizando …') draws and what the xlsx writer writes, one page per worksheet.
 */
export interface RenderedImage {
  /** One of: an image of the library, an attachment of a feature, or a data: URL. */
  contentId?: number | null
  attachment?: { layer: string; featureId: number; attachmentId: number } | null
  dataUrl?: string | null
  marginTop: number
  marginRight: number
  marginBottom: number
  marginLeft: number
}

/**
 * How the xlsx shows a cell whose whole text is one number, date or date-time variable (the
 * same as its text): `decimals` after the comma, thousands grouped. One object
 * is shared by the cells of a kind: a report has up to a million cells.
 */
export type RenderedFormat =
  { kind: 'number'; decimals: number } | { kind: 'date' } | { kind: 'datetime' }

export interface RenderedCell {
  /** 0-based position on the page grid. */
  row: number
  col: number
  rowSpan: number
  colSpan: number
  text: string
  /**
   * The typed value of the text when it is one number, date or date-time (with `format`): a
   * number, or `aaaa-mm-dd` / `aaaa-mm-ddThh:mm:ss` on the report's clock.
   */
  value?: number | string | null
  format?: RenderedFormat | null
  style?: string | null
  image?: RenderedImage | null
}

export interface RenderedPage {
  title: string
  /** Width of each column and height of each row, px. */
  columns: number[]
  rows: number[]
  cells: RenderedCell[]
}

export interface RenderedReport {
  name: string
  styles: TemplateStyle[]
  printable: Printable
  pages: RenderedPage[]
  /** How many features the report read (the preview may stop early). */
  features: number
}
