// The checks of an import's execution, and the new destination layer (NOVO LAYER).
import {
  IMPORT_CRS,
  layerRegisterSchema,
  t,
  TABLE_GEOMETRY_OF,
  type FieldDefinition,
  type ImportExecuteBody,
  type TableGeometry,
} from '@gis/shared'
import type { Db } from '../../db/types'
import { HttpError, type FieldError } from '../../http/errors'
import { layerAccess } from '../../layer-data/layer-access'
import { layerFields } from '../../layer-data/model'
import { registerLayer } from '../layers/layers-admin.service'
import { createTable } from '../schema/schema.service'
import type { ColumnType } from './dataloader-files'
import type { ImportJob } from './dataloader-job'
import type { User } from './dataloader.service'

/**
 * Checks an execution against the import and the layer: the destination must be a layer the
 * caller may write (create or update), sources columns of the file, destinations fields of the
 * layer used once, one key at most, coordinates and source attribute columns of the file.
 */
export async function checkExecution(db: Db, user: User, job: ImportJob, body: ImportExecuteBody) {
  const { layer, perms } = await layerAccess(db, user, body.layerName)
  if (!perms.createFeature && !perms.updateFeature) {
    throw new HttpError(403, t('dataloader.noWritePermission'))
  }
  if (!layer.queryable) throw new HttpError(400, t('layers.notQueryable'))
  const columns = new Set(job.metadata.columnNames)
  const fields = new Map(layerFields(layer).map((f) => [f.name, f]))
  const used = new Set<string>()
  const errors: FieldError[] = []
  const mapped = body.mappings.filter((m) => m.destiny)
  mapped.forEach((m, i) => {
    const field = `mappings.${i}`
    if (!columns.has(m.source)) {
      errors.push({ field, message: t('dataloader.unknownSource', { name: m.source }) })
    }
    if (m.oldPrimaryKeySource && !columns.has(m.oldPrimaryKeySource)) {
      errors.push({
        field,
        message: t('dataloader.unknownSource', { name: m.oldPrimaryKeySource }),
      })
    }
    const f = fields.get(m.destiny!)
    if (!f || f.type === 'geometry' || (f.system && !(f.name === 'id' && m.primaryKey))) {
      errors.push({ field, message: t('dataloader.unknownDestiny', { name: m.destiny! }) })
    }
    if (used.has(m.destiny!)) {
      errors.push({ field, message: t('dataloader.destinyTwice', { name: m.destiny! }) })
    }
    used.add(m.destiny!)
  })
  if (!mapped.length) errors.push({ field: 'mappings', message: t('dataloader.nothingMapped') })
  if (mapped.filter((m) => m.primaryKey).length > 1) {
    errors.push({ field: 'mappings', message: t('dataloader.oneKey') })
  }
  if (body.spatializeType === 'source-attribute' && body.spatializeMode !== 'none') {
    const source = body.spatializeSourceAttribute
    if (!source) {
      errors.push({
        field: 'spatializeSourceAttribute',
        message: t('dataloader.needSourceAttribute'),
      })
    } else if (!columns.has(source)) {
      errors.push({
        field: 'spatializeSourceAttribute',
        message: t('dataloader.unknownSource', { name: source }),
      })
    }
  }
  if (body.spatializeType === 'generate' && body.spatializeMode !== 'none') {
    const need = /point/.test(layer.geometryType) ? 1 : /line/.test(layer.geometryType) ? 2 : 3
    const key =
      need === 1
        ? 'dataloader.needPoint'
        : need === 2
          ? 'dataloader.needLine'
          : 'dataloader.needPolygon'
    if (body.spatializeVertices.length < need) {
      errors.push({ field: 'spatializeVertices', message: t(key) })
    }
    for (const v of body.spatializeVertices) {
      for (const name of [v.x, v.y]) {
        if (!columns.has(name)) {
          errors.push({
            field: 'spatializeVertices',
            message: t('dataloader.unknownSource', { name }),
          })
        }
      }
    }
  }
  if (errors.length) throw new HttpError(400, t('features.validationErrors'), errors)
  return layer
}

/**
 * The coordinates' system: one of IMPORT_CRS or the file's own. A GIS file whose system GDAL
 * does not know (a shapefile without .prj) needs one chosen, when its geometry is used.
 */
export async function checkSourceSrid(db: Db, job: ImportJob, body: ImportExecuteBody) {
  const spatial = body.spatializeType !== 'none' && body.spatializeMode !== 'none'
  const chosen = body.sourceSrid ?? null
  if (chosen !== null) {
    const known = IMPORT_CRS.some((c) => c.srid === chosen) || chosen === job.metadata.srid
    const { rows } = await db.query('SELECT 1 FROM spatial_ref_sys WHERE srid = $1', [chosen])
    if (!known || !rows.length) {
      throw new HttpError(400, t('features.validationErrors'), [
        { field: 'sourceSrid', message: t('dataloader.unknownCrs', { srid: chosen }) },
      ])
    }
  } else if (spatial && job.metadata.srid === null) {
    throw new HttpError(400, t('features.validationErrors'), [
      { field: 'sourceSrid', message: t('dataloader.needCrs') },
    ])
  }
}

const FIELD_TYPE_OF: Record<ColumnType, FieldDefinition['type']> = {
  STRING: 'string',
  NUMBER: 'double',
  BOOLEAN: 'boolean',
  DATE: 'date',
  DATETIME: 'datetime',
  GEOMETRY_WKT: 'string',
}

/** The table geometry of a layer geometry named by the client (TABULAR or unknown: Tabular). */
const tableGeometryOf: Partial<Record<string, TableGeometry>> = TABLE_GEOMETRY_OF

/**
 * NOVO LAYER (destinyType 1, administrators: it creates a table as the control panel does):
 * a table named layerName with one field per mapped column (typed by the column), the
 * geometry type chosen in the vector settings (none: tabular), registered as a layer titled
 * layerTitle. The file's columns are checked first, so a bad mapping creates nothing.
 */
export async function createDestination(
  db: Db,
  user: User,
  job: ImportJob,
  body: ImportExecuteBody,
) {
  if (!user.admin) throw new HttpError(403, t('dataloader.newLayerAdminOnly'))
  const mapped = body.mappings.filter((m) => m.destiny && m.destiny !== 'id')
  const errors: FieldError[] = []
  mapped.forEach((m, i) => {
    if (!(m.source in job.metadata.columnIndexes)) {
      errors.push({
        field: `mappings.${i}`,
        message: t('dataloader.unknownSource', { name: m.source }),
      })
    }
  })
  if (!mapped.length) errors.push({ field: 'mappings', message: t('dataloader.nothingMapped') })
  if (errors.length) throw new HttpError(400, t('features.validationErrors'), errors)
  const geometry =
    body.spatializeType === 'none' || body.spatializeMode === 'none'
      ? 'Tabular'
      : (tableGeometryOf[body.spatializeGeometry ?? ''] ?? 'Tabular')
  await createTable(db, {
    name: body.layerName,
    geometry,
    fields: mapped.map((m) => ({
      name: m.destiny!,
      type: FIELD_TYPE_OF[job.metadata.columnTypes[m.source] ?? 'STRING'] ?? 'string',
      notNull: false,
    })),
  })
  await registerLayer(
    db,
    layerRegisterSchema.parse({ table: body.layerName, title: body.layerTitle || body.layerName }),
  )
}
