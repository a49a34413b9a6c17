import type { ExportFormat, LayerGeometryType } from '@gis/shared'
import type { ServerConfig } from '../../config'
import type { Db } from '../../db/types'
import type { ExportQuery } from '../../layer-data/search-export'

export type GdalFormat = Extract<ExportFormat, `ogr/${string}`>

export interface GdalWriteContext {
  db: Db
  config: Pick<ServerConfig, 'databaseUrl' | 'statementTimeoutMs'>
  query: ExportQuery
  format: GdalFormat
  /** Rows of the export (counted before), for progress. */
  total: number
  onProgress: (value: number, max: number) => Promise<void>
  signal?: AbortSignal
}

/** The geometry type of a layer as ogr2ogr names it (`-nlt`). */
export const OGR_GEOMETRY: Record<Exclude<LayerGeometryType, 'TABULAR'>, string> = {
  point: 'POINT',
  multipoint: 'MULTIPOINT',
  linestring: 'LINESTRING',
  multilinestring: 'MULTILINESTRING',
  polygon: 'POLYGON',
  multipolygon: 'MULTIPOLYGON',
}
