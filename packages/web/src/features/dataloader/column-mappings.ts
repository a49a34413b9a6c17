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
