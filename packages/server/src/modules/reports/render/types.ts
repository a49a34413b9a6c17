import type { RenderedImage, ReportTemplate, ReportType } from '@gis/shared'

/** A feature as the renderer reads it: attributes as the search answers them (json values). */
export interface RenderFeature {
  id: number
  attributes: Record<string, unknown>
  /** Ids of the feature's image attachments, in upload order (for ATTACHMENT images). */
  images: number[]
}

export interface RenderField {
  name: string
  title: string
  /** The layer field type (string, integer, decimal, date, datetime, time, boolean, …). */
  type: string
  /** Digits after the comma the column fixes (`numeric(9,3)`: 3, integers 0); else none. */
  decimals?: number | null
}

/** Everything a report needs, read and checked by the reports service beforehand. */
export interface RenderContext {
  template: ReportTemplate
  reportType: ReportType
  layer: { name: string; title: string; fields: RenderField[] }
  features: RenderFeature[]
  /** Parameters' values and the system variables (layer, data, hora, usuario, total). */
  variables: Record<string, unknown>
  /** Date-times are written in this zone (America/Sao_Paulo by default). */
  timeZone: string
}

/** The bytes of an image a rendered cell shows, or null when it cannot be read. */
export type ImageLoader = (
  image: RenderedImage,
) => Promise<{ buffer: Buffer; extension: 'png' | 'jpeg' | 'gif' } | null>
