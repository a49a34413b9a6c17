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

export interface RenderedCell {
  /** 0-based position on the page grid. */
  row: number
  col: number
  rowSpan: number
  colSpan: number
  text: string
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
