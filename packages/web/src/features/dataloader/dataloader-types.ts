/** Import job as the server answers it (spec 2 §3). */
export interface ImportJob {
  id: number
  filename: string
  user: string
  createdDate: string
  rowCount: number
  metadata: {
    columnNames: string[]
    columnIndexes: Record<string, number>
    columnTypes: Record<string, string>
  }
}

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
}

export interface ImportReport {
  created: number
  updated: number
  pending: number
  errors: number
  success: number
}

export interface ImportRow {
  id: number
  status: string
  message: string | null
  data: Record<string, unknown>
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
