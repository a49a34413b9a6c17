import type { ImportExecuteBody } from '@gis/shared'
import type { ColumnType } from './dataloader-files'
import type { NumberStyle } from './dataloader-values'
import type * as sql from './dataloader.sql'

/** An import as the API answers it (GET /api/dataloader/{id}). */
export interface ImportJob {
  id: number
  filename: string
  user: string
  createdDate: string
  rowCount: number
  metadata: {
    columnNames: string[]
    columnIndexes: Record<string, number>
    columnTypes: Record<string, ColumnType>
    /** How each column writes its numbers (imports stored before it: the point). */
    numberStyles?: Record<string, NumberStyle>
    /** The geometry type of each GEOMETRY_WKT column whose values share one. */
    geometryTypes?: Record<string, string>
    /** A GIS file's coordinate system (EPSG); null: one GDAL does not know, or none. */
    srid?: number | null
    crsName?: string
  }
  config: ImportExecuteBody | null
  state: sql.ImportRow['state']
  message: string | null
  undone: { at: string; by: string } | null
}

export function toJob(row: sql.ImportRow): ImportJob {
  const metadata = row.metadata as Partial<ImportJob['metadata']>
  return {
    id: row.id,
    filename: row.filename,
    user: row.username,
    createdDate: row.created_at.toISOString(),
    rowCount: row.row_count,
    metadata: {
      ...metadata,
      columnNames: metadata.columnNames ?? [],
      columnIndexes: metadata.columnIndexes ?? {},
      columnTypes: metadata.columnTypes ?? {},
    },
    config: (row.config as ImportExecuteBody | null) ?? null,
    state: row.state,
    message: row.counts.readError ?? null,
    undone:
      row.undone_at && row.undone_by
        ? { at: row.undone_at.toISOString(), by: row.undone_by }
        : null,
  }
}
