import { SYSTEM_FIELD_NAMES, type LayerDescription } from '@gis/shared'
import type { ColumnMapping, ImportConfig, ImportJob } from './dataloader-types'

/** Empty mappings, one per column of the job. */
export function emptyMappings(job: ImportJob): ColumnMapping[] {
  return job.metadata.columnNames.map((source, index) => ({
    index,
    source,
    destiny: null,
    destinyTitle: null,
    type: 'direct',
    primaryKey: false,
    oldPrimaryKeySource: null,
  }))
}

/** A field name for a new layer from a column name: lower case, no accents, `_` between words. */
export function fieldNameOf(column: string): string {
  const name = column
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 63)
  return /^[a-z]/.test(name) ? name : `c_${name}`
}

/**
 * The destinations: a layer's attributes with id first (the key of updates by id), or for a
 * new layer one field per column of the file.
 */
export function destinationsOf(
  layer: LayerDescription | undefined,
  config?: ImportConfig,
  job?: ImportJob,
) {
  if (config?.destinyType === 1 && job) {
    return job.metadata.columnNames.map((c) => ({ name: fieldNameOf(c), title: c }))
  }
  if (!layer) return []
  const fields = layer.attributes
    .filter((a) => !SYSTEM_FIELD_NAMES.includes(a.name) && a.type !== 'geometry')
    .map((a) => ({ name: a.name, title: a.title }))
  return [{ name: 'id', title: 'id' }, ...fields]
}

const LONGITUDE = /^(lon|long|lng|longitude|x|coord_?x)$/i
const LATITUDE = /^(lat|latitude|y|coord_?y)$/i

/**
 * How a destination's rows get their geometry until the user says otherwise (issue 42): the
 * file's own geometry (a shapefile's WKT, any GEOMETRY_WKT column), else a longitude/latitude
 * pair of number columns found by name (lon/lat, longitude/latitude, x/y); applied to the new
 * rows of an existing layer (an update by key keeps its features' geometry) and to every row
 * of a new one. A new layer takes the file's geometry type (points for coordinates).
 */
export function defaultSpatialize(
  job: ImportJob,
  destinyType: 0 | 1,
): Pick<
  ImportConfig,
  | 'spatializeType'
  | 'spatializeMode'
  | 'spatializeSourceAttribute'
  | 'spatializeVertices'
  | 'spatializeGeometry'
> {
  const { columnNames, columnTypes, geometryTypes } = job.metadata
  const mode = destinyType === 1 ? 'all' : 'new'
  const wkt = columnNames.find((c) => columnTypes[c] === 'GEOMETRY_WKT')
  if (wkt) {
    return {
      spatializeType: 'source-attribute',
      spatializeMode: mode,
      spatializeSourceAttribute: wkt,
      spatializeVertices: [],
      ...(destinyType === 1 ? { spatializeGeometry: geometryTypes?.[wkt] ?? null } : {}),
    }
  }
  const numbers = columnNames.filter((c) => columnTypes[c] === 'NUMBER')
  const x = numbers.find((c) => LONGITUDE.test(c))
  const y = numbers.find((c) => LATITUDE.test(c))
  if (x && y) {
    return {
      spatializeType: 'generate',
      spatializeMode: mode,
      spatializeSourceAttribute: null,
      spatializeVertices: [{ x, y }],
      ...(destinyType === 1 ? { spatializeGeometry: 'point' } : {}),
    }
  }
  return {
    spatializeType: 'none',
    spatializeMode: 'none',
    spatializeSourceAttribute: null,
    spatializeVertices: [],
    ...(destinyType === 1 ? { spatializeGeometry: null } : {}),
  }
}

/**
 * A config that builds geometry from a GIS file whose coordinate system GDAL did not know (a
 * shapefile without .prj) and nobody named yet: EXECUTAR waits for the vector settings.
 */
export function needsCrs(job: ImportJob, config: ImportConfig | undefined): boolean {
  return (
    !!config &&
    config.spatializeType !== 'none' &&
    config.spatializeMode !== 'none' &&
    job.metadata.srid === null &&
    !config.sourceSrid
  )
}
