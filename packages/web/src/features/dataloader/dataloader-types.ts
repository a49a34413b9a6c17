// The server's answers come from the API's schemas; the rest is the wizard's own model.
export type { ImportJob, ImportReport, ImportRow } from '@gis/shared'

/** A mapping row as the wizard edits it (the execute body's `mappings`, every field set). */
export interface ColumnMapping {
  index: number
  source: string
  destiny: string | null
  destinyTitle?: string | null
  type: string
  primaryKey: boolean
  oldPrimaryKeySource?: string | null
}

export type SpatializeType = 'none' | 'source-attribute' | 'generate'
export type SpatializeMode = 'none' | 'new' | 'all'

/** Destination, mappings and spatialization: what EXECUTAR sends and a template keeps. */
export interface ImportConfig {
  destinyType: 0 | 1
  layerName: string
  layerTitle: string
  mappings: ColumnMapping[]
  spatializeType: SpatializeType
  spatializeMode: SpatializeMode
  spatializeSourceAttribute: string | null
  spatializeVertices: { x: string; y: string }[]
  /** A new layer's geometry type (point, linestring, …; none: tabular). */
  spatializeGeometry?: string | null
  /** The coordinates' system (EPSG code of IMPORT_CRS); unset: the file's own, else WGS 84. */
  sourceSrid?: number | null
}

export interface ImportTemplate {
  id: number
  name: string
  description: string
  createdDate: string
  user: string
  isPublic: boolean
  metadata: Partial<ImportConfig>
}
